import { ROLE_ADMIN, ROLE_USER } from "@admissions/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, users } from "../../db/schema/index.js";
import { openDatabase } from "../../db/client.js";
import { buildTestApp, createPostgresDatabase, type TestApp } from "../../test/build-app.js";
import { verifySecret } from "../auth/passwords.js";
import { createUser, signIn } from "../../test/factories.js";
import { ensureFirstAdmin, GENERATED_ADMIN_EMAIL } from "./first-admin.js";

/** A logger that keeps what it is told, flattened to text, so a test can read the log. */
function capturingLogger() {
  const lines: { level: string; text: string }[] = [];
  const write = (level: string) => (...args: unknown[]) => {
    lines.push({ level, text: args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" ") });
  };
  const logger = {
    level: "info",
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    debug: write("debug"),
    trace: write("trace"),
    fatal: write("fatal"),
    silent: () => undefined,
    child: () => logger,
  };
  return { log: logger as unknown as FastifyBaseLogger, lines };
}

const signin = (test: TestApp, username: string, password: string) =>
  test.app.inject({ method: "POST", url: "/booking/api/auth/signin", payload: { username, password } });

const admins = (test: TestApp) => test.db.select().from(users).where(eq(users.role, ROLE_ADMIN));
const firstAdminEntries = (test: TestApp) => test.db.select().from(activityLog).where(eq(activityLog.action, "user.first_admin"));

const ADMIN_EMAIL = "Principal@College.EDU";
const ADMIN_PASSWORD = "Chosen-by-the-IT-person-1";

let configured: TestApp;
let unconfigured: TestApp;
beforeAll(async () => {
  [configured, unconfigured] = await Promise.all([buildTestApp({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } }), buildTestApp()]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), unconfigured?.close()]);
});

describe("ensureFirstAdmin with ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  it("creates that administrator, who can then sign in, without logging the password", async () => {
    expect(await admins(configured)).toHaveLength(0);
    const { log, lines } = capturingLogger();
    await ensureFirstAdmin(configured.ctx, log);

    const created = await admins(configured);
    expect(created.map((admin) => admin.userName)).toEqual(["principal@college.edu"]);
    expect(created[0]!.passwordHash).not.toContain(ADMIN_PASSWORD);
    expect(lines.map((line) => line.text).join("\n")).toContain("principal@college.edu");
    expect(lines.map((line) => line.text).join("\n")).not.toContain(ADMIN_PASSWORD);
    expect(lines.filter((line) => line.level === "warn")).toHaveLength(0);

    const response = await signin(configured, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ userName: "principal@college.edu", roleName: ROLE_ADMIN });

    const [entry] = await firstAdminEntries(configured);
    expect(entry).toMatchObject({
      entityType: "user",
      entityId: String(created[0]!.id),
      actorUserId: null,
      summary: "Created the first administrator principal@college.edu",
      details: { userName: "principal@college.edu", promoted: false },
    });
  });

  it("does nothing on the next start: no second administrator, the password unchanged", async () => {
    const [before] = await admins(configured);
    const { log, lines } = capturingLogger();
    await ensureFirstAdmin(configured.ctx, log);

    expect(await admins(configured)).toEqual([before]);
    expect(lines).toHaveLength(0);
    expect(await firstAdminEntries(configured)).toHaveLength(1);
  });
});

describe("ensureFirstAdmin without them", () => {
  let generatedPassword = "";

  it("creates admin@admissions.local with a random password printed once in a warning", async () => {
    const { log, lines } = capturingLogger();
    await ensureFirstAdmin(unconfigured.ctx, log);

    const created = await admins(unconfigured);
    expect(created.map((admin) => admin.userName)).toEqual([GENERATED_ADMIN_EMAIL]);
    expect(GENERATED_ADMIN_EMAIL).toBe("admin@admissions.local");
    const warnings = lines.filter((line) => line.level === "warn");
    expect(warnings).toHaveLength(1);
    const password = /with password (\S+)/.exec(warnings[0]!.text)?.[1];
    expect(password).toMatch(/^[\w-]{16,}$/);
    generatedPassword = password!;
    expect(warnings[0]!.text).toContain(GENERATED_ADMIN_EMAIL);

    const response = await signin(unconfigured, GENERATED_ADMIN_EMAIL, password!);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.roleName).toBe(ROLE_ADMIN);
    expect(await firstAdminEntries(unconfigured)).toHaveLength(1);
  });

  it("gives the account back with a new password when the only administrator was disabled", async () => {
    await unconfigured.db.update(users).set({ isActive: false }).where(eq(users.role, ROLE_ADMIN));
    const { log, lines } = capturingLogger();
    await ensureFirstAdmin(unconfigured.ctx, log);

    const password = /with password (\S+)/.exec(lines.find((line) => line.level === "warn")?.text ?? "")?.[1];
    expect(password).toBeDefined();
    expect(password).not.toBe(generatedPassword);
    expect((await admins(unconfigured)).map((admin) => [admin.userName, admin.isActive])).toEqual([[GENERATED_ADMIN_EMAIL, true]]);
    expect((await signin(unconfigured, GENERATED_ADMIN_EMAIL, generatedPassword)).statusCode).toBe(401);
    expect((await signin(unconfigured, GENERATED_ADMIN_EMAIL, password!)).statusCode).toBe(200);
  });

  it("does not count a disabled administrator, and takes over a named account without its old sessions", async () => {
    await unconfigured.db.update(users).set({ isActive: false }).where(eq(users.role, ROLE_ADMIN));
    const holder = await createUser(unconfigured.db, { userName: "registrar@college.edu", role: ROLE_USER });
    const holderCookie = await signIn(unconfigured, holder.userName);
    const ctx = { ...unconfigured.ctx, settings: { ...unconfigured.ctx.settings, firstAdmin: { email: holder.userName, password: ADMIN_PASSWORD } } };

    await ensureFirstAdmin(ctx, capturingLogger().log);

    const [promoted] = await unconfigured.db.select().from(users).where(and(eq(users.id, holder.id), eq(users.isActive, true)));
    expect(promoted?.role).toBe(ROLE_ADMIN);
    const oldSession = await unconfigured.app.inject({ url: "/booking/api/auth/me", headers: { cookie: holderCookie } });
    expect(oldSession.statusCode).toBe(401);
    expect((await signin(unconfigured, holder.userName, holder.password)).statusCode).toBe(401);
    expect((await signin(unconfigured, holder.userName, ADMIN_PASSWORD)).json().data.roleName).toBe(ROLE_ADMIN);
    const entries = await firstAdminEntries(unconfigured);
    expect(entries).toHaveLength(3);
    expect(entries.find((entry) => entry.entityId === String(holder.id))).toMatchObject({
      summary: "Made registrar@college.edu the first administrator",
      details: { userName: "registrar@college.edu", promoted: true },
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("instances starting together on an empty PostgreSQL database", () => {
  it("make one administrator, whose printed password works", async () => {
    const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const handles = await Promise.all([openDatabase({ url: fresh.url }), openDatabase({ url: fresh.url })]);
    try {
      const logs = handles.map(() => capturingLogger());
      await Promise.all(
        handles.map((handle, index) =>
          ensureFirstAdmin({ ...unconfigured.ctx, db: handle.db }, logs[index]!.log),
        ),
      );
      const created = await handles[0]!.db.select().from(users).where(eq(users.role, ROLE_ADMIN));
      expect(created).toHaveLength(1);
      const warnings = logs.flatMap((log) => log.lines.filter((line) => line.level === "warn"));
      expect(warnings).toHaveLength(1);
      const password = /with password (\S+)/.exec(warnings[0]!.text)![1]!;
      expect(await verifySecret(created[0]!.passwordHash, password)).toBe(true);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await fresh.drop();
    }
  });
});
