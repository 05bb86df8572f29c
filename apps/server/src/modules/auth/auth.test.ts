import { ROLE_ADMIN, ROLE_STUDENT, messages, notices } from "@admissions/shared";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, passwordResetCodes, sessions, users } from "../../db/schema/index.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import {
  DEFAULT_PASSWORD,
  createUser,
  latestMailTo,
  resetCodeIn,
  sessionCookieOf,
  signIn,
  signInAs,
  uniqueEmail,
  whoAmI,
} from "../../test/factories.js";
import { SessionCache } from "./session-cache.js";
import { resolveSession } from "./sessions.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

const signup = (payload: Record<string, unknown>) => test.app.inject({ method: "POST", url: "/booking/api/auth/signup", payload });
const signin = (payload: Record<string, unknown>, cookie?: string) =>
  test.app.inject({ method: "POST", url: "/booking/api/auth/signin", payload, headers: cookie ? { cookie } : {} });
const me = (cookie: string) => whoAmI(test, cookie);
/** The session token a `sid=…` cookie carries, as resolveSession takes it. */
const tokenOf = (cookie: string) => cookie.replace(/^sid=/, "");
const forgot = (email: string) => test.app.inject({ url: `/booking/api/auth/forgetpwd?emailid=${encodeURIComponent(email)}` });
const reset = (payload: Record<string, unknown>, cookie?: string) =>
  test.app.inject({ method: "PUT", url: "/booking/api/auth/changepwd", payload, headers: cookie ? { cookie } : {} });

describe("POST /booking/api/auth/signup", () => {
  it("registers an applicant with a hashed password and answers SPEC.md's text", async () => {
    const email = uniqueEmail("Priya");
    const response = await signup({ mobile: "+91 98765-43210", emailId: email.toUpperCase(), password: "Pass-word-1", userName: email });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", message: "Account created Successfully", data: { userName: email.toLowerCase() } });
    const [row] = await test.db.select().from(users).where(eq(users.userName, email.toLowerCase()));
    expect(row?.role).toBe("ROLE_USER");
    expect(row?.mobile).toBe("9876543210");
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(row?.passwordHash).not.toContain("Pass-word-1");
  });

  it("answers 409 for an e-mail that already has an account, whatever its case", async () => {
    const email = uniqueEmail();
    expect((await signup({ mobile: "9876543210", emailId: email, password: "Pass-word-1" })).statusCode).toBe(200);
    const again = await signup({ mobile: "9876543211", emailId: email.toUpperCase(), password: "Other-pass-2" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: "error", message: notices.emailTaken });
  });

  it.each([
    [{ mobile: "", emailId: "a@b.in", password: "Pass-word-1" }, "mobile", messages.mobileInvalid],
    [{ mobile: "12345", emailId: "a@b.in", password: "Pass-word-1" }, "mobile", messages.mobileInvalid],
    [{ mobile: "9876543210", emailId: "not-an-email", password: "Pass-word-1" }, "emailId", messages.emailInvalid],
    [{ mobile: "9876543210", password: "Pass-word-1" }, "emailId", messages.emailInvalid],
    [{ mobile: "9876543210", emailId: "a@b.in", password: "" }, "password", messages.passwordRequired],
    [{ mobile: "9876543210", emailId: "a@b.in", password: "short" }, "password", messages.passwordTooShort],
  ])("rejects %j with 400 and the field's message", async (payload, field, message) => {
    const before = await test.db.select({ count: sql<number>`count(*)::int` }).from(users);
    const response = await signup(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().data.errors).toContainEqual({ field, message });
    const after = await test.db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(after).toEqual(before);
  });
});

describe("POST /booking/api/auth/signin", () => {
  it("answers userName and roleName and sets an httpOnly, SameSite session cookie", async () => {
    const user = await createUser(test.db, { role: ROLE_STUDENT });
    const response = await signin({ username: user.userName.toUpperCase(), password: DEFAULT_PASSWORD });

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ userName: user.userName, roleName: ROLE_STUDENT, userId: user.id });
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(JSON.stringify(response.json())).not.toContain("argon2");
    const stored = await test.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(setCookie).not.toContain(stored[0]!.tokenHash);
  });

  it.each(["ROLE_USER", "ROLE_STUDENT", "ROLE_ADMIN", "ROLE_DEPARTMENT_ADMIN"])(
    "answers roleName %s, which the web app's decider routes by",
    async (role) => {
      const user = await createUser(test.db, { role });
      const response = await signin({ username: user.userName, password: DEFAULT_PASSWORD });
      expect(response.json().data.roleName).toBe(role);
      const cookie = sessionCookieOf(response);
      expect((await me(cookie)).json().data.roleName).toBe(role);
    },
  );

  it("answers 401 with the same message for a wrong password and an unknown user", async () => {
    const user = await createUser(test.db);
    const wrong = await signin({ username: user.userName, password: "not-the-password" });
    const unknown = await signin({ username: uniqueEmail("nobody"), password: "whatever-1" });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: "error", message: "Please Enter Correct Username and Password", data: null });
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
  });

  it.each([
    [{ password: "x" }, "username", messages.usernameInvalid],
    [{ username: "", password: "x" }, "username", messages.usernameInvalid],
    [{ username: "a@b.in", password: "" }, "password", messages.passwordRequired],
  ])("rejects %j with the field's message", async (payload, field, message) => {
    const response = await signin(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
  });

  it("refuses a disabled account", async () => {
    const user = await createUser(test.db);
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const response = await signin({ username: user.userName, password: DEFAULT_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(notices.accountDisabled);
  });

  it("rotates the session: the cookie the browser had before no longer works", async () => {
    const user = await createUser(test.db);
    const first = await signIn(test, user.userName);
    expect((await me(first)).statusCode).toBe(200);
    const secondResponse = await signin({ username: user.userName, password: DEFAULT_PASSWORD }, first);
    const second = sessionCookieOf(secondResponse);

    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).json().data.userName).toBe(user.userName);
  });

  it("records the sign-in in the activity log with the address", async () => {
    const user = await createUser(test.db);
    await signIn(test, user.userName);
    const entries = await test.db.select().from(activityLog).where(eq(activityLog.actorUserId, user.id));
    expect(entries.map((entry) => entry.action)).toContain("user.signin");
    const entry = entries.find((found) => found.action === "user.signin");
    expect(entry).toMatchObject({ ip: "127.0.0.1", actorName: user.userName, entityType: "user", entityId: String(user.id), summary: "Signed in" });
    // No details: SQL's null, not JSON's null, which a prepared jsonb value of null would store.
    const withoutDetails = await test.db.select({ id: activityLog.id }).from(activityLog).where(and(eq(activityLog.id, entry!.id), isNull(activityLog.details)));
    expect(withoutDetails).toHaveLength(1);
  });
});

describe("sessions", () => {
  it("answers the signed-in user from GET api/auth/me and 401 without a cookie", async () => {
    const { user, cookie } = await signInAs(test, ROLE_ADMIN);
    expect((await me(cookie)).json()).toMatchObject({ status: "success", data: { userName: user.userName, roleName: ROLE_ADMIN } });
    const anonymous = await test.app.inject({ url: "/booking/api/auth/me" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: "error", message: notices.notSignedIn, data: null });
  });

  it("ends the session on logout", async () => {
    const { cookie } = await signInAs(test);
    expect((await me(cookie)).statusCode).toBe(200);
    const response = await test.app.inject({ method: "POST", url: "/booking/api/auth/logout", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers["set-cookie"])).toMatch(/sid=;/);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("ends the session on a logout that names JSON as its type and sends no body, as some clients do", async () => {
    const { cookie } = await signInAs(test);
    const response = await test.app.inject({ method: "POST", url: "/booking/api/auth/logout", headers: { cookie, "content-type": "application/json" } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    // A call that takes a body still refuses an empty one.
    const signin = await test.app.inject({ method: "POST", url: "/booking/api/auth/signin", headers: { "content-type": "application/json" } });
    expect(signin.statusCode).toBe(400);
    expect(signin.json()).toMatchObject({ status: "error", message: "Body cannot be empty when content-type is set to 'application/json'" });
  });

  it("ends a session idle for longer than the idle timeout", async () => {
    const { user, cookie } = await signInAs(test);
    const idleMinutes = test.ctx.settings.session.idleMs / 60_000;
    await test.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${idleMinutes + 1})` })
      .where(eq(sessions.userId, user.id));
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await test.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("ends a session past its absolute lifetime even when in use", async () => {
    const { user, cookie } = await signInAs(test);
    await test.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.userId, user.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("ends the sessions of a disabled user", async () => {
    const { user, cookie } = await signInAs(test);
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("marks the sessions seen at once a minute after they last were, each its own", async () => {
    const signedIn = await Promise.all([signInAs(test), signInAs(test), signInAs(test)]);
    const ids = signedIn.map(({ user }) => user.id);
    const lastSeenOf = async (userId: number) => (await test.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, userId)))[0]?.at;
    // Two minutes ago, from the database and from a fresh instance's cache alike.
    await test.db.update(sessions).set({ lastSeenAt: sql`now() - interval '2 minutes'` }).where(inArray(sessions.userId, ids));
    const instance = { ...test.ctx, sessionCache: new SessionCache({ maxAgeMs: 60_000, maxEntries: 10 }) };
    const before = new Date(Date.now() - 60_000);

    // The three at once, their touches batched together; a session ended meanwhile is touched by no one and signs no one in.
    const [ended, ...kept] = signedIn;
    await test.db.delete(sessions).where(eq(sessions.userId, ended!.user.id));
    const resolved = await Promise.all(signedIn.map(({ cookie }) => resolveSession(instance, tokenOf(cookie))));
    expect(resolved.map((actor) => actor?.id ?? null)).toEqual([null, ...kept.map(({ user }) => user.id)]);
    for (const { user } of kept) expect((await lastSeenOf(user.id))!.getTime()).toBeGreaterThan(before.getTime());
  });

  it("resolves the sessions of one moment together, each to its own user or to no one", async () => {
    const [first, second, disabled] = await Promise.all([signInAs(test), signInAs(test), signInAs(test)]);
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.user.id));
    const instance = { ...test.ctx, sessionCache: new SessionCache({ maxAgeMs: 60_000, maxEntries: 10 }) };

    const tokens = [tokenOf(first.cookie), "unknown-token", tokenOf(second.cookie), tokenOf(disabled.cookie), tokenOf(first.cookie)];
    const resolved = await Promise.all(tokens.map((token) => resolveSession(instance, token)));

    expect(resolved.map((actor) => actor?.id ?? null)).toEqual([first.user.id, null, second.user.id, null, first.user.id]);
    expect(resolved[0]).toMatchObject({ userName: first.user.userName, role: first.user.role });
    expect(await test.db.select().from(sessions).where(eq(sessions.userId, disabled.user.id))).toHaveLength(0);
  });

  it("keeps a resolved session for its cache's age: a change made by another instance shows once it is out", async () => {
    const { user, cookie } = await signInAs(test);
    const token = tokenOf(cookie);
    const instance = { ...test.ctx, sessionCache: new SessionCache({ maxAgeMs: 200, maxEntries: 10 }) };
    expect((await resolveSession(instance, token))?.id).toBe(user.id);

    await test.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await resolveSession(instance, token))?.id).toBe(user.id);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await resolveSession(instance, token)).toBeNull();
    expect(await test.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

describe("password reset", () => {
  it("answers the same for known and unknown addresses and mails a code only to the known one", async () => {
    const user = await createUser(test.db);
    const unknownEmail = uniqueEmail("unknown");
    const known = await forgot(user.userName);
    const unknown = await forgot(unknownEmail);

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ status: "success", message: notices.resetCodeSent, data: notices.resetCodeSent });
    const mail = await latestMailTo(test.db, user.userName);
    expect(resetCodeIn(mail!.body)).toMatch(/^\d{6}$/);
    expect(await latestMailTo(test.db, unknownEmail)).toBeUndefined();
  });

  it("stores the code hashed, not as mailed", async () => {
    const user = await createUser(test.db);
    await forgot(user.userName);
    const code = resetCodeIn((await latestMailTo(test.db, user.userName))!.body);
    const [row] = await test.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^\$argon2id\$/);
  });

  it("asks for the e-mail with SPEC.md's message", async () => {
    const response = await test.app.inject({ url: "/booking/api/auth/forgetpwd?emailid=" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.forgotEmailRequired);
  });

  it("sets the new password, ends every session and takes the code once only", async () => {
    const user = await createUser(test.db);
    const otherDevice = await signIn(test, user.userName);
    expect((await me(otherDevice)).statusCode).toBe(200);
    await forgot(user.userName);
    const code = resetCodeIn((await latestMailTo(test.db, user.userName))!.body);

    const response = await reset({ codes: code, email: user.userName, newPassword: "Brand-new-pass-9" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", message: "Password Reset Success", data: null });
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await signin({ username: user.userName, password: DEFAULT_PASSWORD })).statusCode).toBe(401);
    expect((await signin({ username: user.userName, password: "Brand-new-pass-9" })).statusCode).toBe(200);

    const reuse = await reset({ codes: code, email: user.userName, newPassword: "Another-pass-10" });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(notices.resetCodeInvalid);
  });

  it("voids the code after 5 wrong tries, even for the right code", async () => {
    const user = await createUser(test.db);
    await forgot(user.userName);
    const code = resetCodeIn((await latestMailTo(test.db, user.userName))!.body);
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await reset({ codes: wrongCode, email: user.userName, newPassword: "Brand-new-pass-9" });
      expect(response.statusCode).toBe(400);
    }
    const right = await reset({ codes: code, email: user.userName, newPassword: "Brand-new-pass-9" });
    expect(right.statusCode).toBe(400);
    expect((await signin({ username: user.userName, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
  });

  it("counts tries made at once, each one, and takes a right code after four wrong ones", async () => {
    const user = await createUser(test.db);
    await forgot(user.userName);
    const code = resetCodeIn((await latestMailTo(test.db, user.userName))!.body);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrongTries = await Promise.all(Array.from({ length: 4 }, () => reset({ codes: wrongCode, email: user.userName, newPassword: "Brand-new-pass-9" })));
    expect(wrongTries.map((response) => response.statusCode)).toEqual([400, 400, 400, 400]);
    expect((await test.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id)))[0]!.wrongTries).toBe(4);

    expect((await reset({ codes: code, email: user.userName, newPassword: "Brand-new-pass-9" })).statusCode).toBe(200);
    const [used] = await test.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(used).toMatchObject({ wrongTries: 4, usedAt: expect.any(Date) });

    // Five at once use the tries up: the right code after them is refused.
    const other = await createUser(test.db);
    await forgot(other.userName);
    const otherCode = resetCodeIn((await latestMailTo(test.db, other.userName))!.body);
    const otherWrongCode = otherCode === "000000" ? "111111" : "000000";
    await Promise.all(Array.from({ length: 5 }, () => reset({ codes: otherWrongCode, email: other.userName, newPassword: "Another-pass-10" })));
    expect((await reset({ codes: otherCode, email: other.userName, newPassword: "Another-pass-10" })).statusCode).toBe(400);
    expect((await signin({ username: other.userName, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses an expired code", async () => {
    const user = await createUser(test.db);
    await forgot(user.userName);
    const code = resetCodeIn((await latestMailTo(test.db, user.userName))!.body);
    await test.db
      .update(passwordResetCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetCodes.userId, user.id));
    const response = await reset({ codes: code, email: user.userName, newPassword: "Brand-new-pass-9" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(notices.resetCodeInvalid);
  });

  it("keeps only the latest code valid", async () => {
    const user = await createUser(test.db);
    await forgot(user.userName);
    const first = resetCodeIn((await latestMailTo(test.db, user.userName))!.body);
    await forgot(user.userName);
    const second = resetCodeIn((await latestMailTo(test.db, user.userName))!.body);
    if (first !== second) {
      expect((await reset({ codes: first, email: user.userName, newPassword: "Brand-new-pass-9" })).statusCode).toBe(400);
    }
    expect((await reset({ codes: second, email: user.userName, newPassword: "Brand-new-pass-9" })).statusCode).toBe(200);
  });

  it.each([
    [{ email: "a@b.in", newPassword: "Pass-word-1" }, "codes", messages.otpRequired],
    [{ codes: "12ab", email: "a@b.in", newPassword: "Pass-word-1" }, "codes", messages.otpFormat],
    [{ codes: "123456", email: "a@b.in", newPassword: "" }, "newPassword", messages.passwordRequired],
  ])("rejects %j with the field's message", async (payload, field, message) => {
    const response = await reset(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
  });
});
