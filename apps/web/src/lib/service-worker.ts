/** The worker's file, at the root of the built app (build/service-worker.ts writes it there). */
export const serviceWorkerFile = "service-worker.js";

/**
 * How long after the page's load a first visit waits before it asks for the worker's file. The load
 * comes before a screen's own code and data (its route is loaded on demand), which on a phone's slow
 * network take a few seconds more; the worker is for the next visit, so its file is not fetched
 * beside them (PERFORMANCE.md, fifty-second and fifty-seventh rounds).
 */
const FIRST_VISIT_DELAY_MS = 5_000;

/**
 * Registers the service worker (SPEC.md: "registered for caching; it unregisters and reloads if its
 * file is missing, and logs a message only when offline") once the page has loaded and the browser
 * is idle: installing it beside the first screen's work added 100 to 300 ms of blocking time to a
 * throttled phone's first visit (PERFORMANCE.md, fifty-second round). A first visit (no worker serves
 * the page yet) waits five seconds more; a visit a worker serves asks at once, so that a release
 * without the worker reloads the page before the applicant has started typing in it. Safari has no
 * requestIdleCallback; a second's wait stands in.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const whenIdle = (task: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(task) : setTimeout(task, 1_000));
  const delay = navigator.serviceWorker.controller ? 0 : FIRST_VISIT_DELAY_MS;
  window.addEventListener("load", () => setTimeout(() => whenIdle(() => void keepWorker(`/${serviceWorkerFile}`)), delay));
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
  await navigator.serviceWorker.register(workerUrl).catch(() => undefined);
}
