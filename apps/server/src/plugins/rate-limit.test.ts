import { notices } from "@admissions/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, sessions, users } from "../db/schema/index.js";
import { buildTestApp, type TestApp } from "../test/build-app.js";
import { DEFAULT_PASSWORD, createUser, uniqueEmail } from "../test/factories.js";
import { defaultAuthLimits } from "./rate-limit.js";

let test: TestApp;
let tight: TestApp;
/** Behind a reverse proxy on the same machine, as README.md says to run it there. */
let proxied: TestApp;
const tightLimits = {
  ...defaultAuthLimits,
  signin: { perAddress: { max: 3, windowMs: 60_000 }, perAccount: { max: 100, windowMs: 60_000 } },
  signup: { perAddress: { max: 2, windowMs: 60_000 }, perAccount: { max: 100, windowMs: 60_000 } },
};
beforeAll(async () => {
  [test, tight, proxied] = await Promise.all([
    buildTestApp(),
    buildTestApp({ authLimits: tightLimits }),
    buildTestApp({ authLimits: tightLimits, env: { TRUST_PROXY: "loopback" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([test?.close(), tight?.close(), proxied?.close()]);
});

const signin = (app: TestApp, username: string, password: string) =>
  app.app.inject({ method: "POST", url: "/booking/api/auth/signin", payload: { username, password } });
const forgot = (app: TestApp, email: string) =>
  app.app.inject({ url: `/booking/api/auth/forgetpwd?emailid=${encodeURIComponent(email)}` });
const signup = (app: TestApp, emailId: string) =>
  app.app.inject({ method: "POST", url: "/booking/api/auth/signup", payload: { mobile: "9876543210", emailId, password: "Pass-word-1" } });

function expectRateLimited(response: Awaited<ReturnType<typeof signin>>, windowMs: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ status: "error", message: notices.tooManyRequests, data: null });
  const retryAfter = Number(response.headers["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

describe("sign-in limits", () => {
  it("stops the 11th attempt on one account, even with the right password, and leaves other accounts alone", async () => {
    const target = await createUser(test.db);
    const bystander = await createUser(test.db);
    const { max, windowMs } = defaultAuthLimits.signin.perAccount;
    expect(max).toBe(10);

    for (let attempt = 0; attempt < max; attempt += 1) {
      // Changing the case does not make a fresh account: the limiter sees the normalised e-mail.
      const username = attempt % 2 ? target.userName.toUpperCase() : target.userName;
      expect((await signin(test, username, `wrong-guess-${attempt}`)).statusCode).toBe(401);
    }
    const blocked = await signin(test, target.userName, DEFAULT_PASSWORD);
    expectRateLimited(blocked, windowMs);
    expect(blocked.headers["set-cookie"]).toBeUndefined();
    expect(await test.db.select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0);

    const other = await signin(test, bystander.userName, DEFAULT_PASSWORD);
    expect(other.statusCode).toBe(200);
  });

  it("does not count the owner's own sign-ins: only wrong passwords lock an account", async () => {
    const owner = await createUser(test.db);
    const { max } = defaultAuthLimits.signin.perAccount;
    for (let attempt = 0; attempt < max + 5; attempt += 1) {
      expect((await signin(test, owner.userName, DEFAULT_PASSWORD)).statusCode).toBe(200);
    }
    for (let attempt = 0; attempt < max; attempt += 1) {
      expect((await signin(test, owner.userName, `wrong-guess-${attempt}`)).statusCode).toBe(401);
    }
    expect((await signin(test, owner.userName, DEFAULT_PASSWORD)).statusCode).toBe(429);
  });

  it("lets no more than the limit's guesses through when they are sent all at once", async () => {
    const target = await createUser(test.db);
    const { max } = defaultAuthLimits.signin.perAccount;
    const answers = await Promise.all(Array.from({ length: max + 5 }, (_, attempt) => signin(test, target.userName, `wrong-guess-${attempt}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it("stops the attempt past the per-address limit of wrong passwords, whichever accounts they name, even a right one after them", async () => {
    const accounts = await Promise.all([1, 2, 3, 4].map(() => createUser(tight.db)));
    for (const account of accounts.slice(0, 3)) {
      expect((await signin(tight, account.userName, "wrong-guess")).statusCode).toBe(401);
    }
    const fourth = await signin(tight, accounts[3]!.userName, DEFAULT_PASSWORD);
    expectRateLimited(fourth, 60_000);
    expect(await tight.db.select().from(sessions).where(eq(sessions.userId, accounts[3]!.id))).toHaveLength(0);
  });

  it("does not count a lab's right passwords against its one address, and still stops its wrong ones at the limit", async () => {
    const lab = { "x-forwarded-for": "198.51.100.20" };
    const signinFromLab = (username: string, password: string) =>
      proxied.app.inject({ method: "POST", url: "/booking/api/auth/signin", payload: { username, password }, headers: lab });
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(proxied.db)));
    for (const person of people) expect((await signinFromLab(person.userName, DEFAULT_PASSWORD)).statusCode).toBe(200);
    for (const person of people.slice(0, 3)) expect((await signinFromLab(person.userName, "wrong-guess")).statusCode).toBe(401);
    expectRateLimited(await signinFromLab(people[3]!.userName, "wrong-guess"), 60_000);
  });

  it("behind a proxy counts a client by the address the proxy saw, whatever X-Forwarded-For it writes itself", async () => {
    const account = await createUser(proxied.db);
    // The proxy appends the address it saw; what comes before it is the client's own writing.
    const through = (client: string, forged: string) =>
      proxied.app.inject({
        method: "POST",
        url: "/booking/api/auth/signin",
        payload: { username: account.userName, password: "wrong-guess" },
        headers: { "x-forwarded-for": `${forged}, ${client}` },
      });
    for (const forged of ["10.1.1.1", "10.1.1.2", "10.1.1.3"]) expect((await through("203.0.113.7", forged)).statusCode).toBe(401);
    expectRateLimited(await through("203.0.113.7", "10.1.1.4"), 60_000);
    expect((await through("203.0.113.8", "10.1.1.4")).statusCode).toBe(401);
  });
});

describe("forgot-password limits", () => {
  it("mails an account at most 5 codes an hour; the 6th request is refused and mails nothing", async () => {
    const user = await createUser(test.db);
    const { max, windowMs } = defaultAuthLimits.forgotPassword.perAccount;
    expect(max).toBe(5);
    for (let attempt = 0; attempt < max; attempt += 1) {
      expect((await forgot(test, user.userName)).statusCode).toBe(200);
    }
    expectRateLimited(await forgot(test, user.userName.toUpperCase()), windowMs);

    const [mailed] = await test.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, user.userName));
    expect(mailed?.count).toBe(max);
    expect((await forgot(test, uniqueEmail("someone-else"))).statusCode).toBe(200);
  });

  it("counts apart from sign-in, so a locked sign-in can still reset its password", async () => {
    const user = await createUser(test.db);
    for (let attempt = 0; attempt < defaultAuthLimits.signin.perAccount.max; attempt += 1) {
      await signin(test, user.userName, "wrong-guess");
    }
    expect((await signin(test, user.userName, DEFAULT_PASSWORD)).statusCode).toBe(429);
    expect((await forgot(test, user.userName)).statusCode).toBe(200);
  });
});

describe("sign-up limits", () => {
  it("stops registrations past the per-address limit and creates no account", async () => {
    expect((await signup(tight, uniqueEmail("first"))).statusCode).toBe(200);
    expect((await signup(tight, uniqueEmail("second"))).statusCode).toBe(200);
    const third = uniqueEmail("third");
    expectRateLimited(await signup(tight, third), 60_000);
    expect(await tight.db.select().from(users).where(eq(users.userName, third))).toHaveLength(0);
  });
});
