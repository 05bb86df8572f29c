/** The worker's file, at the root of the built app (build/service-worker.ts writes it there). */
export const serviceWorkerFile = "service-worker.js";

/**
 * Registers the service worker once the page has loaded (SPEC.md: "registered for caching; it
 * unregisters and reloads if its file is missing, and logs a message only when offline").
 */
export function registerServiceWorker(): void {
  if ("serviceWorker" in navigator) window.addEventListener("load", () => void keepWorker(`/${serviceWorkerFile}`));
}

async function keepWorker(workerUrl: string): Promise<void> {
  let answer: Response;
  try {
    // Never from the browser's cache: the server sends the file as no-cache.
    answer = await fetch(workerUrl);
  } catch {
    // eslint-disable-next-line no-console -- SPEC.md's one message of the worker, for whoever opens the console
    console.info("No internet connection found. App is running in offline mode.");
    return;
  }
  // Gone (a 404), or answered with something else (a host that answers every address with the
  // app's page): a release without the worker would leave an old one serving its caches for ever,
  // so that one goes and the page loads again without it (only then, or it would reload for ever).
  const missing = answer.status === 404 || answer.status === 410;
  const notAScript = answer.ok && !answer.headers.get("content-type")?.includes("javascript");
  if (missing || notAScript) {
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration && (await registration.unregister())) location.reload();
    return;
  }
  // A server in trouble (a 5xx) says nothing about the file: the worker stays as it is.
  if (!answer.ok) return;
  // Without a worker (a browser that refuses one) the app works as before, from the network.
  const registration = await navigator.serviceWorker.register(workerUrl).catch(() => undefined);
  if (!registration || navigator.serviceWorker.controller) return;
  // A first visit loaded its files before there was a worker: the worker keeps them too, from the
  // browser's cache rather than the network, so with the page it fetches as it installs the app
  // starts offline after one visit.
  const urlsToCache = performance
    .getEntriesByType("resource")
    .map((file) => file.name)
    .filter((url) => new URL(url).pathname.startsWith("/assets/"));
  (registration.installing ?? registration.waiting ?? registration.active)?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache } });
}
