import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { startGzipProxy } from "./gzip-proxy.js";
const proxy = await startGzipProxy("http://127.0.0.1:4400");
const chrome = await launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"], logLevel: "silent" });
const cookie = process.argv[2] === "/admission" ? (await fetch("http://127.0.0.1:4400/booking/api/auth/signin", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "applicant@demo.in", password: "Demo@2026" }) })).headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") : undefined;
const result = await lighthouse(proxy.url + (process.argv[2] ?? "/signin"), { port: chrome.port, logLevel: "error", onlyCategories: ["performance"], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) });
const a = result!.lhr.audits;
console.log("score", result!.lhr.categories.performance.score);
for (const id of ["first-contentful-paint","largest-contentful-paint","total-blocking-time","speed-index","cumulative-layout-shift"]) console.log(id, a[id].displayValue);
for (const id of ["mainthread-work-breakdown", "bootup-time", "long-tasks", "render-blocking-resources", "largest-contentful-paint-element"]) { console.log("==", id, a[id]?.displayValue); console.log(JSON.stringify((a[id]?.details as any)?.items?.slice(0, 12), null, 0)?.slice(0, 2500)); }
chrome.kill(); await proxy.stop();
