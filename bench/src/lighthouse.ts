import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath } from "./bundle.js";
import { startGzipProxy } from "./gzip-proxy.js";
import { measurement, notMeasured, show, type Measurement } from "./report.js";

interface Page {
  id: string;
  path: string;
  /** The session cookie of whoever is signed in, or nobody. */
  cookie?: string;
}

const targetScore = 90;

/** The figures of a Lighthouse run worth keeping, by the unit their names end in (layout shift has none). */
const keptAudits = {
  firstContentfulPaintMs: "first-contentful-paint",
  largestContentfulPaintMs: "largest-contentful-paint",
  totalBlockingTimeMs: "total-blocking-time",
  speedIndexMs: "speed-index",
  cumulativeLayoutShift: "cumulative-layout-shift",
  transferBytes: "total-byte-weight",
} as const;

/** Lighthouse runs per page before a failed trace counts as the page's failure. */
const attemptsPerPage = 3;

/** Where each page's report is kept, and whether its trace with the JavaScript's CPU samples is kept too. */
export interface KeptReports {
  dir: string;
  traces: boolean;
}

const seconds = (milliseconds: number | undefined) => (milliseconds === undefined ? "-" : show.seconds(milliseconds));

/**
 * Lighthouse's performance score of one page with its default settings: the mobile profile, with
 * slow 4G and a slowed CPU simulated from one unthrottled load. It clears the origin's cache and
 * storage first, so this is a first visit; the cookie goes with every request, as the browser
 * of a signed-in visitor would send it.
 */
async function auditPage(port: number, baseUrl: string, page: Page, kept: KeptReports | undefined): Promise<Measurement> {
  const result = await lighthouse(baseUrl + page.path, {
    port,
    logLevel: "error",
    onlyCategories: ["performance"],
    // V8's sampler names the functions in each long task, which the trace alone does not.
    ...(kept?.traces ? { additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" } : {}),
    ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
  });
  const report = result?.lhr;
  if (!report) throw new Error(`Lighthouse gave no report for ${page.path}`);
  if (report.runtimeError) throw new LighthouseRuntimeError(page.path, report.runtimeError);
  // A page that sent the visitor elsewhere (a lost session to /signin) would be scored as the wrong page.
  if (new URL(report.finalDisplayedUrl).pathname !== page.path) throw new Error(`${page.path} ended on ${report.finalDisplayedUrl}`);
  if (kept) writeFileSync(path.join(kept.dir, `${page.id}.json`), JSON.stringify(report));
  if (kept?.traces) writeFileSync(path.join(kept.dir, `${page.id}.trace.json`), JSON.stringify(result.artifacts.Trace));
  const score = Math.round((report.categories.performance?.score ?? 0) * 100);
  const figures = Object.fromEntries(
    Object.entries(keptAudits).flatMap(([name, audit]) => {
      const value = report.audits[audit]?.numericValue;
      return value === undefined ? [] : [[name, value]];
    }),
  );
  return measurement(
    {
      id: page.id,
      what: `Lighthouse performance of ${page.path}, mobile profile (simulated slow 4G and CPU)`,
      target: `>= ${targetScore}`,
      measured:
        `${score}: FCP ${seconds(figures.firstContentfulPaintMs)}, LCP ${seconds(figures.largestContentfulPaintMs)}, ` +
        `TBT ${show.ms(figures.totalBlockingTimeMs ?? null)}, ${show.kib(figures.transferBytes ?? 0)} transferred`,
      values: { score, ...figures },
    },
    score >= targetScore,
  );
}

/** Lighthouse could not record the page load (NO_NAVSTART, say): its advice is to run it again. */
class LighthouseRuntimeError extends Error {
  constructor(path: string, runtimeError: { code: string; message: string }) {
    super(`Lighthouse could not load ${path}: ${runtimeError.code} ${runtimeError.message}`);
  }
}

/** A page's audit, run again after a failed trace so one bad recording does not cost a whole run. */
async function auditPageWithRetries(port: number, baseUrl: string, page: Page, kept: KeptReports | undefined): Promise<Measurement> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditPage(port, baseUrl, page, kept);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === attemptsPerPage) throw error;
      console.warn(`${error.message}; running it again`);
    }
  }
}

/**
 * Lighthouse on /signin and on /admission as a signed-in applicant, in the system Chromium on a fresh
 * profile, through a gzip proxy as the deployment's would be; each page's whole report (and trace) is
 * kept when asked.
 */
export async function lighthousePhase(baseUrl: string, applicantCookie: string, kept?: KeptReports): Promise<Measurement[]> {
  const pages: Page[] = [
    { id: "lighthouse-signin", path: "/signin" },
    { id: "lighthouse-admission", path: "/admission", cookie: applicantCookie },
  ];
  if (!existsSync(chromiumPath)) {
    return pages.map((page) => notMeasured(page.id, `Lighthouse performance of ${page.path} (no Chromium at ${chromiumPath})`, `>= ${targetScore}`));
  }
  if (kept) mkdirSync(kept.dir, { recursive: true });
  const proxy = await startGzipProxy(baseUrl);
  // chrome-launcher starts it on a temporary profile of its own and removes it on kill.
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    logLevel: "silent",
  });
  try {
    const results: Measurement[] = [];
    for (const page of pages) results.push(await auditPageWithRetries(chrome.port, proxy.url, page, kept));
    return results;
  } finally {
    chrome.kill();
    await proxy.stop();
  }
}
