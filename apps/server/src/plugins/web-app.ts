import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** A file's name straight under the root, query aside: `/favicon.ico`, not `/admin/priya@example.in`. */
const rootFileName = /^\/[^/?]*\.[^/?]*(\?|$)/;

/** The names of this machine's loopback address, which a browser treats as sites apart from localhost. */
const loopbackNames = new Set(["127.0.0.1", "[::1]", "::1"]);

/**
 * Where a screen asked for at 127.0.0.1 or [::1] is sent instead, when PUBLIC_URL names localhost
 * on the same port (the default). The session cookie, the CSRF check and the gateway's links all
 * belong to PUBLIC_URL's origin: from the other, the browser would block the payment form's post
 * (form-action 'self') without a word. A deployment's own PUBLIC_URL names no localhost, so a proxy
 * that writes its own Host is never sent round in circles.
 */
function localhostAddressOf(publicUrl: string): (request: FastifyRequest) => string | undefined {
  const own = new URL(publicUrl);
  if (own.hostname !== "localhost") return () => undefined;
  const ownPort = Number(own.port || (own.protocol === "https:" ? 443 : 80));
  return (request) => (loopbackNames.has(request.hostname) && request.port === ownPort ? `${own.origin}${request.url}` : undefined);
}

/** apps/server/{src,dist}/plugins and apps/web/dist are three levels apart either way. */
export const webDistFolder = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/**
 * Serves the built web app from the API's port: hashed assets cached for a year, index.html never
 * cached so a new release is picked up at once, and every unknown non-API path answered with the app.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root: string; publicUrl: string }) => {
  if (!existsSync(options.root)) {
    app.log.warn({ root: options.root }, "web app not built; run `npm run build` to serve it from this port");
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    // The build writes each text file also as .br and .gz (apps/web/vite.config.ts), so nothing is
    // compressed while serving and `npm start` with no proxy in front still sends compressed files;
    // those forms are sent in place of the file, never at addresses of their own.
    preCompressed: true,
    globIgnore: ["**/*.br", "**/*.gz"],
    setHeaders(response, filePath) {
      const immutable = filePath.includes("/assets/");
      response.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  const localhostAddress = localhostAddressOf(options.publicUrl);
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    // Client-side routes (/signin, /admin/...) all load the app; it routes in the browser.
    // API calls, assets of another release and files a browser asks for at the root on its own
    // (/favicon.ico, /apple-touch-icon.png: no screen's name has a dot) are real 404s, not the app with a 200.
    if (request.url.startsWith("/booking/") || request.url.startsWith("/assets/") || rootFileName.test(request.url)) return reply.callNotFound();
    const moved = localhostAddress(request);
    // Temporary: a browser keeps no record of it, should PUBLIC_URL change.
    if (moved) return reply.redirect(moved, 307);
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
});
