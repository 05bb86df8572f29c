import helmet from "@fastify/helmet";
import { notices } from "@admissions/shared";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema/index.js";
import { buildTestApp, type TestApp } from "../test/build-app.js";
import { DEFAULT_PASSWORD, createUser } from "../test/factories.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

/** A sign-in that would succeed, so only the defence under test can stop it. */
async function signinFrom(headers: Record<string, string>) {
  const user = await createUser(test.db);
  const response = await test.app.inject({
    method: "POST",
    url: "/booking/api/auth/signin",
    payload: { username: user.userName, password: DEFAULT_PASSWORD },
    headers,
  });
  const opened = await test.db.select().from(sessions).where(eq(sessions.userId, user.id));
  return { response, opened };
}

function directives(csp: unknown): Map<string, string> {
  return new Map(
    String(csp)
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(" ")];
      }),
  );
}

describe("security headers", () => {
  it("sends a content security policy that keeps forms home and forbids framing", async () => {
    const response = await test.app.inject({ url: "/booking/health" });
    const csp = directives(response.headers["content-security-policy"]);
    expect(csp.get("form-action")).toBe("'self'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("default-src")).toBe("'self'");
    expect(csp.get("script-src")).toBe("'self'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sets the headers on error answers too", async () => {
    const response = await test.app.inject({ url: "/booking/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(directives(response.headers["content-security-policy"]).get("frame-ancestors")).toBe("'none'");
  });

  it("builds helmet's middleware once, as the app starts (our patch of @fastify/helmet)", async () => {
    // Unpatched, the plugin built it for each request, so a policy it cannot parse failed only then.
    const app = Fastify();
    app.get("/", async () => "ok");
    await expect(app.register(helmet, { contentSecurityPolicy: { directives: { defaultSrc: ["'self';"] } } }).ready()).rejects.toThrow(
      /Content-Security-Policy received an invalid directive value/,
    );
    await app.close();
  });

  describe("with the card gateway and https configured", () => {
    let gateway: TestApp;
    beforeAll(async () => {
      gateway = await buildTestApp({
        env: {
          PUBLIC_URL: "https://admissions.example.edu",
          CCAVENUE_MERCHANT_ID: "123456",
          CCAVENUE_ACCESS_CODE: "AVAB00AA00AA00AAAA",
          CCAVENUE_WORKING_KEY: "0123456789ABCDEF0123456789ABCDEF",
          CCAVENUE_TRANSACTION_URL: "https://secure.ccavenue.com/transaction/transaction.do?command=initiateTransaction",
        },
      });
    });
    afterAll(async () => {
      await gateway.close();
    });

    it("lets forms post to the gateway's origin and nowhere else", async () => {
      const response = await gateway.app.inject({ url: "/booking/health" });
      const csp = directives(response.headers["content-security-policy"]);
      expect(csp.get("form-action")).toBe("'self' https://secure.ccavenue.com");
    });

    it("upgrades insecure requests and sends HSTS", async () => {
      const response = await gateway.app.inject({ url: "/booking/health" });
      expect(directives(response.headers["content-security-policy"]).has("upgrade-insecure-requests")).toBe(true);
      expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    });

    it("takes a post whose Origin is the https public address", async () => {
      const response = await gateway.app.inject({
        method: "POST",
        url: "/booking/api/auth/logout",
        headers: { origin: "https://admissions.example.edu" },
      });
      expect(response.statusCode).toBe(200);
    });
  });
});

describe("cross-site request defence", () => {
  it("refuses a sign-in posted from another site and opens no session", async () => {
    const { response, opened } = await signinFrom({ origin: "http://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: "error", message: notices.foreignOrigin, data: null });
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(opened).toHaveLength(0);
  });

  it.each(["cross-site", "same-site"])("refuses a post the browser marks sec-fetch-site: %s", async (site) => {
    const { response, opened } = await signinFrom({ "sec-fetch-site": site });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(notices.foreignOrigin);
    expect(opened).toHaveLength(0);
  });

  it("refuses the opaque Origin null of sandboxed frames and file pages", async () => {
    const { response } = await signinFrom({ origin: "null" });
    expect(response.statusCode).toBe(403);
  });

  it("refuses a look-alike of our own host", async () => {
    const { response } = await signinFrom({ origin: "http://localhost.evil.example", host: "localhost:80" });
    expect(response.statusCode).toBe(403);
  });

  it("refuses our host name on another port", async () => {
    const { response } = await signinFrom({ origin: "http://localhost:8080", host: "localhost:80" });
    expect(response.statusCode).toBe(403);
  });

  it("refuses PUT as well as POST", async () => {
    const response = await test.app.inject({
      method: "PUT",
      url: "/booking/api/auth/changepwd",
      payload: { codes: "123456", email: "a@b.in", newPassword: "Brand-new-pass-9" },
      headers: { origin: "http://evil.example" },
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ["the request's own host", { origin: "http://localhost:80", host: "localhost:80" }],
    ["the request's own host without a port", { origin: "http://localhost", host: "localhost" }],
    ["the https host a proxy wrote with its port", { origin: "https://college.example.edu", host: "college.example.edu:443" }],
    ["the public address", { origin: "http://localhost:3000" }],
    ["same-origin fetch metadata", { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }],
    ["a typed-in address (sec-fetch-site: none)", { "sec-fetch-site": "none" }],
    ["no Origin at all (a non-browser client)", {}],
  ])("signs in a post from %s", async (_label, headers: Record<string, string>) => {
    const { response, opened } = await signinFrom(headers);
    expect(response.statusCode).toBe(200);
    expect(opened).toHaveLength(1);
  });

  it("never refuses a GET, wherever it comes from", async () => {
    const headers = { origin: "http://evil.example", "sec-fetch-site": "cross-site" };
    const health = await test.app.inject({ url: "/booking/health", headers });
    expect(health.statusCode).toBe(200);
    const me = await test.app.inject({ url: "/booking/api/auth/me", headers });
    expect(me.statusCode).toBe(401);
  });
});

describe("request bodies", () => {
  it("answers 413 with the envelope for a JSON body over 256 KiB", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/booking/api/auth/signin",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "a@b.in", password: "x".repeat(256 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: "error", message: notices.bodyTooLarge, data: null });
  });

  it("takes a JSON body just under the limit as far as validation", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/booking/api/auth/signin",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "a@b.in", password: "x".repeat(255 * 1024) }),
    });
    expect(response.statusCode).toBe(400);
  });

  it("answers 400 with the envelope for malformed JSON", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/booking/api/auth/signin",
      headers: { "content-type": "application/json" },
      payload: '{"username": "a@b.in", "password": ',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: "error", data: null });
    expect(body.message).toEqual(expect.any(String));
    expect(body.message).not.toMatch(/at .+\.js/);
  });
});

describe("answers outside the routes", () => {
  it("answers an unknown /booking/ path with the 404 envelope", async () => {
    for (const url of ["/booking/nothing-here", "/booking/api/auth/nothing"]) {
      const response = await test.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: "error", message: "Not found", data: null });
    }
  });

  it("reports the app and its database up at /booking/health", async () => {
    const response = await test.app.inject({ url: "/booking/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "success", data: { database: "up" } });
  });

  it("publishes the OpenAPI document listing the auth calls", async () => {
    const response = await test.app.inject({ url: "/booking/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/booking/api/auth/signin", "/booking/api/auth/signup", "/booking/api/auth/changepwd", "/booking/health"]),
    );
    expect(document.paths["/booking/api/auth/signin"].post).toBeDefined();
  });
});

describe("form posts to our own pages", () => {
  it("keep the Origin header: the referrer policy sends the origin, so same-origin form posts are not refused", async () => {
    const test = await buildTestApp();
    try {
      const page = await test.app.inject({ url: "/booking/health" });
      expect(page.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      const formPost = await test.app.inject({
        method: "POST",
        url: "/sandbox-gateway/transaction",
        headers: { origin: "http://localhost:3000", host: "localhost:3000", "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
        payload: "encRequest=00&access_code=x",
      });
      expect(formPost.statusCode).not.toBe(403);
    } finally {
      await test.close();
    }
  });
});
