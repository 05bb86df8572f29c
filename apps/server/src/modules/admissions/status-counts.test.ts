import { ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN, admissionSchema, applicationListQuerySchema, sampleAdmission } from "@admissions/shared";
import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationStatusCountChanges, applications, degrees, staffDegrees } from "../../db/schema/index.js";
import { seedDemo } from "../../db/seed-demo.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { createUser, signInAs } from "../../test/factories.js";
import type { DegreeScope } from "../users/degree-scope.js";
import { filtersOf } from "./applications-list.repository.js";
import { foldStatusCountChanges, isCountKept, keptCountsByStatus } from "./status-counts.repository.js";

let test: TestApp;
/** The demo's degrees: [course id, degree id] of three UG and two PG ones. */
let places: [number, number][];
let nextNumber = 0;

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  const all = await test.db.select({ courseId: degrees.courseId, id: degrees.id }).from(degrees).orderBy(degrees.id);
  places = [...all.filter((degree) => degree.courseId === 1).slice(0, 3), ...all.filter((degree) => degree.courseId === 2).slice(0, 2)].map((degree) => [degree.courseId, degree.id]);
});
afterAll(async () => {
  await test.close();
});

/** Applications of new applicants in one INSERT statement, as an import writes them. */
async function addApplications(rows: { place: [number, number]; status: string }[]) {
  const form = admissionSchema.parse(sampleAdmission());
  const values = [];
  for (const { place, status } of rows) {
    nextNumber += 1;
    const user = await createUser(test.db, { mobile: `97${String(nextNumber).padStart(8, "0")}` });
    values.push({
      userId: user.id,
      applicationNo: `COUNT-${String(nextNumber).padStart(6, "0")}`,
      status,
      paymentStatus: "Pending",
      courseId: place[0],
      degreeId: place[1],
      name: `APPLICANT ${nextNumber}`,
      email: user.userName,
      mobile: user.mobile!,
      applicationFee: 300,
      data: form,
      applicationDate: "2026-05-01",
    });
  }
  return test.db.insert(applications).values(values).returning({ id: applications.id });
}

/** The count per status by counting the applications themselves, as the list does for a search: what the kept totals must equal. */
async function countedByStatus(filters: { courseId?: number; degreeId?: number }, scope: DegreeScope) {
  const rows = await test.db
    .select({ status: applications.status, total: count() })
    .from(applications)
    .where(filtersOf(filters, scope, false))
    .groupBy(applications.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.total]));
}

const keptByStatus = async (filters: { courseId?: number; degreeId?: number }, scope: DegreeScope) =>
  Object.fromEntries((await keptCountsByStatus(test.db, filters, scope)).map((row) => [row.status, row.total]));

const unfoldedChanges = async () => (await test.db.select({ rows: count() }).from(applicationStatusCountChanges))[0]!.rows;

/** The kept counts against the applications, for everyone, each course, each degree and a department admin's two degrees. */
async function expectCountsKept() {
  const narrowings: [{ courseId?: number; degreeId?: number }, DegreeScope][] = [
    [{}, null],
    [{ courseId: 1 }, null],
    [{ courseId: 2 }, null],
    ...places.map(([, degreeId]): [{ degreeId: number }, DegreeScope] => [{ degreeId }, null]),
    [{}, [places[0]![1], places[3]![1]]],
    [{ courseId: 2 }, [places[0]![1], places[3]![1]]],
    [{}, []],
  ];
  for (const [filters, scope] of narrowings) {
    expect(await keptByStatus(filters, scope), JSON.stringify({ filters, scope })).toEqual(await countedByStatus(filters, scope));
  }
}

describe("the kept count of applications per status", () => {
  it("follows inserts, status changes, transfers and deletes, before and after they are folded", async () => {
    const [ug1, ug2, ug3, pg1, pg2] = places as [[number, number], [number, number], [number, number], [number, number], [number, number]];
    const added = await addApplications([
      ...Array.from({ length: 6 }, () => ({ place: ug1, status: "Pending" })),
      ...Array.from({ length: 4 }, () => ({ place: ug2, status: "Submitted" })),
      ...Array.from({ length: 3 }, () => ({ place: pg1, status: "Submitted" })),
      { place: ug3, status: "Approved" },
      { place: pg2, status: "Payment Failure" },
    ]);
    expect(Object.values(await countedByStatus({}, null)).reduce((sum, n) => sum + n, 0)).toBe(15);
    await expectCountsKept();

    // Staff decide some, an applicant is transferred to another course's degree, one is withdrawn.
    const ids = added.map((row) => row.id);
    await test.db.update(applications).set({ status: "Submitted" }).where(inArray(applications.id, ids.slice(0, 3)));
    await test.db.update(applications).set({ status: "Approved" }).where(inArray(applications.id, ids.slice(6, 8)));
    await test.db.update(applications).set({ courseId: pg2[0], degreeId: pg2[1] }).where(eq(applications.id, ids[10]!));
    await test.db.delete(applications).where(eq(applications.id, ids[14]!));
    await expectCountsKept();

    await foldStatusCountChanges(test.db);
    expect(await unfoldedChanges()).toBe(0);
    await expectCountsKept();

    // Every status of a degree gone: it drops out of the counts, as it would counting the rows.
    await test.db.update(applications).set({ status: "Rejected" }).where(eq(applications.degreeId, ug3[1]));
    await foldStatusCountChanges(test.db);
    await test.db.delete(applications).where(eq(applications.degreeId, ug3[1]));
    await expectCountsKept();
    expect(await keptByStatus({ degreeId: ug3[1] }, null)).toEqual({});
    await foldStatusCountChanges(test.db);
    await expectCountsKept();
  });

  it("records nothing for a save that keeps the status, course and degree; an insert of many, a row per key", async () => {
    await foldStatusCountChanges(test.db);
    const added = await addApplications(Array.from({ length: 6 }, (_, index) => ({ place: places[1]!, status: index < 4 ? "Pending" : "Submitted" })));
    const recorded = await test.db.select().from(applicationStatusCountChanges);
    expect(recorded.map(({ status, change }) => ({ status, change })).sort((a, b) => a.change - b.change)).toEqual([
      { status: "Submitted", change: 2 },
      { status: "Pending", change: 4 },
    ]);
    await foldStatusCountChanges(test.db);

    const ids = added.map((row) => row.id);
    await test.db.update(applications).set({ name: "RENAMED", status: "Pending", updatedAt: sql`now()` }).where(inArray(applications.id, ids.slice(0, 4)));
    expect(await unfoldedChanges()).toBe(0);
    await test.db.update(applications).set({ status: "Submitted" }).where(inArray(applications.id, ids));
    expect(await unfoldedChanges()).toBe(8);
    await expectCountsKept();
  });

  it("loses nothing when changes are written while two servers fold at once", async () => {
    const added = await addApplications(Array.from({ length: 20 }, (_, index) => ({ place: places[index % places.length]!, status: "Pending" })));
    const ids = added.map((row) => row.id);
    await Promise.all([
      foldStatusCountChanges(test.db),
      ...ids.map((id, index) => test.db.update(applications).set({ status: index % 2 === 0 ? "Submitted" : "Approved" }).where(eq(applications.id, id))),
      foldStatusCountChanges(test.db),
      addApplications([{ place: places[4]!, status: "Submitted" }]),
      foldStatusCountChanges(test.db),
    ]);
    await expectCountsKept();
    await foldStatusCountChanges(test.db);
    await expectCountsKept();
  });

  it("gives the staff list its counts, within a department admin's degrees", async () => {
    await addApplications([
      { place: places[0]!, status: "Submitted" },
      { place: places[3]!, status: "Cancelled" },
    ]);
    const department = await signInAs(test, ROLE_DEPARTMENT_ADMIN);
    await test.db.insert(staffDegrees).values([places[0]![1], places[3]![1]].map((degreeId) => ({ userId: department.user.id, degreeId })));
    const admin = await signInAs(test, ROLE_ADMIN);
    const listed = async (cookie: string, query = "") =>
      (await test.app.inject({ url: `/booking/admissionAll?pageNo=0&pageSize=5${query}`, headers: { cookie } })).json().data;

    const scoped = await listed(department.cookie, "&status=Submitted");
    expect(scoped.statusCounts).toEqual(await countedByStatus({}, [places[0]![1], places[3]![1]]));
    expect(scoped.totalElements).toBe(scoped.statusCounts.Submitted);
    expect((await listed(admin.cookie)).statusCounts).toEqual(await countedByStatus({}, null));
    expect((await listed(admin.cookie, "&courseId=2")).statusCounts).toEqual(await countedByStatus({ courseId: 2 }, null));
    // A search is counted from the applications themselves: the kept totals know no names.
    const [named] = await test.db.select({ rows: count() }).from(applications).where(sql`${applications.name} LIKE 'APPLICANT 1%'`);
    expect(named!.rows).toBeGreaterThan(1);
    expect((await listed(admin.cookie, "&search=APPLICANT%201")).totalElements).toBe(named!.rows);
  });

  it("is read for a course, a degree, a status and any page, and counted for every other filter", () => {
    const kept = (query: Record<string, string>) => isCountKept(applicationListQuerySchema.parse({ pageNo: "3", pageSize: "50", ...query }));
    expect(kept({})).toBe(true);
    expect(kept({ status: "Submitted", courseId: "1", degreeId: "2", sort: "name", order: "asc" })).toBe(true);
    expect(kept({ search: "" })).toBe(true);
    const otherFilters: Record<string, string>[] = [{ search: "ANITHA" }, { paymentStatus: "Success" }, { mode: "offline" }, { dateFrom: "2026-05-01" }, { dateTo: "2026-05-31" }];
    for (const filter of otherFilters) {
      expect(kept(filter), JSON.stringify(filter)).toBe(false);
    }
  });

  it("empties with the applications", async () => {
    expect(Object.keys(await keptByStatus({}, null)).length).toBeGreaterThan(0);
    await test.db.execute(sql`TRUNCATE ${applications} CASCADE`);
    expect(await keptByStatus({}, null)).toEqual({});
    expect(await unfoldedChanges()).toBe(0);
  });
});
