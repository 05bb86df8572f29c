import { ROLE_ADMIN } from "@admissions/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-app.js";
import { signIn } from "../test/factories.js";
import { degrees, users } from "./schema/index.js";
import { DEMO_PASSWORD, demoAccounts, demoDegrees, seedDemo } from "./seed-demo.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

describe("npm run seed:demo", () => {
  it("creates an account of each role that can sign in, UG and PG degrees, and is safe to run twice", async () => {
    expect((await seedDemo(test.db)).created).toHaveLength(demoAccounts.length);
    expect((await seedDemo(test.db)).created).toHaveLength(0);

    const admin = await test.db.select().from(users).where(eq(users.userName, "admin@demo.in"));
    expect(admin[0]?.role).toBe(ROLE_ADMIN);
    for (const account of demoAccounts) expect(await signIn(test, account.userName, DEMO_PASSWORD)).toMatch(/^sid=/);

    const rows = await test.db.select().from(degrees);
    expect(rows).toHaveLength(demoDegrees.length);
    expect(new Set(rows.map((row) => row.courseId))).toEqual(new Set([1, 2]));
  });
});
