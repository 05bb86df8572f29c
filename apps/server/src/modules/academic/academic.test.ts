import {
  ROLE_ADMIN,
  ROLE_DEPARTMENT_ADMIN,
  ROLE_STUDENT,
  ROLE_USER,
  academicMessages,
  messages,
  notices,
  type AcademicYearClosed,
  type AcademicYearPreview,
} from "@admissions/shared";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academicYearClosings, activityLog, degrees, feeStructures, feeTerms, students, users } from "../../db/schema/index.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { signInAs, uniqueEmail } from "../../test/factories.js";

let test: TestApp;
let adminCookie: string;
/**
 * The latest academic year that can be closed: the one that began last calendar year. The students
 * below are admitted relative to it, as they would be on the day it is closed.
 */
const latestYear = new Date().getFullYear() - 1;
const UG = 1;
const PG = 2;
const degree = { arts: 0, noFees: 0, twoYearUg: 0, postgraduate: 0 };

/** Two terms a year for the years given, coded CODE-Y1T1 and so on. */
function structureOf(degreeId: number, code: string, years: number) {
  return Array.from({ length: years }, (_unused, index) => index + 1).flatMap((year) =>
    [1, 2].map((term) => ({ degreeId, year, term, amountPaise: (year * 1000 + term) * 100, feeCode: `${code}-Y${year}T${term}` })),
  );
}

async function insertDegree(name: string, courseId: number) {
  const [row] = await test.db.insert(degrees).values({ name, courseId }).returning();
  return row!.id;
}

/**
 * A student straight in the database, with an account and the fee terms of their current year, which
 * began last year unless `admissionYear` says otherwise.
 */
async function insertStudent(admissionNo: string, degreeId: number, currentYear: number, status = "Active", admissionYear = latestYear - currentYear) {
  const [account] = await test.db.insert(users).values({ userName: uniqueEmail("academic"), passwordHash: "unused", role: ROLE_STUDENT }).returning();
  const courseId = degreeId === degree.postgraduate ? PG : UG;
  const [student] = await test.db
    .insert(students)
    .values({ userId: account!.id, admissionNo, name: `STUDENT ${admissionNo}`, email: account!.userName, mobile: "9876543210", courseId, degreeId, currentYear, admissionYear, status })
    .returning();
  const structure = await test.db.select().from(feeStructures).where(and(eq(feeStructures.degreeId, degreeId), eq(feeStructures.year, currentYear)));
  if (structure.length > 0) {
    await test.db.insert(feeTerms).values(structure.map((row) => ({ studentId: student!.id, academicYear: row.year, termNo: row.term, amountPaise: row.amountPaise, feeCode: row.feeCode })));
  }
  return student!;
}

beforeAll(async () => {
  test = await buildTestApp();
  degree.arts = await insertDegree("B.A. ACADEMIC ARTS", UG);
  degree.noFees = await insertDegree("B.SC. ACADEMIC NO FEES", UG);
  degree.twoYearUg = await insertDegree("B.VOC. ACADEMIC TWO YEARS", UG);
  degree.postgraduate = await insertDegree("M.A. ACADEMIC", PG);
  await test.db.insert(feeStructures).values([...structureOf(degree.arts, "ACART", 3), ...structureOf(degree.twoYearUg, "ACVOC", 2), ...structureOf(degree.postgraduate, "ACPG", 2)]);

  await insertStudent("UG-A-1", degree.arts, 1);
  await insertStudent("UG-A-2", degree.arts, 2);
  await insertStudent("UG-A-3", degree.arts, 3);
  await insertStudent("UG-A-X", degree.arts, 1, "Cancelled");
  // This year's intake, admitted before last year is closed: their first year has not begun.
  await insertStudent("UG-A-NEW", degree.arts, 1, "Active", latestYear);
  // No fee structure: the UG length of three years applies.
  await insertStudent("UG-N-2", degree.noFees, 2);
  await insertStudent("UG-N-3", degree.noFees, 3);
  // Its fee structure ends at year 2, so year 2 is its last.
  await insertStudent("UG-V-1", degree.twoYearUg, 1);
  await insertStudent("UG-V-2", degree.twoYearUg, 2);
  await insertStudent("PG-1", degree.postgraduate, 1);
  await insertStudent("PG-2", degree.postgraduate, 2);
  adminCookie = (await signInAs(test, ROLE_ADMIN)).cookie;
});
afterAll(async () => {
  await test.close();
});

const closeYear = (query: string, cookie: string = adminCookie, headers: Record<string, string> = {}) =>
  test.app.inject({ url: `/booking/closeAcademicYear?${query}`, headers: { cookie, ...headers } });
const previewOf = (courseId: number, year: number) => closeYear(`year=${year}&next=${year + 1}&process=false&courseId=${courseId}`);
const run = (courseId: number, year: number, headers?: Record<string, string>) =>
  closeYear(`year=${year}&next=${year + 1}&process=true&courseId=${courseId}`, adminCookie, headers);

/** Where each student is: admission number, year and status. */
async function everyone() {
  const rows = await test.db.select().from(students).orderBy(asc(students.admissionNo));
  return Object.fromEntries(rows.map((row) => [row.admissionNo, `${row.currentYear} ${row.status}`]));
}
const termsOf = async (admissionNo: string) => {
  const [student] = await test.db.select().from(students).where(eq(students.admissionNo, admissionNo));
  return (await test.db.select().from(feeTerms).where(eq(feeTerms.studentId, student!.id)).orderBy(asc(feeTerms.academicYear), asc(feeTerms.termNo))).map(
    (term) => term.feeCode,
  );
};
const closeActivities = () => test.db.select().from(activityLog).where(eq(activityLog.action, "academic.year_closed")).orderBy(asc(activityLog.id));

const before = {
  "PG-1": "1 Active",
  "PG-2": "2 Active",
  "UG-A-1": "1 Active",
  "UG-A-2": "2 Active",
  "UG-A-3": "3 Active",
  "UG-A-NEW": "1 Active",
  "UG-A-X": "1 Cancelled",
  "UG-N-2": "2 Active",
  "UG-N-3": "3 Active",
  "UG-V-1": "1 Active",
  "UG-V-2": "2 Active",
};

describe("who may close a year", () => {
  it("is an admin only", async () => {
    for (const role of [ROLE_DEPARTMENT_ADMIN, ROLE_STUDENT, ROLE_USER]) {
      const { cookie } = await signInAs(test, role);
      expect((await closeYear(`year=${latestYear - 1}&next=${latestYear}&process=true&courseId=${UG}`, cookie)).statusCode).toBe(403);
    }
    expect((await test.app.inject({ url: `/booking/closeAcademicYear?year=${latestYear - 1}&next=${latestYear}&courseId=${UG}` })).statusCode).toBe(401);
    expect(await everyone()).toEqual(before);
  });

  it("checks the years and the course", async () => {
    const refusal = async (query: string) => {
      const response = await closeYear(query);
      return [response.statusCode, response.json().message];
    };
    expect(await refusal(`year=${latestYear - 1}&next=${latestYear + 1}&courseId=${UG}&process=true`)).toEqual([400, academicMessages.nextInvalid]);
    // The academic year that began this calendar year has not ended: closing it would move this year's intake up.
    expect(await refusal(`year=${latestYear + 1}&next=${latestYear + 2}&courseId=${UG}&process=true`)).toEqual([400, academicMessages.yearInvalid]);
    expect(await refusal(`year=abc&next=${latestYear}&courseId=${UG}`)).toEqual([400, academicMessages.yearInvalid]);
    expect(await refusal(`year=${latestYear - 1}&next=${latestYear}&process=true`)).toEqual([400, messages.courseRequired]);
    expect((await refusal(`year=${latestYear - 1}&next=${latestYear}&process=maybe&courseId=${UG}`))[0]).toBe(400);
    expect(await refusal(`year=${latestYear - 1}&next=${latestYear}&process=true&courseId=99`)).toEqual([404, notices.notFound]);
    expect(await everyone()).toEqual(before);
  });

  it("refuses a run that a link on another page started, moving nobody", async () => {
    for (const headers of [{ "sec-fetch-mode": "navigate", "sec-fetch-site": "none" }, { "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors" }]) {
      const response = await run(UG, latestYear - 1, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(notices.foreignOrigin);
    }
    expect(await everyone()).toEqual(before);
    expect(await test.db.select().from(academicYearClosings)).toEqual([]);
  });
});

describe("closing a year", () => {
  it("previews who moves up and who completes, changing nothing", async () => {
    const response = await previewOf(UG, latestYear - 1);
    expect(response.statusCode).toBe(200);
    const preview = response.json().data as AcademicYearPreview;
    expect(preview).toMatchObject({
      year: latestYear - 1,
      next: latestYear,
      courseId: UG,
      alreadyClosed: false,
      closing: null,
      moving: [
        { yearFrom: 1, yearTo: 2, count: 2 },
        { yearFrom: 2, yearTo: 3, count: 2 },
      ],
      completing: 3,
    });
    expect(preview.students).toEqual([
      { admissionNo: "UG-A-1", name: "STUDENT UG-A-1", degree: "B.A. ACADEMIC ARTS", currentYear: 1, willBe: "Year 2" },
      { admissionNo: "UG-A-2", name: "STUDENT UG-A-2", degree: "B.A. ACADEMIC ARTS", currentYear: 2, willBe: "Year 3" },
      { admissionNo: "UG-A-3", name: "STUDENT UG-A-3", degree: "B.A. ACADEMIC ARTS", currentYear: 3, willBe: "Completed" },
      { admissionNo: "UG-N-2", name: "STUDENT UG-N-2", degree: "B.SC. ACADEMIC NO FEES", currentYear: 2, willBe: "Year 3" },
      { admissionNo: "UG-N-3", name: "STUDENT UG-N-3", degree: "B.SC. ACADEMIC NO FEES", currentYear: 3, willBe: "Completed" },
      { admissionNo: "UG-V-1", name: "STUDENT UG-V-1", degree: "B.VOC. ACADEMIC TWO YEARS", currentYear: 1, willBe: "Year 2" },
      { admissionNo: "UG-V-2", name: "STUDENT UG-V-2", degree: "B.VOC. ACADEMIC TWO YEARS", currentYear: 2, willBe: "Completed" },
    ]);
    // The original client's 0 and 1 work as false and true.
    expect((await closeYear(`year=${latestYear - 1}&next=${latestYear}&process=0&courseId=${UG}`)).json().data).toEqual(preview);
    expect(await everyone()).toEqual(before);
  });

  it("moves everyone up a year with their new year's fee terms, completes the final years, and logs it", async () => {
    const response = await run(UG, latestYear - 1);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(academicMessages.closed);
    expect(response.json().data as AcademicYearClosed).toEqual({ year: latestYear - 1, next: latestYear, courseId: UG, moved: 4, completed: 3, feeTermsCreated: 6 });

    expect(await everyone()).toEqual({
      ...before,
      "UG-A-1": "2 Active",
      "UG-A-2": "3 Active",
      "UG-A-3": "3 Completed",
      "UG-N-2": "3 Active",
      "UG-N-3": "3 Completed",
      "UG-V-1": "2 Active",
      "UG-V-2": "2 Completed",
    });
    expect(await termsOf("UG-A-1")).toEqual(["ACART-Y1T1", "ACART-Y1T2", "ACART-Y2T1", "ACART-Y2T2"]);
    expect(await termsOf("UG-A-2")).toEqual(["ACART-Y2T1", "ACART-Y2T2", "ACART-Y3T1", "ACART-Y3T2"]);
    expect(await termsOf("UG-V-1")).toEqual(["ACVOC-Y1T1", "ACVOC-Y1T2", "ACVOC-Y2T1", "ACVOC-Y2T2"]);
    expect(await termsOf("UG-N-2")).toEqual([]);
    expect(await termsOf("UG-A-3")).toEqual(["ACART-Y3T1", "ACART-Y3T2"]);

    const [closing] = await test.db.select().from(academicYearClosings);
    expect(closing).toMatchObject({ courseId: UG, year: latestYear - 1, movedCount: 4, completedCount: 3 });
    const [activity] = await closeActivities();
    expect(activity).toMatchObject({
      entityType: "course",
      entityId: String(UG),
      summary: `Closed the academic year ${latestYear - 1}-${String(latestYear).slice(-2)} of UG: 4 moved up a year, 3 completed`,
      details: { year: latestYear - 1, next: latestYear, moved: 4, completed: 3, feeTermsCreated: 6 },
    });
  });

  it("refuses a second run with 409 and moves nobody twice", async () => {
    const moved = await everyone();
    const terms = (await test.db.select({ total: count() }).from(feeTerms))[0]!.total;
    const response = await run(UG, latestYear - 1);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(academicMessages.alreadyClosed);
    expect(await everyone()).toEqual(moved);
    expect((await test.db.select({ total: count() }).from(feeTerms))[0]!.total).toBe(terms);
    expect(await closeActivities()).toHaveLength(1);
  });

  it("previews a closed year as closed, saying when, by whom and how many", async () => {
    const preview = (await previewOf(UG, latestYear - 1)).json().data as AcademicYearPreview;
    expect(preview.alreadyClosed).toBe(true);
    expect(preview.closing).toMatchObject({ movedCount: 4, completedCount: 3, closedBy: expect.stringContaining("@example.in") });
    expect(Date.parse(preview.closing!.closedAt)).not.toBeNaN();
  });

  it("refuses an earlier year once a later one is closed, moving nobody", async () => {
    const moved = await everyone();
    const response = await run(UG, latestYear - 2);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(academicMessages.laterYearClosed);
    expect(await everyone()).toEqual(moved);
    expect(await test.db.select().from(academicYearClosings).where(eq(academicYearClosings.year, latestYear - 2))).toEqual([]);
  });

  it("closes each course on its own: PG finishes after two years", async () => {
    const preview = (await previewOf(PG, latestYear - 1)).json().data as AcademicYearPreview;
    expect(preview).toMatchObject({ alreadyClosed: false, moving: [{ yearFrom: 1, yearTo: 2, count: 1 }], completing: 1 });

    const response = await closeYear(`year=${latestYear - 1}&next=${latestYear}&process=1&courseId=${PG}`);
    expect(response.json().data).toEqual({ year: latestYear - 1, next: latestYear, courseId: PG, moved: 1, completed: 1, feeTermsCreated: 2 });
    const now = await everyone();
    expect([now["PG-1"], now["PG-2"]]).toEqual(["2 Active", "2 Completed"]);
    expect(await termsOf("PG-1")).toEqual(["ACPG-Y1T1", "ACPG-Y1T2", "ACPG-Y2T1", "ACPG-Y2T2"]);
  });

  it("closes the next year in turn, keeping a fee term a student already has", async () => {
    const [student] = await test.db.select().from(students).where(eq(students.admissionNo, "UG-A-1"));
    await test.db.insert(feeTerms).values({ studentId: student!.id, academicYear: 3, termNo: 1, amountPaise: 100, feeCode: "PAID-EARLY", status: "Paid", paidAt: new Date() });

    const response = await run(UG, latestYear);
    expect(response.json().data).toMatchObject({ moved: 2, completed: 3, feeTermsCreated: 3 });
    const now = await everyone();
    expect([now["UG-A-1"], now["UG-A-2"], now["UG-N-2"], now["UG-V-1"], now["UG-A-NEW"]]).toEqual(["3 Active", "3 Completed", "3 Completed", "2 Completed", "2 Active"]);
    expect(await termsOf("UG-A-1")).toEqual(["ACART-Y1T1", "ACART-Y1T2", "ACART-Y2T1", "ACART-Y2T2", "PAID-EARLY", "ACART-Y3T2"]);
    expect(await termsOf("UG-A-NEW")).toEqual(["ACART-Y1T1", "ACART-Y1T2", "ACART-Y2T1", "ACART-Y2T2"]);
  });
});
