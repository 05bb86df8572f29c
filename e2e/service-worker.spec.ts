import { expect, test, type Page } from "@playwright/test";
import { newApplicantEmail, signInThroughForm, signUpApplicant } from "./support/accounts";
import { ADMIN } from "./support/environment";

const offlineMessage = "No internet connection found. App is running in offline mode.";

const signInTitle = (page: Page) => page.getByRole("heading", { level: 1, name: "Sign In" });

/** Waits until the page's worker is registered and active (it takes over from the next visit on). */
async function workerActive(page: Page) {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
}

/** Opens the sign-in screen and waits for its worker; then counts the page's loads, the first included. */
async function visitWithWorker(page: Page): Promise<() => number> {
  let loads = 0;
  page.on("load", () => loads++);
  await page.goto("/signin");
  await workerActive(page);
  return () => loads;
}

/** The paths the worker has kept, cache by cache. */
function keptPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      kept[name] = requests.map((request) => new URL(request.url).pathname);
    }
    return kept;
  });
}

/** The app's files this page has loaded that the worker has not kept. */
async function notKept(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((file) => new URL(file.name).pathname)
      .filter((path) => path.startsWith("/assets/")),
  );
  const kept = new Set((await keptPaths(page)).assets);
  return loaded.filter((path) => !kept.has(path));
}

test("from the second visit the app starts without a network, from the files the worker kept, none of them the API's", async ({ page, context }) => {
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  await page.goto("/signin");
  await expect(signInTitle(page)).toBeVisible();
  await workerActive(page);
  // The first visit is left to itself.
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

  await page.reload();
  await expect(signInTitle(page)).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => notKept(page)).toEqual([]);
  expect((await keptPaths(page)).page).toEqual(["/"]);

  // Through the worker, a staff screen's chunks are kept as they come; its API answers are not.
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("navigation", { name: "Staff navigation" })).toBeVisible();
  await expect.poll(() => notKept(page)).toEqual([]);
  expect(Object.values(await keptPaths(page)).flat().filter((path) => path.startsWith("/booking/"))).toEqual([]);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(messages).not.toContain(offlineMessage);

  // The network goes after a file was opened in the tab: the file was not kept as the page.
  await page.goto("/favicon.svg");
  await context.setOffline(true);
  await page.goto("/signin");
  await expect(signInTitle(page)).toBeVisible();
  await expect.poll(() => messages).toContain(offlineMessage);
});

const goneAnswers = [
  { what: "a 404", answer: { status: 404, contentType: "application/json", body: "{}" } },
  { what: "the app's page, as a host answering every address with it", answer: { status: 200, contentType: "text/html", body: "<!doctype html><title>College Admissions</title>" } },
];

for (const { what, answer } of goneAnswers) {
  test(`a worker whose file is answered with ${what} unregisters, and the page loads again without it`, async ({ page, context }) => {
    const loads = await visitWithWorker(page);
    await context.route("**/service-worker.js", (route) => route.fulfill(answer));
    await page.reload();
    // The reload, then the page's own once the worker is gone.
    await expect.poll(loads).toBe(3);
    await expect(signInTitle(page)).toBeVisible();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    // And it stays loaded: with no worker left there is nothing to unregister and no reason to reload.
    await page.waitForTimeout(1_000);
    expect(loads()).toBe(3);
  });
}

test("a server in trouble (a 503 for the worker's file) leaves the worker as it is", async ({ page, context }) => {
  const loads = await visitWithWorker(page);
  let asked = false;
  await context.route("**/service-worker.js", (route) => {
    asked = true;
    return route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" });
  });
  await page.reload();
  await expect(signInTitle(page)).toBeVisible();
  await expect.poll(() => asked).toBe(true);
  await page.waitForTimeout(1_000);
  expect(loads()).toBe(2);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined)).toBe(true);
});

test("a first visit asks for the worker's file five seconds after its load, after the screen's own reads", async ({ page, request }) => {
  const email = newApplicantEmail();
  await signUpApplicant(request, email, "Applicant-pass-1");
  // Signed in through the API, so that no earlier screen of this browser has registered a worker.
  expect((await page.request.post("/booking/api/auth/signin", { data: { username: email, password: "Applicant-pass-1" } })).ok()).toBe(true);

  await page.goto("/admission");
  await expect(page.getByRole("button", { name: "Next" })).toBeVisible();
  const startOf = (path: string) =>
    page.evaluate((wanted) => performance.getEntriesByType("resource").find((entry) => new URL(entry.name).pathname === wanted)?.startTime, path);
  // A resource's entry is written once its answer has come whole.
  await expect.poll(() => startOf("/service-worker.js"), { timeout: 20_000 }).toBeDefined();
  const load = await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd);
  const worker = (await startOf("/service-worker.js"))!;
  expect(worker - load).toBeGreaterThanOrEqual(5_000);
  expect(await startOf("/booking/admission")).toBeLessThan(worker);
});
