import { fileURLToPath } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { serviceWorkerFile } from "../src/lib/service-worker.ts";

const workerEntry = fileURLToPath(new URL("../service-worker/worker.ts", import.meta.url));

/**
 * Builds the service worker (service-worker/worker.ts) beside the app, as `dist/service-worker.js`:
 * one classic script with Workbox inside it, at the root so that its scope is the whole app, and
 * under a name that does not change, since the browser looks for a new worker at the address it
 * registered. It is a build of its own: in the app's build it would be cut into the shared chunks.
 */
export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "admissions:service-worker",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: "warn",
        publicDir: false,
        // Workbox logs every route it takes unless told it is in production.
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        build: {
          outDir: config.build.outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          lib: { entry: workerEntry, formats: ["iife"], name: "serviceWorker", fileName: () => serviceWorkerFile },
        },
      });
    },
  };
}
