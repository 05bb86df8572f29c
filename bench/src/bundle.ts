import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext } from "playwright-core";
import { measurement, notMeasured, show, type Measurement } from "./report.js";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface Screen {
  id: string;
  path: string;
  targetKiB: number;
  /** Who is signed in when the screen loads, or nobody. */
  account?: { userName: string; password: string };
}

/**
 * The JavaScript and CSS a screen's first visit downloads, each file gzipped at Node's default level:
 * the budgets' yardstick, whichever compression the server sends (brotli, to Chromium).
 */
async function firstLoadBytes(context: BrowserContext, baseUrl: string, screen: Screen): Promise<{ bytes: number; files: number }> {
  if (screen.account) {
    const answer = await context.request.post(`${baseUrl}/booking/api/auth/signin`, { data: { username: screen.account.userName, password: screen.account.password } });
    if (!answer.ok()) throw new Error(`sign-in for ${screen.path} failed: ${answer.status()}`);
  }
  const page = await context.newPage();
  const pending: Promise<number>[] = [];
  page.on("request", (request) => {
    const type = request.resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    const size = request.response().then(async (response) => {
      if (!response) throw new Error(`${request.url()} was not answered`);
      return gzipSync(await response.body()).length;
    });
    // Awaited below with the others; a failure must not end the run before then as unhandled.
    size.catch(() => undefined);
    pending.push(size);
  });
  await page.goto(baseUrl + screen.path);
  // Drawn: its heading is on the screen and no loader is. The heading alone is not enough, since
  // /admission draws its title while its chunks are on their way (PERFORMANCE.md, eighteenth
  // round); nor is a quiet network, which can come while a big first script is still running.
  await page.waitForFunction(() => document.querySelector("h1") && !document.querySelector(".full-page-loader"), undefined, { timeout: 60_000 });
  // Then half a second without a new file asked for: what the drawn screen goes on to ask for counts
  // too, and each file asked for is waited for until it has come.
  for (let files = -1; files !== pending.length; ) {
    files = pending.length;
    await page.waitForTimeout(500);
  }
  const sizes = await Promise.all(pending);
  await page.close();
  return { bytes: sizes.reduce((sum, size) => sum + size, 0), files: sizes.length };
}

export async function bundlePhase(baseUrl: string, accounts: { applicant: Screen["account"]; staff: Screen["account"] }): Promise<Measurement[]> {
  const screens: Screen[] = [
    { id: "first-load-signin", path: "/signin", targetKiB: 230 },
    { id: "first-load-admission", path: "/admission", targetKiB: 300, account: accounts.applicant },
    { id: "first-load-admin", path: "/admin", targetKiB: 400, account: accounts.staff },
  ];
  const what = (screen: Screen) => `first load of ${screen.path}, JS + CSS gzipped`;
  if (!existsSync(chromiumPath)) {
    return screens.map((screen) => notMeasured(screen.id, `${what(screen)} (no Chromium at ${chromiumPath})`, `<= ${screen.targetKiB} KiB`));
  }
  // Playwright starts the browser on a fresh temporary profile of its own.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  try {
    const results: Measurement[] = [];
    for (const screen of screens) {
      // A fresh context per screen: nothing cached from the screen before.
      const context = await browser.newContext();
      const { bytes, files } = await firstLoadBytes(context, baseUrl, screen);
      await context.close();
      results.push(
        measurement(
          { id: screen.id, what: what(screen), target: `<= ${screen.targetKiB} KiB`, measured: `${show.kib(bytes)} in ${files} files`, values: { bytes, files } },
          bytes <= screen.targetKiB * 1024,
        ),
      );
    }
    return results;
  } finally {
    await browser.close();
  }
}
