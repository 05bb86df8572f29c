import { ROLE_ADMIN } from "@admissions/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-app.js";
import { signIn } from "../test/factories.js";
import { degrees, feeStructures, feeTerms, students, users } from "./schema/index.js";
import { DEMO_PASSWORD, demoAccounts, demoDegrees, feeCodePrefixOf, seedDemo } from "./seed-demo.js";

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

  it("makes the demo student a year 1 student of B.SC. COMPUTER SCIENCE with its six fee terms to pay, once", async () => {
    await seedDemo(test.db);
    await seedDemo(test.db);
    const [account] = await test.db.select().from(users).where(eq(users.userName, "student@demo.in"));
    const records = await test.db.select().from(students).where(eq(students.userId, account!.id));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ admissionNo: "DEMO-UG-0001", currentYear: 1, status: "Active" });
    const terms = await test.db.select().from(feeTerms).where(eq(feeTerms.studentId, records[0]!.id));
    expect(terms.map((term) => term.feeCode).sort()).toEqual(["BSCCS-Y1T1", "BSCCS-Y1T2", "BSCCS-Y2T1", "BSCCS-Y2T2", "BSCCS-Y3T1", "BSCCS-Y3T2"]);
    expect(terms.every((term) => term.status === "Due")).toBe(true);

    const cookie = await signIn(test, "student@demo.in", DEMO_PASSWORD);
    const status = await test.app.inject({ url: "/booking/feeStatus", headers: { cookie } });
    expect(status.json().data.terms).toHaveLength(6);
  });

  it("gives every demo degree a fee structure, UG three years and PG two at a higher fee, and keeps an admin's edits", async () => {
    await seedDemo(test.db);
    const degreeRows = await test.db.select().from(degrees);
    const feeRows = await test.db.select().from(feeStructures);
    for (const degree of degreeRows) {
      const terms = feeRows.filter((row) => row.degreeId === degree.id);
      const years = degree.courseId === 1 ? [1, 2, 3] : [1, 2];
      expect(terms.map((row) => `${row.year}/${row.term}`).sort()).toEqual(years.flatMap((year) => [`${year}/1`, `${year}/2`]));
      expect(terms.every((row) => row.feeCode.startsWith(`${feeCodePrefixOf(degree.name)}-Y${row.year}T`))).toBe(true);
    }
    const byCode = new Map(feeRows.map((row) => [row.feeCode, row.amountPaise]));
    expect(byCode.get("BSCCS-Y1T1")).toBe(1_500_000);
    expect(byCode.get("MCOM-Y1T1")).toBeGreaterThan(byCode.get("BCOM-Y1T1")!);

    await test.db.update(feeStructures).set({ amountPaise: 1_250_050 }).where(eq(feeStructures.feeCode, "BSCCS-Y1T1"));
    await seedDemo(test.db);
    const again = await test.db.select().from(feeStructures);
    expect(again).toHaveLength(feeRows.length);
    expect(again.find((row) => row.feeCode === "BSCCS-Y1T1")?.amountPaise).toBe(1_250_050);
  });
});
