import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-app.js";

let test: TestApp;
let webRoot: string;
const appScript = `console.log(${JSON.stringify("the app ".repeat(200))})`;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), "web-dist-"));
  mkdirSync(path.join(webRoot, "assets"));
  writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>College Admissions</title><div id=root></div>");
  writeFileSync(path.join(webRoot, "assets", "index-3f9a1c.js"), "console.log('app')");
  // As the build writes them (vite.config.ts): a text file beside its brotli and gzip forms.
  writeFileSync(path.join(webRoot, "assets", "index-7b2e4d.js"), appScript);
  writeFileSync(path.join(webRoot, "assets", "index-7b2e4d.js.br"), brotliCompressSync(appScript));
  writeFileSync(path.join(webRoot, "assets", "index-7b2e4d.js.gz"), gzipSync(appScript));
  writeFileSync(path.join(webRoot, "index.html.br"), brotliCompressSync(readFileSync(path.join(webRoot, "index.html"))));
  writeFileSync(path.join(webRoot, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(path.join(webRoot, "service-worker.js"), "self.addEventListener('fetch', () => {})");
  test = await buildTestApp({ webRoot });
});
afterAll(async () => {
  await test.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe("serving the built web app", () => {
  it("caches hashed assets for a year", async () => {
    const response = await test.app.inject({ url: "/assets/index-3f9a1c.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body).toContain("console.log");
  });

  it("sends a file in the compressed form the browser takes, brotli before gzip, as its own type and caching", async () => {
    const asBrotli = await test.app.inject({ url: "/assets/index-7b2e4d.js", headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(asBrotli.statusCode).toBe(200);
    expect(asBrotli.headers["content-encoding"]).toBe("br");
    expect(asBrotli.headers["content-type"]).toMatch(/javascript/);
    expect(asBrotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // A cache between the two keeps each form for the browsers that asked for it.
    expect(asBrotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(asBrotli.rawPayload).toString()).toBe(appScript);

    const asGzip = await test.app.inject({ url: "/assets/index-7b2e4d.js", headers: { "accept-encoding": "gzip" } });
    expect(asGzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(asGzip.rawPayload).toString()).toBe(appScript);

    const plain = await test.app.inject({ url: "/assets/index-7b2e4d.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(appScript);
  });

  it("sends a file the build left uncompressed as it is to a browser that takes brotli, and no compressed form at an address of its own", async () => {
    const worker = await test.app.inject({ url: "/service-worker.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-encoding"]).toBeUndefined();
    expect(worker.body).toContain("addEventListener");
    expect((await test.app.inject({ url: "/assets/index-7b2e4d.js.br" })).statusCode).toBe(404);
  });

  it("sends the app's page compressed too, still never cached", async () => {
    const response = await test.app.inject({ url: "/admission", headers: { "accept-encoding": "br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain("<title>College Admissions</title>");
  });

  it.each(["/", "/signin", "/signin?next=a.b", "/admin/priya@example.in", "/resetpassword/a%40b.in"])("answers the client-side route %s with index.html, never cached", async (url) => {
    const response = await test.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain("<title>College Admissions</title>");
  });

  it.each(["127.0.0.1:3000", "[::1]:3000"])("sends a screen asked for at %s on to PUBLIC_URL's localhost, where the payment form may post", async (host) => {
    const response = await test.app.inject({ url: "/admission?step=2", headers: { host } });
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe("http://localhost:3000/admission?step=2");
  });

  it("serves the loopback address on another port, and the API and assets at it, as they are", async () => {
    expect((await test.app.inject({ url: "/signin", headers: { host: "127.0.0.1:8080" } })).statusCode).toBe(200);
    expect((await test.app.inject({ url: "/assets/index-3f9a1c.js", headers: { host: "127.0.0.1:3000" } })).statusCode).toBe(200);
    expect((await test.app.inject({ url: "/booking/api/auth/me", headers: { host: "127.0.0.1:3000" } })).statusCode).toBe(401);
  });

  it("keeps unknown API paths a JSON 404, not the app", async () => {
    const response = await test.app.inject({ url: "/booking/no-such-call" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: "error", message: "Not found", data: null });
  });

  it.each(["/favicon.ico", "/apple-touch-icon.png", "/robots.txt?x=1"])("answers %s, a file the app does not have, with 404 rather than the app", async (url) => {
    expect((await test.app.inject({ url })).statusCode).toBe(404);
  });

  it("serves the app's own files at the root", async () => {
    const response = await test.app.inject({ url: "/favicon.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<svg");
  });

  it("serves the service worker at the root as a script, never cached, so a release's new worker is found at once", async () => {
    const response = await test.app.inject({ url: "/service-worker.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a missing asset with 404 rather than the app, so a stale page fails visibly", async () => {
    const response = await test.app.inject({ url: "/assets/index-000000.js" });
    expect(response.statusCode).toBe(404);
  });
});
