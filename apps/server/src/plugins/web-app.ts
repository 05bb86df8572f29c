import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** A file's name straight under the root, query aside: `/favicon.ico`, not `/admin/priya@example.in`. */
const rootFileName = /^\/[^/?]*\.[^/?]*(\?|$)/;

/** apps/server/{src,dist}/plugins and apps/web/dist are three levels apart either way. */
export const webDistFolder = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/**
 * Serves the built web app from the API's port: hashed assets cached for a year, index.html never
 * cached so a new release is picked up at once, and every unknown non-API path answered with the app.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  if (!existsSync(options.root)) {
    app.log.warn({ root: options.root }, "web app not built; run `npm run build` to serve it from this port");
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    setHeaders(response, filePath) {
      const immutable = filePath.includes("/assets/");
      response.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    // Client-side routes (/signin, /admin/...) all load the app; it routes in the browser.
    // API calls, assets of another release and files a browser asks for at the root on its own
    // (/favicon.ico, /apple-touch-icon.png: no screen's name has a dot) are real 404s, not the app with a 200.
    if (request.url.startsWith("/booking/") || request.url.startsWith("/assets/") || rootFileName.test(request.url)) return reply.callNotFound();
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
});
