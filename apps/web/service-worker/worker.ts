/**
 * The app's service worker (SPEC.md: "registered for caching"). It keeps what the app's pages ask
 * for as they ask for it, so that the app starts where there is no network, and fetches nothing on
 * its own: a precache would download every screen's chunk on the first visit, which a phone on a slow
 * network pays for and the first-load budgets count (docs/ARCHITECTURE.md, "The service worker").
 * The API is never cached: what one person's calls answered stays off a shared computer's disk.
 */
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { ExpirationPlugin } from "workbox-expiration";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";

declare const self: ServiceWorkerGlobalScope;

// A new release's worker takes over the tabs of the old one at once: its caches are keyed by
// content (hashed names) and by the one page, so what a tab has fetched is still there under the
// same names. The visit that registers a worker is left to itself (no clients.claim()): handing
// that visit's files over as it ran cost a throttled phone 100 to 300 ms of blocking time
// (PERFORMANCE.md, fifty-second round), so the app starts offline from the second visit on.
void self.skipWaiting();

/** A failed or refused answer is never kept: the next visit asks again. */
const onlyWhole = new CacheableResponsePlugin({ statuses: [200] });

// A hashed file never changes under its name, so once fetched it is served from the cache. Each
// release brings new names; the least recently used are let go (a release is some 110 files).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: "assets", plugins: [onlyWhole, new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })] }),
);

/**
 * Only the app's page is kept as the page: a file opened in a tab (`/favicon.svg`) would otherwise
 * be what starts offline. A server's error page passes through uncached (a proxy's maintenance
 * page stays what people see while the server is away).
 */
const onlyTheApp = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && response.headers.get("content-type")?.startsWith("text/html") ? response : null,
};

// Every screen's address answers the same page (the app routes in the browser). It comes from the
// network, so a release is picked up at once; the last one fetched is kept under one key for when
// there is no network. The API's addresses and the sandbox gateway's pages are left alone.
registerRoute(
  new NavigationRoute(new NetworkFirst({ cacheName: "page", plugins: [onlyTheApp, { cacheKeyWillBeUsed: async () => "/" }] }), {
    denylist: [/^\/booking\//, /^\/sandbox-gateway\//],
  }),
);
