import {
  ROLE_ADMIN,
  ROLE_DEPARTMENT_ADMIN,
  ROLE_STUDENT,
  ROLE_USER,
  admissionSchema,
  feeCodeTakenMessage,
  masterMessages,
  messages,
  sampleAdmission,
} from "@admissions/shared";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, courses, degrees, feeStructures } from "../../db/schema/index.js";
import { seedDemo } from "../../db/seed-demo.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { createUser, signInAs } from "../../test/factories.js";
import { insertApplication } from "../admissions/admissions.repository.js";

let test: TestApp;
let admin: string;
let departmentAdmin: string;
let applicant: string;
let student: string;
let degreeId: (name: string) => number;

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  const rows = await test.db.select().from(degrees);
  degreeId = (name) => rows.find((row) => row.name === name)!.id;
  admin = (await signInAs(test, ROLE_ADMIN)).cookie;
  departmentAdmin = (await signInAs(test, ROLE_DEPARTMENT_ADMIN)).cookie;
  applicant = (await signInAs(test, ROLE_USER)).cookie;
  student = (await signInAs(test, ROLE_STUDENT)).cookie;
});
afterAll(async () => {
  await test.close();
});

type Method = "GET" | "POST" | "PUT";
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  test.app.inject({ method, url: `/booking${url}`, headers: cookie ? { cookie } : {}, payload: payload as object | undefined });
const dataOf = async (method: Method, url: string, cookie?: string, payload?: unknown) => (await call(method, url, cookie, payload)).json().data;

/** Everything the master tables and the activity log hold, to prove a refused call changed nothing. */
async function snapshot() {
  return {
    courses: await test.db.select().from(courses).orderBy(asc(courses.id)),
    degrees: await test.db.select().from(degrees).orderBy(asc(degrees.id)),
    feeStructures: await test.db.select().from(feeStructures).orderBy(asc(feeStructures.id)),
    activity: (await test.db.select({ count: sql<number>`count(*)::int` }).from(activityLog))[0]!.count,
  };
}

/** Each call is answered with `status` and leaves the data as it was. */
async function expectRefused(calls: [Method, string, string | undefined, unknown][], status: number, message?: string) {
  const before = await snapshot();
  for (const [method, url, cookie, payload] of calls) {
    const response = await call(method, url, cookie, payload);
    expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
    if (message) expect(response.json().message).toBe(message);
  }
  expect(await snapshot()).toEqual(before);
}

async function latestActivity(action: string) {
  const [row] = await test.db.select().from(activityLog).where(eq(activityLog.action, action)).orderBy(sql`${activityLog.id} desc`).limit(1);
  return row;
}

const sixTerms = (prefix: string, amount: (year: number, term: number) => number | string) =>
  [1, 2, 3].flatMap((year) => [1, 2].map((term) => ({ year, term, amount: amount(year, term), feeCode: `${prefix}-Y${year}T${term}` })));

describe("who may write master data", () => {
  it("admins only: no session 401, applicants, students and department admins 403, and nothing changes", async () => {
    const ug = degreeId("B.A. TAMIL");
    const writes = (cookie: string | undefined): [Method, string, string | undefined, unknown][] => [
      ["POST", "/courses", cookie, { name: "DIPLOMA", applicationFee: 200 }],
      ["PUT", "/courses/1", cookie, { name: "UG", applicationFee: 1, isActive: false }],
      ["POST", "/degrees", cookie, { name: "B.SC. PHYSICS", courseId: 1 }],
      ["PUT", `/degrees/${ug}`, cookie, { name: "B.A. TAMIL", courseId: 1, isActive: false }],
      ["PUT", `/feeStructures/${ug}`, cookie, { terms: [] }],
    ];
    await expectRefused(writes(undefined), 401);
    for (const cookie of [applicant, student, departmentAdmin]) await expectRefused(writes(cookie), 403);
  });

  it("staff read fee structures; applicants and students may not", async () => {
    expect((await call("GET", `/feeStructures?degreeId=${degreeId("B.COM.")}`, departmentAdmin)).statusCode).toBe(200);
    for (const cookie of [applicant, student]) expect((await call("GET", `/feeStructures?degreeId=${degreeId("B.COM.")}`, cookie)).statusCode).toBe(403);
    expect((await call("GET", `/feeStructures?degreeId=${degreeId("B.COM.")}`)).statusCode).toBe(401);
  });
});

describe("courses", () => {
  it("are added by an admin with the next id, the name cleaned and upper-cased, and the change logged", async () => {
    const response = await call("POST", "/courses", admin, { name: "  diploma   in arts ", applicationFee: 250 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", message: "Saved", data: { id: 3, name: "DIPLOMA IN ARTS", applicationFee: 250, isActive: true } });
    expect(await latestActivity("course.created")).toMatchObject({
      entityType: "course",
      entityId: "3",
      summary: "Created course DIPLOMA IN ARTS (application fee Rs.250)",
      ip: "127.0.0.1",
    });
  });

  it("refuse bad input and a name already taken, whatever its case, changing nothing", async () => {
    await expectRefused(
      [
        ["POST", "/courses", admin, { name: "   ", applicationFee: 100 }],
        ["POST", "/courses", admin, { applicationFee: 100 }],
        ["POST", "/courses", admin, { name: "X".repeat(101), applicationFee: 100 }],
        ["POST", "/courses", admin, { name: "CERTIFICATE", applicationFee: -1 }],
        ["POST", "/courses", admin, { name: "CERTIFICATE", applicationFee: 12.5 }],
        ["POST", "/courses", admin, { name: "CERTIFICATE", applicationFee: "300" }],
        ["POST", "/courses", admin, { name: "CERTIFICATE", applicationFee: 100_001 }],
        ["PUT", "/courses/3", admin, { name: "DIPLOMA IN ARTS", applicationFee: 250 }],
      ],
      400,
    );
    const first = await call("POST", "/courses", admin, { name: "", applicationFee: 100 });
    expect(first.json()).toMatchObject({
      message: masterMessages.courseNameRequired,
      data: { errors: [{ field: "name", message: masterMessages.courseNameRequired }] },
    });
    await expectRefused([["POST", "/courses", admin, { name: "Diploma  In arts", applicationFee: 100 }]], 409, masterMessages.courseNameTaken);
    await expectRefused([["PUT", "/courses/3", admin, { name: "pg", applicationFee: 100, isActive: true }]], 409, masterMessages.courseNameTaken);
  });

  it("are edited and deactivated by an admin; UG and PG keep their names; an unknown id is 404", async () => {
    const edited = await dataOf("PUT", "/courses/1", admin, { name: "UG", applicationFee: 350, isActive: true });
    expect(edited).toEqual({ id: 1, name: "UG", applicationFee: 350, isActive: true });
    expect((await latestActivity("course.updated"))?.summary).toBe("Updated course UG: applicationFee Rs.300 → Rs.350");

    expect(await dataOf("PUT", "/courses/3", admin, { name: "Diploma", applicationFee: 250, isActive: false })).toEqual({
      id: 3,
      name: "DIPLOMA",
      applicationFee: 250,
      isActive: false,
    });
    const renamed = await latestActivity("course.updated");
    expect(renamed?.summary).toBe("Updated course DIPLOMA: name DIPLOMA IN ARTS → DIPLOMA; isActive yes → no");
    expect(renamed?.details).toEqual({
      course: "DIPLOMA",
      before: { name: "DIPLOMA IN ARTS", applicationFee: 250, isActive: true },
      after: { name: "DIPLOMA", applicationFee: 250, isActive: false },
    });

    await expectRefused([["PUT", "/courses/1", admin, { name: "UNDER GRADUATE", applicationFee: 350, isActive: true }]], 409, masterMessages.fixedCourseName);
    await expectRefused([["PUT", "/courses/99", admin, { name: "NOTHING", applicationFee: 1, isActive: true }]], 404);
    await call("PUT", "/courses/1", admin, { name: "UG", applicationFee: 300, isActive: true });
  });

  it("list the active ones in the admission form's shape, and everything for staff who ask", async () => {
    expect(await dataOf("GET", "/courses?includeInactive=true", applicant)).toEqual([
      { id: 1, name: "UG", applicationFee: 300 },
      { id: 2, name: "PG", applicationFee: 400 },
    ]);
    expect(await dataOf("GET", "/courses", departmentAdmin)).toHaveLength(2);
    expect(await dataOf("GET", "/courses?includeInactive=true", departmentAdmin)).toEqual([
      { id: 1, name: "UG", applicationFee: 300, isActive: true },
      { id: 2, name: "PG", applicationFee: 400, isActive: true },
      { id: 3, name: "DIPLOMA", applicationFee: 250, isActive: false },
    ]);
    expect((await call("GET", "/courses?includeInactive=maybe", departmentAdmin)).statusCode).toBe(400);
    expect((await call("GET", "/courses")).statusCode).toBe(401);
  });
});

describe("degrees", () => {
  it("are added under a course, unique per course, and logged", async () => {
    const physics = await dataOf("POST", "/degrees", admin, { name: " b.sc.  physics ", courseId: 1 });
    expect(physics).toMatchObject({ name: "B.SC. PHYSICS", courseId: 1, isActive: true });
    expect(await latestActivity("degree.created")).toMatchObject({ entityId: String(physics.id), summary: "Created degree B.SC. PHYSICS under UG" });
    // The same name under another course is another degree.
    expect((await call("POST", "/degrees", admin, { name: "B.SC. PHYSICS", courseId: 2 })).statusCode).toBe(200);

    await expectRefused([["POST", "/degrees", admin, { name: "B.Sc. Physics", courseId: 1 }]], 409, masterMessages.degreeNameTaken);
    await expectRefused([["PUT", `/degrees/${physics.id}`, admin, { name: "B.A. TAMIL", courseId: 1, isActive: true }]], 409, masterMessages.degreeNameTaken);
    await expectRefused([["POST", "/degrees", admin, { name: "B.SC. CHEMISTRY", courseId: 99 }]], 400, messages.courseRequired);
    await expectRefused(
      [
        ["POST", "/degrees", admin, { name: "", courseId: 1 }],
        ["POST", "/degrees", admin, { name: "B.SC. CHEMISTRY" }],
        ["POST", "/degrees", admin, { name: "B.SC. CHEMISTRY", courseId: "1" }],
        ["PUT", `/degrees/${physics.id}`, admin, { name: "B.SC. PHYSICS", courseId: 1, isActive: "no" }],
      ],
      400,
    );
    await expectRefused([["PUT", "/degrees/99999", admin, { name: "NOTHING", courseId: 1, isActive: true }]], 404);
  });

  it("move to another course only while nobody has applied for them", async () => {
    const unused = await dataOf("POST", "/degrees", admin, { name: "B.SC. BOTANY", courseId: 1 });
    expect(await dataOf("PUT", `/degrees/${unused.id}`, admin, { name: "M.SC. BOTANY", courseId: 2, isActive: true })).toMatchObject({
      name: "M.SC. BOTANY",
      courseId: 2,
    });
    expect((await latestActivity("degree.updated"))?.summary).toBe("Updated degree M.SC. BOTANY (PG): name B.SC. BOTANY → M.SC. BOTANY; courseId 1 → 2");

    const used = degreeId("B.COM.");
    const person = await createUser(test.db);
    await insertApplication(test.db, {
      userId: person.id,
      applicationNo: "UG-2026-900001",
      status: "Submitted",
      paymentStatus: "Success",
      isOffline: false,
      courseId: 1,
      degreeId: used,
      name: "ANITHA R",
      email: person.userName,
      mobile: person.mobile ?? "9876543210",
      tweleveStatus: "PASSED",
      totalMarkPercent: 70,
      applicationFee: 300,
      data: admissionSchema.parse(sampleAdmission()),
      applicationDate: "2026-05-01",
    });
    await expectRefused([["PUT", `/degrees/${used}`, admin, { name: "B.COM.", courseId: 2, isActive: true }]], 409, masterMessages.degreeCourseLocked);
    // Renaming and closing it are fine: applications keep the name they were made with.
    expect(await dataOf("PUT", `/degrees/${used}`, admin, { name: "B.COM. GENERAL", courseId: 1, isActive: true })).toMatchObject({ name: "B.COM. GENERAL" });
  });

  it("once deactivated, or under a deactivated course, are hidden from applicants and refused by the admission form", async () => {
    const tamil = degreeId("B.A. TAMIL");
    expect(await dataOf("PUT", `/degrees/${tamil}`, admin, { name: "B.A. TAMIL", courseId: 1, isActive: false })).toMatchObject({ isActive: false });
    expect((await latestActivity("degree.updated"))?.summary).toBe("Updated degree B.A. TAMIL (UG): isActive yes → no");

    const applicantNames = (await dataOf("GET", "/degrees?includeInactive=true", applicant)).map((degree: { name: string }) => degree.name);
    expect(applicantNames).not.toContain("B.A. TAMIL");
    expect(applicantNames).toContain("B.A. ENGLISH");
    expect((await dataOf("GET", "/degrees", applicant))[0]).toEqual({ id: expect.any(Number), name: expect.any(String), courseId: expect.any(Number) });
    const staffList = await dataOf("GET", "/degrees?includeInactive=true", departmentAdmin);
    expect(staffList.find((degree: { id: number }) => degree.id === tamil)).toEqual({ id: tamil, name: "B.A. TAMIL", courseId: 1, isActive: false });

    const submission = await call("POST", "/admission", applicant, sampleAdmission({ courseSubjectId: tamil }));
    expect(submission.statusCode).toBe(400);
    expect(submission.json().message).toBe(messages.degreeRequired);

    // Closing PG hides every PG degree from applicants, while staff still see them.
    await call("PUT", "/courses/2", admin, { name: "PG", applicationFee: 400, isActive: false });
    expect((await dataOf("GET", "/degrees", applicant)).some((degree: { courseId: number }) => degree.courseId === 2)).toBe(false);
    expect((await dataOf("GET", "/degrees?includeInactive=true", admin)).some((degree: { courseId: number }) => degree.courseId === 2)).toBe(true);
    await call("PUT", "/courses/2", admin, { name: "PG", applicationFee: 400, isActive: true });
  });
});

describe("fee structures", () => {
  it("are replaced whole, amounts kept to the paisa, and read back in rupees", async () => {
    const degree = degreeId("B.SC. MATHEMATICS");
    const terms = sixTerms("MATHS", (year, term) => (year === 1 && term === 1 ? 12500.5 : year === 3 && term === 2 ? "15000.05" : year * 10_000));
    const saved = await call("PUT", `/feeStructures/${degree}`, admin, { terms: [...terms].reverse() });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe("Saved");

    const read = await dataOf("GET", `/feeStructures?degreeId=${degree}`, departmentAdmin);
    expect(read).toEqual(saved.json().data);
    expect(read[0]).toEqual({ year: 1, term: 1, amount: 12500.5, feeCode: "MATHS-Y1T1" });
    expect(read[5]).toEqual({ year: 3, term: 2, amount: 15000.05, feeCode: "MATHS-Y3T2" });
    const stored = await test.db
      .select()
      .from(feeStructures)
      .where(eq(feeStructures.degreeId, degree))
      .orderBy(asc(feeStructures.year), asc(feeStructures.term));
    expect(stored.map((row) => row.amountPaise)).toEqual([1_250_050, 1_000_000, 2_000_000, 2_000_000, 3_000_000, 1_500_005]);

    const activity = await latestActivity("feeStructure.updated");
    expect(activity).toMatchObject({
      entityType: "feeStructure",
      entityId: String(degree),
      summary: "Fee structure of B.SC. MATHEMATICS: 6 terms, Rs.107500.55 in all (was 6 terms)",
      ip: "127.0.0.1",
    });
    expect((activity?.details as { before: unknown[] }).before).toHaveLength(6);

    // A smaller structure replaces the whole; fee codes are upper-cased.
    expect(await dataOf("PUT", `/feeStructures/${degree}`, admin, { terms: [{ year: 1, term: 1, amount: 0, feeCode: " maths-y1t1 " }] })).toEqual([
      { year: 1, term: 1, amount: 0, feeCode: "MATHS-Y1T1" },
    ]);
  });

  it("refuse a repeated term or code, a bad amount or code, a code of another degree, or an unknown degree, changing nothing", async () => {
    const degree = degreeId("B.SC. MATHEMATICS");
    const row = { year: 1, term: 1, amount: 100, feeCode: "OK-1" };
    await expectRefused(
      [
        ["PUT", `/feeStructures/${degree}`, admin, { terms: [row, { ...row, feeCode: "OK-2" }] }],
        ["PUT", `/feeStructures/${degree}`, admin, { terms: [row, { ...row, term: 2 }] }],
        ...[12.345, -1, "12,500", "", null, "1e3", 10_000_000, Number.NaN].map(
          (amount): [Method, string, string, unknown] => ["PUT", `/feeStructures/${degree}`, admin, { terms: [{ ...row, amount }] }],
        ),
        ...[{ year: 4 }, { term: 0 }, { feeCode: "" }, { feeCode: "HAS SPACE" }, { feeCode: "X".repeat(31) }].map(
          (change): [Method, string, string, unknown] => ["PUT", `/feeStructures/${degree}`, admin, { terms: [{ ...row, ...change }] }],
        ),
        ["PUT", `/feeStructures/${degree}`, admin, {}],
      ],
      400,
    );
    const repeated = await call("PUT", `/feeStructures/${degree}`, admin, { terms: [row, { ...row, feeCode: "OK-2" }] });
    expect(repeated.json().data.errors).toEqual([{ field: "terms.1.term", message: masterMessages.termRepeated }]);
    const badAmount = await call("PUT", `/feeStructures/${degree}`, admin, { terms: [{ ...row, amount: 12.345 }] });
    expect(badAmount.json()).toMatchObject({ message: masterMessages.amountInvalid, data: { errors: [{ field: "terms.0.amount" }] } });

    await expectRefused(
      [["PUT", `/feeStructures/${degree}`, admin, { terms: [row, { year: 2, term: 1, amount: 1, feeCode: "bsccs-y1t1" }] }]],
      409,
      feeCodeTakenMessage("BSCCS-Y1T1"),
    );
    await expectRefused([["PUT", "/feeStructures/99999", admin, { terms: [row] }]], 404);
    expect((await call("GET", "/feeStructures?degreeId=99999", admin)).statusCode).toBe(404);
    expect((await call("GET", "/feeStructures", admin)).json().message).toBe(messages.degreeRequired);
  });

  it("keep a degree's own codes when it is saved again, and an empty list clears it", async () => {
    const degree = degreeId("B.SC. COMPUTER SCIENCE");
    const current = await dataOf("GET", `/feeStructures?degreeId=${degree}`, admin);
    expect(current).toHaveLength(6);
    // Saved again as it is (in another order), it is answered and logs nothing: nothing changed.
    const loggedBefore = await latestActivity("feeStructure.updated");
    const again = await call("PUT", `/feeStructures/${degree}`, admin, { terms: [...current].reverse() });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(current);
    expect(await latestActivity("feeStructure.updated")).toEqual(loggedBefore);
    expect(await dataOf("PUT", `/feeStructures/${degree}`, admin, { terms: [] })).toEqual([]);
    expect((await latestActivity("feeStructure.updated"))?.summary).toBe("Fee structure of B.SC. COMPUTER SCIENCE: 0 terms, Rs.0.00 in all (was 6 terms)");
  });
});
