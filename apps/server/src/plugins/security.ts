import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { notices } from "@admissions/shared";
import { ForbiddenError } from "../errors.js";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface SecurityOptions {
  publicUrl: string;
  /** Origins the browser may post forms to besides our own: the card gateway. */
  formTargets: string[];
  /** Paths that accept cross-site posts because their trust comes from elsewhere (the gateway's cipher). */
  crossSiteAllowed: string[];
}

/**
 * Whether an Origin header names the host the request was sent to. Browsers leave a default port
 * out of Origin, but a proxy may write it into Host (`example.edu:443`), so both are read as URLs.
 */
function isSameHost(origin: string, requestHost: string): boolean {
  if (origin === "null" || !URL.canParse(origin)) return false;
  const from = new URL(origin);
  const target = `${from.protocol}//${requestHost}`;
  return URL.canParse(target) && new URL(target).host === from.host;
}

/**
 * Security headers, and the CSRF defence for the cookie session: a state-changing request that a
 * browser says comes from another site is refused. SameSite=Lax already keeps the cookie off
 * cross-site posts; this also covers same-site subdomains and older browsers.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  // Our patch of @fastify/helmet builds this middleware once; the plugin built it, and parsed the
  // policy, again for every request (docs/PERFORMANCE.md, forty-third round).
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design writes its styles at run time into <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...options.formTargets],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: options.publicUrl.startsWith("https:") ? [] : null,
      },
    },
    // The gateway's return is a top-level cross-site POST; its answer must still be able to redirect.
    crossOriginOpenerPolicy: { policy: "same-origin" },
    // With helmet's default no-referrer, browsers send "Origin: null" on form posts, even to our own
    // pages (the gateway form, the sandbox), and the origin check below could not tell them apart.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: options.publicUrl.startsWith("https:"),
  });

  const ownOrigin = new URL(options.publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (options.crossSiteAllowed.some((path) => request.url.startsWith(path))) return;
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite === "cross-site" || fetchSite === "same-site") throw new ForbiddenError(notices.foreignOrigin);
    const origin = request.headers.origin;
    if (origin === undefined) return; // not a browser, or a same-origin request from an old one
    if (!isSameHost(origin, request.host) && origin !== ownOrigin) throw new ForbiddenError(notices.foreignOrigin);
  });
});
