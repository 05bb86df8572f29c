import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { catalogueParts } from "./build/catalogue-parts.ts";
import { prebuiltAntdStyles } from "./build/prebuilt-antd-styles.tsx";
import { admissionScreenChunks } from "./build/screen-chunks.ts";
import { serviceWorker } from "./build/service-worker.ts";

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  // Each text file also as .br and .gz, at the algorithms' best, which the server sends to a browser
  // that takes them (apps/server/src/plugins/web-app.ts): no compression at run time, and brotli's
  // file is about 15 % smaller than gzip's (PERFORMANCE.md, fifty-seventh round). Silent, or every
  // start would list some 230 files; a file it fails to compress is served as it is, and the
  // benchmark's Lighthouse rows say what a visit transferred.
  plugins: [
    react(),
    prebuiltAntdStyles(),
    catalogueParts(),
    serviceWorker(),
    compression({ algorithms: ["brotliCompress", "gzip"], logLevel: "silent" }),
  ],
  resolve: {
    alias: {
      "@admissions/shared": fileURLToPath(new URL("../../packages/shared/src/index.ts", import.meta.url)),
    },
  },
  server: {
    host: "127.0.0.1",
    port: 5173,
    // The API keeps its own paths; the dev server forwards them so cookies stay first-party.
    proxy: { "/booking": { target: apiTarget, changeOrigin: false } },
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    // What every visitor loads first (React, Ant Design's core, i18n, the router, the public screens)
    // as one file rather than some twenty: fewer requests on a slow phone network, and one gzip
    // stream compresses better (/signin 237 to 225 KiB, Lighthouse's first paint 3.4 to 2.5 s).
    // The screens loaded on demand keep their own chunks, the admission screen's cut into three
    // (build/screen-chunks.ts) rather than some twenty.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "first", tags: ["$initial"] }, { name: admissionScreenChunks, includeDependenciesRecursively: false }] } } },
  },
});
