import { ROLE_ADMIN, ROLE_STUDENT, ROLE_USER, messages, sampleAadhaarNumber, staffNotices, type AdmissionInput } from "@admissions/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, applicationDecisions, applications, degrees, feeStructures, feeTerms, mailOutbox, students, users } from "../../db/schema/index.js";
import { rowsOf } from "../../db/sql-lists.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { latestMailTo, signInAs, signInAsDepartmentAdmin, submitApplicationAs } from "../../test/factories.js";

let test: TestApp;
let adminCookie: string;
const year = new Date().getFullYear();

/** Degrees of this file's own, so the fee structures are exactly what the tests put there. */
const degree = { arts: 0, science: 0, withoutFees: 0, closed: 0, postgraduate: 0 };
const degreeNames = { arts: "B.A. DECISION ARTS", science: "B.SC. DECISION SCIENCE", withoutFees: "B.COM. NO FEES YET", closed: "B.A. CLOSED", postgraduate: "M.A. DECISION" };

/** Years 1-3, terms 1-2: Rs.10,000 + year and term for arts, Rs.20,000 + ... for science. */
function structureOf(degreeId: number, code: string, base: number) {
  return [1, 2, 3].flatMap((year) => [1, 2].map((term) => ({ degreeId, year, term, amountPaise: (base + year * 100 + term) * 100, feeCode: `${code}-Y${year}T${term}` })));
}

async function insertDegree(name: string, courseId: number, isActive = true) {
  const [row] = await test.db.insert(degrees).values({ name, courseId, isActive }).returning();
  return row!.id;
}

const departmentAdminOf = (...degreeIds: number[]) => signInAsDepartmentAdmin(test, ...degreeIds);

beforeAll(async () => {
  test = await buildTestApp();
  degree.arts = await insertDegree(degreeNames.arts, 1);
  degree.science = await insertDegree(degreeNames.science, 1);
  degree.withoutFees = await insertDegree(degreeNames.withoutFees, 1);
  degree.closed = await insertDegree(degreeNames.closed, 1, false);
  degree.postgraduate = await insertDegree(degreeNames.postgraduate, 2);
  await test.db.insert(feeStructures).values([...structureOf(degree.arts, "ART", 10_000), ...structureOf(degree.science, "SCI", 20_000), ...structureOf(degree.postgraduate, "PGA", 30_000)]);
  adminCookie = (await signInAs(test, ROLE_ADMIN)).cookie;
});
afterAll(async () => {
  await test.close();
});

const postgraduateForm: Partial<AdmissionInput> = {
  course: "PG",
  marksDetails: [],
  examDetails: { nameOfDegree: "B.A.", mainSubject: "English", mediumOfStudy: "English", universityName: "Madras", collegeName: "Presidency", collegePlace: "Chennai", yearOfStudy: "2025" },
};

/** A signed-in applicant with a submitted application for the degree (a PG form for the PG degree). */
function applicant(degreeId = degree.arts) {
  return applicantWith(degreeId === degree.postgraduate ? postgraduateForm : {}, degreeId);
}

/** A signed-in applicant whose submitted form has these fields. */
async function applicantWith(form: Partial<AdmissionInput>, degreeId = degree.arts) {
  const session = await signInAs(test, ROLE_USER);
  const applicationNo = await submitApplicationAs(test, session, { courseSubjectId: degreeId, ...form });
  return { ...session, applicationNo };
}

type Body = { message?: unknown; status?: string; applicationNo?: string; degreeId?: unknown; expectedStatus?: string };
const decide = (body: Body, cookie = adminCookie) => test.app.inject({ method: "POST", url: "/booking/applicationStatus", headers: { cookie }, payload: body });
const historyOf = (applicationNo: string, cookie = adminCookie) =>
  test.app.inject({ url: `/booking/applicationHistory?applicationNo=${encodeURIComponent(applicationNo)}`, headers: { cookie } });

const applicationRow = async (applicationNo: string) => (await test.db.select().from(applications).where(eq(applications.applicationNo, applicationNo)))[0]!;
const roleOf = async (userId: number) => (await test.db.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]!.role;
const studentOf = async (userId: number) => (await test.db.select().from(students).where(eq(students.userId, userId)))[0];
const termsOf = async (studentId: number) =>
  test.db.select().from(feeTerms).where(eq(feeTerms.studentId, studentId)).orderBy(asc(feeTerms.academicYear), asc(feeTerms.termNo));
const activitiesOf = async (applicationNo: string) =>
  test.db.select().from(activityLog).where(and(eq(activityLog.entityType, "application"), eq(activityLog.entityId, applicationNo))).orderBy(asc(activityLog.id));

/** Everything a decision may change, to prove a refused one changed nothing. */
async function everythingAbout(person: Awaited<ReturnType<typeof applicant>>) {
  const application = await applicationRow(person.applicationNo);
  const count = async (table: typeof applicationDecisions | typeof mailOutbox | typeof students | typeof feeTerms) =>
    (await test.db.select({ count: sql<number>`count(*)::int` }).from(table))[0]!.count;
  return {
    application,
    role: await roleOf(person.user.id),
    decisions: await count(applicationDecisions),
    mails: await count(mailOutbox),
    students: await count(students),
    feeTerms: await count(feeTerms),
    activities: (await activitiesOf(person.applicationNo)).length,
    counters: await rowsOf(test.db, sql`select course, year, last from application_counters order by course, year`),
  };
}

describe("POST /booking/applicationStatus: the remarks", () => {
  it.each([
    ["missing", undefined],
    ["blank", "   "],
    ["101 characters", "x".repeat(101)],
    ["not text", 42],
  ])("answers 400 'Enter Remarks' and changes nothing when they are %s", async (_case, message) => {
    const person = await applicant();
    const before = await everythingAbout(person);
    const response = await decide({ message, status: "Rejected", applicationNo: person.applicationNo });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: "error", message: "Enter Remarks", data: { errors: [{ field: "message", message: messages.remarksRequired }] } });
    expect(await everythingAbout(person)).toEqual(before);
  });

  it("keeps 100 characters, trimmed", async () => {
    const person = await applicant();
    const remarks = "r".repeat(100);
    expect((await decide({ message: `  ${remarks}  `, status: "Rejected", applicationNo: person.applicationNo })).statusCode).toBe(200);
    expect((await historyOf(person.applicationNo)).json().data[0].remarks).toBe(remarks);
  });
});

describe("POST /booking/applicationStatus: Approve", () => {
  it("admits: admission number, ROLE_STUDENT, the student record, fee terms from the structure, history, activity and mail", async () => {
    const person = await applicant();
    const response = await decide({ message: "Documents verified", status: "Approved", applicationNo: person.applicationNo });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ status: "success", message: "Status updated" });
    expect(answer.data).toMatchObject({ applicationNo: person.applicationNo, applicationStatus: "Approved", userName: person.user.userName, courseSubjectId: degree.arts });
    const admissionNo: string = answer.data.admissionNo;
    expect(admissionNo).toMatch(new RegExp(`^ADM-UG-${year}-\\d{4}$`));

    expect(await roleOf(person.user.id)).toBe(ROLE_STUDENT);
    const me = await test.app.inject({ url: "/booking/api/auth/me", headers: { cookie: person.cookie } });
    expect(me.json().data.roleName).toBe(ROLE_STUDENT);
    const status = await test.app.inject({ url: "/booking/applicationStatus", headers: { cookie: person.cookie } });
    expect(status.json().data).toMatchObject({ applicationNo: person.applicationNo, applicationStatus: "Approved" });

    const application = await applicationRow(person.applicationNo);
    expect(application.admissionNo).toBe(admissionNo);
    const student = (await studentOf(person.user.id))!;
    expect(student).toMatchObject({
      applicationId: application.id,
      admissionNo,
      name: application.name,
      email: application.email,
      mobile: application.mobile,
      courseId: 1,
      degreeId: degree.arts,
      admissionYear: year,
      currentYear: 1,
      status: "Active",
    });
    const terms = await termsOf(student.id);
    expect(terms.map(({ academicYear, termNo, amountPaise, feeCode, status }) => ({ academicYear, termNo, amountPaise, feeCode, status }))).toEqual(
      structureOf(degree.arts, "ART", 10_000).map((row) => ({ academicYear: row.year, termNo: row.term, amountPaise: row.amountPaise, feeCode: row.feeCode, status: "Due" })),
    );

    const [entry] = (await historyOf(person.applicationNo)).json().data;
    expect(entry).toMatchObject({ fromStatus: "Pending", toStatus: "Approved", fromDegree: degreeNames.arts, toDegree: degreeNames.arts, remarks: "Documents verified" });
    const activity = (await activitiesOf(person.applicationNo)).at(-1)!;
    expect(activity).toMatchObject({ action: "application.approved", entityType: "application", entityId: person.applicationNo });
    expect(activity.summary).toContain(admissionNo);
    expect(activity.details).toMatchObject({ applicantName: application.name, admissionNo, fromStatus: "Pending", toStatus: "Approved", remarks: "Documents verified", feeTermsWritten: 6 });
    const mail = (await latestMailTo(test.db, person.user.userName))!;
    expect(mail.subject).toContain("approved");
    expect(mail.body).toContain(admissionNo);
    expect(mail.body).toContain("Remarks: Documents verified");
  });

  it("twice is refused the second time (409), which changes nothing and mails nobody", async () => {
    const person = await applicant();
    await decide({ message: "Approved", status: "Approved", applicationNo: person.applicationNo });
    const before = await everythingAbout(person);
    const second = await decide({ message: "Approved again", status: "Approved", applicationNo: person.applicationNo });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(staffNotices.decisionUnchanged);
    expect(await everythingAbout(person)).toEqual(before);
  });

  it("again after a cancellation keeps one student, one set of fee terms and the same admission number", async () => {
    const person = await applicant();
    const first = (await decide({ message: "Approved", status: "Approved", applicationNo: person.applicationNo })).json().data.admissionNo;
    expect((await decide({ message: "Withdrew", status: "Cancelled", applicationNo: person.applicationNo })).statusCode).toBe(200);
    const again = await decide({ message: "Came back", status: "Approved", applicationNo: person.applicationNo });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.admissionNo).toBe(first);
    expect(await test.db.select().from(students).where(eq(students.userId, person.user.id))).toHaveLength(1);
    expect(await termsOf((await studentOf(person.user.id))!.id)).toHaveLength(6);
    expect((await historyOf(person.applicationNo)).json().data.map((entry: { fromStatus: string }) => entry.fromStatus)).toEqual(["Cancelled", "Approved", "Pending"]);
  });

  it("numbers admissions per course: a PG admission gets ADM-PG", async () => {
    const person = await applicant(degree.postgraduate);
    const response = await decide({ message: "Admitted", status: "Approved", applicationNo: person.applicationNo });
    expect(response.json().data.admissionNo).toMatch(new RegExp(`^ADM-PG-${year}-\\d{4}$`));
  });

  it("numbers on above the series' numbers that students imported from the office's register already carry", async () => {
    const importedNumbers = [`ADM-UG-${year}-0901`, `ADM-UG-${year}-0903`, `ADM-UG-${year}-0903A`, `ADM-PG-${year}-0950`];
    for (const admissionNo of importedNumbers) {
      const imported = await signInAs(test, ROLE_STUDENT);
      await test.db.insert(students).values({
        userId: imported.user.id,
        admissionNo,
        name: "IMPORTED STUDENT",
        email: imported.user.userName,
        mobile: "9876543210",
        courseId: 1,
        degreeId: degree.arts,
        admissionYear: year,
      });
    }
    const first = await decide({ message: "Admitted", status: "Approved", applicationNo: (await applicant()).applicationNo });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.admissionNo).toBe(`ADM-UG-${year}-0904`);
    const second = await decide({ message: "Admitted", status: "Approved", applicationNo: (await applicant()).applicationNo });
    expect(second.json().data.admissionNo).toBe(`ADM-UG-${year}-0905`);
  });

  it("is refused with 409 for an applicant already an active student of another degree, and changes nothing", async () => {
    const person = await applicant(degree.arts);
    // The import made the account a student of another degree while the application waited.
    await test.db.insert(students).values({ userId: person.user.id, admissionNo: `ADM-UG-${year}-IMP1`, name: "IMPORTED", email: person.user.userName, mobile: "9840000009", courseId: 1, degreeId: degree.science, currentYear: 1, admissionYear: year });
    const before = await everythingAbout(person);
    const response = await decide({ message: "Admitted", status: "Approved", applicationNo: person.applicationNo });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(staffNotices.activeStudentElsewhere);
    expect(await everythingAbout(person)).toEqual(before);
    expect(await studentOf(person.user.id)).toMatchObject({ degreeId: degree.science, status: "Active" });
  });

  it("is refused with 409 while the degree has no fee structure, and changes nothing", async () => {
    const person = await applicant(degree.withoutFees);
    const before = await everythingAbout(person);
    const response = await decide({ message: "Looks good", status: "Approved", applicationNo: person.applicationNo });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(staffNotices.feeStructureMissing);
    expect(await everythingAbout(person)).toEqual(before);
  });
});

describe("POST /booking/applicationStatus: Transfer", () => {
  it("needs a degree: 400 'Please select Degree!' and nothing changed", async () => {
    const person = await applicant();
    const before = await everythingAbout(person);
    for (const degreeId of [undefined, null, ""]) {
      const response = await decide({ message: "Seats full", status: "Transferred", applicationNo: person.applicationNo, degreeId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: "Please select Degree!", data: { errors: [{ field: "degreeId" }] } });
    }
    expect(await everythingAbout(person)).toEqual(before);
  });

  it("refuses the current degree, one of the other course, a closed one and one that does not exist", async () => {
    const person = await applicant();
    const before = await everythingAbout(person);
    const same = await decide({ message: "Seats full", status: "Transferred", applicationNo: person.applicationNo, degreeId: degree.arts });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(staffNotices.transferToSameDegree);
    // A UG application's school marks mean nothing to a PG degree.
    const otherCourse = await decide({ message: "Seats full", status: "Transferred", applicationNo: person.applicationNo, degreeId: degree.postgraduate });
    expect(otherCourse.statusCode).toBe(400);
    expect(otherCourse.json()).toMatchObject({ message: staffNotices.transferToOtherCourse, data: { errors: [{ field: "degreeId", message: staffNotices.transferToOtherCourse }] } });
    for (const degreeId of [degree.closed, 999_999]) {
      const response = await decide({ message: "Seats full", status: "Transferred", applicationNo: person.applicationNo, degreeId });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.degreeRequired);
    }
    expect(await everythingAbout(person)).toEqual(before);
  });

  it("moves the application to the chosen degree and records from and to", async () => {
    const person = await applicant();
    const response = await decide({ message: "Seats full in arts", status: "Transferred", applicationNo: person.applicationNo, degreeId: String(degree.science) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ applicationStatus: "Transferred", courseSubjectId: degree.science, courseSubject: degreeNames.science, course: "UG", courseId: 1 });
    expect(await applicationRow(person.applicationNo)).toMatchObject({ degreeId: degree.science, courseId: 1, status: "Transferred" });
    expect((await historyOf(person.applicationNo)).json().data[0]).toMatchObject({
      fromStatus: "Pending",
      toStatus: "Transferred",
      fromDegree: degreeNames.arts,
      toDegree: degreeNames.science,
      remarks: "Seats full in arts",
    });
    const activity = (await activitiesOf(person.applicationNo)).at(-1)!;
    expect(activity).toMatchObject({ action: "application.transferred", details: { fromDegree: degreeNames.arts, toDegree: degreeNames.science } });
    expect((await latestMailTo(test.db, person.user.userName))!.body).toContain(`for ${degreeNames.arts} has been transferred to ${degreeNames.science}.`);
    expect(await roleOf(person.user.id)).toBe(ROLE_USER);
  });
});

describe("POST /booking/applicationStatus: leaving Approved", () => {
  it("Cancel after Approve ends the admission, keeps paid terms; approving again reactivates with the same number", async () => {
    const person = await applicant();
    const admissionNo = (await decide({ message: "Admitted", status: "Approved", applicationNo: person.applicationNo })).json().data.admissionNo;
    const student = (await studentOf(person.user.id))!;
    const [firstTerm] = await termsOf(student.id);
    const paidAt = new Date("2026-06-10T10:00:00Z");
    await test.db.update(feeTerms).set({ status: "Paid", paidAt }).where(eq(feeTerms.id, firstTerm!.id));

    const cancelled = await decide({ message: "Left for another college", status: "Cancelled", applicationNo: person.applicationNo });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ applicationStatus: "Cancelled", admissionNo });
    expect(await roleOf(person.user.id)).toBe(ROLE_USER);
    expect(await studentOf(person.user.id)).toMatchObject({ id: student.id, status: "Cancelled" });
    const terms = await termsOf(student.id);
    expect(terms).toHaveLength(6);
    expect(terms[0]).toMatchObject({ status: "Paid", paidAt });
    // The log says the admission went with it, not the application's status alone.
    expect((await activitiesOf(person.applicationNo)).at(-1)).toMatchObject({
      action: "application.cancelled",
      summary: expect.stringMatching(/; the admission was withdrawn: the student record is Cancelled$/),
      details: expect.objectContaining({ admissionWithdrawn: true }),
    });
    expect((await latestMailTo(test.db, person.user.userName))!.subject).toContain("cancelled");

    const again = await decide({ message: "Came back", status: "Approved", applicationNo: person.applicationNo });
    expect(again.json().data.admissionNo).toBe(admissionNo);
    expect(await roleOf(person.user.id)).toBe(ROLE_STUDENT);
    expect(await studentOf(person.user.id)).toMatchObject({ id: student.id, status: "Active", admissionNo });
    expect((await termsOf(student.id))[0]).toMatchObject({ status: "Paid", paidAt });
  });

  it("Reject after Approve also ends the admission", async () => {
    const person = await applicant();
    await decide({ message: "Admitted", status: "Approved", applicationNo: person.applicationNo });
    expect((await decide({ message: "Forged marksheet", status: "Rejected", applicationNo: person.applicationNo })).statusCode).toBe(200);
    expect(await roleOf(person.user.id)).toBe(ROLE_USER);
    expect((await studentOf(person.user.id))!.status).toBe("Cancelled");
  });

  it("a transfer after approval, approved again, moves the student and their unpaid terms to the new degree", async () => {
    const person = await applicant();
    await decide({ message: "Admitted", status: "Approved", applicationNo: person.applicationNo });
    const student = (await studentOf(person.user.id))!;
    const [firstTerm] = await termsOf(student.id);
    await test.db.update(feeTerms).set({ status: "Paid", paidAt: new Date() }).where(eq(feeTerms.id, firstTerm!.id));

    await decide({ message: "Wants science", status: "Transferred", applicationNo: person.applicationNo, degreeId: degree.science });
    expect(await roleOf(person.user.id)).toBe(ROLE_USER);
    await decide({ message: "Admitted to science", status: "Approved", applicationNo: person.applicationNo });
    expect(await studentOf(person.user.id)).toMatchObject({ id: student.id, degreeId: degree.science, status: "Active" });
    const codes = (await termsOf(student.id)).map((term) => `${term.feeCode}:${term.status}`);
    expect(codes).toEqual(["ART-Y1T1:Paid", "SCI-Y1T2:Due", "SCI-Y2T1:Due", "SCI-Y2T2:Due", "SCI-Y3T1:Due", "SCI-Y3T2:Due"]);
  });

  it("approved again in the same degree keeps what the student owes, whatever the structure says since", async () => {
    const [ownDegree] = await test.db.insert(degrees).values({ name: "B.A. REPRICED LATER", courseId: 1 }).returning();
    await test.db.insert(feeStructures).values(structureOf(ownDegree!.id, "OLD", 10_000));
    const person = await applicant(ownDegree!.id);
    await decide({ message: "Admitted", status: "Approved", applicationNo: person.applicationNo });
    const student = (await studentOf(person.user.id))!;
    const owed = (await termsOf(student.id)).map((term) => `${term.feeCode}:${term.amountPaise}`);

    // Next year's intake pays more under new codes; this student is approved again (a corrected remark).
    await test.db.delete(feeStructures).where(eq(feeStructures.degreeId, ownDegree!.id));
    await test.db.insert(feeStructures).values(structureOf(ownDegree!.id, "NEW", 15_000));
    await decide({ message: "Cancelled by mistake", status: "Cancelled", applicationNo: person.applicationNo });
    expect((await decide({ message: "Admitted again", status: "Approved", applicationNo: person.applicationNo })).statusCode).toBe(200);
    expect((await termsOf(student.id)).map((term) => `${term.feeCode}:${term.amountPaise}`)).toEqual(owed);
  });
});

describe("POST /booking/applicationStatus: two staff members on one application", () => {
  it("refuses (409) the decision of a screen another's decision outdated, and applies one made on the current status", async () => {
    const person = await applicant();
    const first = await decide({ message: "Admitted", status: "Approved", applicationNo: person.applicationNo, expectedStatus: "Pending" });
    expect(first.statusCode).toBe(200);
    const before = await everythingAbout(person);
    // The colleague's screen still shows the application Pending.
    const late = await decide({ message: "Not eligible", status: "Rejected", applicationNo: person.applicationNo, expectedStatus: "Pending" });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(staffNotices.decisionOutdated);
    expect(await everythingAbout(person)).toEqual(before);
    const current = await decide({ message: "Not eligible after all", status: "Rejected", applicationNo: person.applicationNo, expectedStatus: "Approved" });
    expect(current.statusCode).toBe(200);
  });

  it("decides one after the other when two decide at once on the same status: the second is refused", async () => {
    const person = await applicant();
    const answers = await Promise.all(
      (["Approved", "Rejected"] as const).map((status) => decide({ message: "At once", status, applicationNo: person.applicationNo, expectedStatus: "Pending" })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await historyOf(person.applicationNo).then((response) => response.json().data)).toHaveLength(1);
  });
});

describe("POST /booking/applicationStatus: who may decide", () => {
  let person: Awaited<ReturnType<typeof applicant>>;
  beforeAll(async () => {
    person = await applicant();
  });
  const reject = (cookie: string) => decide({ message: "Not eligible", status: "Rejected", applicationNo: person.applicationNo }, cookie);

  it("refuses without a session (401), applicants and students (403), department admins of other degrees (403)", async () => {
    const before = await everythingAbout(person);
    expect((await test.app.inject({ method: "POST", url: "/booking/applicationStatus", payload: { message: "x", status: "Rejected", applicationNo: person.applicationNo } })).statusCode).toBe(401);
    expect((await reject(person.cookie)).statusCode).toBe(403);
    expect((await reject((await signInAs(test, ROLE_STUDENT)).cookie)).statusCode).toBe(403);
    expect((await reject((await departmentAdminOf()).cookie)).statusCode).toBe(403);
    expect((await reject((await departmentAdminOf(degree.science)).cookie)).statusCode).toBe(403);
    expect(await everythingAbout(person)).toEqual(before);
  });

  it("lets a department admin of the degree decide, but transfer only to a degree they look after", async () => {
    const { cookie } = await departmentAdminOf(degree.arts);
    const before = await everythingAbout(person);
    expect((await decide({ message: "Seats full", status: "Transferred", applicationNo: person.applicationNo, degreeId: degree.science }, cookie)).statusCode).toBe(403);
    expect(await everythingAbout(person)).toEqual(before);
    expect((await reject(cookie)).statusCode).toBe(200);
    const both = await departmentAdminOf(degree.arts, degree.science);
    expect((await decide({ message: "Seats full", status: "Transferred", applicationNo: person.applicationNo, degreeId: degree.science }, both.cookie)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown application number", async () => {
    const response = await decide({ message: "Not eligible", status: "Rejected", applicationNo: "UG-1999-999999" });
    expect(response.statusCode).toBe(404);
  });

  it("refuses an unknown status", async () => {
    expect((await decide({ message: "Not eligible", status: "Submitted", applicationNo: person.applicationNo })).statusCode).toBe(400);
  });
});

describe("GET /booking/applicationHistory", () => {
  it("lists every decision newest first, with who, when, from and to", async () => {
    const person = await applicant();
    const staff = await departmentAdminOf(degree.arts, degree.science);
    await decide({ message: "Incomplete", status: "Rejected", applicationNo: person.applicationNo }, staff.cookie);
    await decide({ message: "Seats full", status: "Transferred", applicationNo: person.applicationNo, degreeId: degree.science }, staff.cookie);
    await decide({ message: "Admitted", status: "Approved", applicationNo: person.applicationNo });

    const response = await historyOf(person.applicationNo, staff.cookie);
    expect(response.statusCode).toBe(200);
    const entries = response.json().data;
    expect(entries).toEqual([
      { id: expect.any(Number), at: expect.any(String), actorName: expect.stringContaining("@"), fromStatus: "Transferred", toStatus: "Approved", fromDegree: degreeNames.science, toDegree: degreeNames.science, remarks: "Admitted" },
      { id: expect.any(Number), at: expect.any(String), actorName: staff.user.userName, fromStatus: "Rejected", toStatus: "Transferred", fromDegree: degreeNames.arts, toDegree: degreeNames.science, remarks: "Seats full" },
      { id: expect.any(Number), at: expect.any(String), actorName: staff.user.userName, fromStatus: "Pending", toStatus: "Rejected", fromDegree: degreeNames.arts, toDegree: degreeNames.arts, remarks: "Incomplete" },
    ]);
    expect(new Date(entries[0].at).toISOString()).toBe(entries[0].at);
    expect(entries[0].actorName).not.toBe(staff.user.userName);
  });

  it("answers an empty list before any decision", async () => {
    const person = await applicant();
    expect((await historyOf(person.applicationNo)).json().data).toEqual([]);
  });

  it("is for staff of the application's degree only", async () => {
    const person = await applicant();
    expect((await test.app.inject({ url: `/booking/applicationHistory?applicationNo=${person.applicationNo}` })).statusCode).toBe(401);
    expect((await historyOf(person.applicationNo, person.cookie)).statusCode).toBe(403);
    expect((await historyOf(person.applicationNo, (await departmentAdminOf()).cookie)).statusCode).toBe(403);
    expect((await historyOf(person.applicationNo, (await departmentAdminOf(degree.science)).cookie)).statusCode).toBe(403);
    expect((await historyOf(person.applicationNo, (await departmentAdminOf(degree.arts)).cookie)).statusCode).toBe(200);
    expect((await historyOf("UG-1999-999999")).statusCode).toBe(404);
  });
});

describe("GET /booking/applicationDecision", () => {
  const latestOf = (cookie: string, userName?: string) =>
    test.app.inject({ url: `/booking/applicationDecision${userName ? `?userName=${encodeURIComponent(userName)}` : ""}`, headers: { cookie } });

  it("tells the applicant the latest decision on their own application: status, degree, remarks and when, not who", async () => {
    const person = await applicant();
    expect((await latestOf(person.cookie)).json().data).toBeNull();

    await decide({ message: "Marksheet unreadable", status: "Rejected", applicationNo: person.applicationNo });
    await decide({ message: "Seats full in arts", status: "Transferred", applicationNo: person.applicationNo, degreeId: degree.science });
    const response = await latestOf(person.cookie);
    expect(response.statusCode).toBe(200);
    const latest = response.json().data;
    expect(latest).toEqual({ at: expect.any(String), status: "Transferred", degree: degreeNames.science, remarks: "Seats full in arts" });
    expect(new Date(latest.at).toISOString()).toBe(latest.at);
  });

  it("answers null for an account without an application, and another's to an applicant as if there were none (404)", async () => {
    const fresh = await signInAs(test, ROLE_USER);
    expect((await latestOf(fresh.cookie)).json()).toMatchObject({ status: "success", data: null });

    const person = await applicant();
    await decide({ message: "Not eligible", status: "Rejected", applicationNo: person.applicationNo });
    const others = await latestOf(fresh.cookie, person.user.userName);
    expect(others.statusCode).toBe(404);
    expect(others.body).not.toContain("Not eligible");
    expect((await test.app.inject({ url: "/booking/applicationDecision" })).statusCode).toBe(401);
  });

  it("lets staff read it for an application of their degrees only", async () => {
    const person = await applicant();
    await decide({ message: "Not eligible", status: "Rejected", applicationNo: person.applicationNo });
    expect((await latestOf((await departmentAdminOf(degree.science)).cookie, person.user.userName)).statusCode).toBe(403);
    const allowed = await latestOf((await departmentAdminOf(degree.arts)).cookie, person.user.userName);
    expect(allowed.json().data).toMatchObject({ status: "Rejected", degree: degreeNames.arts, remarks: "Not eligible" });
  });
});

describe("GET /booking/sameAadhaar", () => {
  const sameAadhaarAs = (applicationNo: string, cookie = adminCookie) =>
    test.app.inject({ url: `/booking/sameAadhaar?applicationNo=${encodeURIComponent(applicationNo)}`, headers: { cookie } });
  const sameAadhaarByNumber = (aadharNo: string, cookie = adminCookie) =>
    test.app.inject({ url: `/booking/sameAadhaar?aadharNo=${aadharNo}`, headers: { cookie } });
  let aadhaarsTaken = 0;
  /** A number no other test's applicant has. */
  const freshAadhaar = () => sampleAadhaarNumber(50_000_000_000 + ++aadhaarsTaken);

  it("lists the other applications made with the same Aadhaar number, oldest first, as the staff list shows them", async () => {
    const aadharNo = freshAadhaar();
    const first = await applicant();
    // The number is read from the stored form at each write, whatever writes it.
    await test.db.update(applications).set({ data: sql`${applications.data} || ${JSON.stringify({ aadharNo })}::jsonb` }).where(eq(applications.applicationNo, first.applicationNo));
    const second = await applicantWith({ aadharNo }, degree.science);
    const third = await applicantWith({ aadharNo });
    const unrelated = await applicantWith({ aadharNo: freshAadhaar() });

    const response = await sameAadhaarAs(third.applicationNo);
    expect(response.statusCode).toBe(200);
    const { applications: shared, outOfScope } = response.json().data;
    expect(shared.map((row: { applicationNo: string }) => row.applicationNo)).toEqual([first.applicationNo, second.applicationNo]);
    expect(shared[1]).toMatchObject({ userName: second.user.userName, degree: degreeNames.science, course: "UG", applicationStatus: "Pending" });
    expect(outOfScope).toBe(0);
    expect((await sameAadhaarAs(unrelated.applicationNo)).json().data).toEqual({ applications: [], notListed: 0, outOfScope: 0 });
  });

  it("lists a department admin only their degrees' applications, and counts the others", async () => {
    const aadharNo = freshAadhaar();
    const arts = await applicantWith({ aadharNo });
    const science = await applicantWith({ aadharNo }, degree.science);
    await applicantWith({ aadharNo }, degree.science);

    const artsAdmin = await departmentAdminOf(degree.arts);
    const seen = (await sameAadhaarAs(arts.applicationNo, artsAdmin.cookie)).json().data;
    expect(seen).toEqual({ applications: [], notListed: 0, outOfScope: 2 });
    expect((await sameAadhaarAs(science.applicationNo, artsAdmin.cookie)).statusCode).toBe(403);

    const bothAdmin = await departmentAdminOf(degree.arts, degree.science);
    const both = (await sameAadhaarAs(arts.applicationNo, bothAdmin.cookie)).json().data;
    expect(both.applications.map((row: { applicationNo: string }) => row.applicationNo)).toEqual([science.applicationNo, expect.any(String)]);
    expect(both).toMatchObject({ notListed: 0, outOfScope: 0 });

    const scienceAdmin = await departmentAdminOf(degree.science);
    const fromScience = (await sameAadhaarAs(science.applicationNo, scienceAdmin.cookie)).json().data;
    expect(fromScience.applications).toHaveLength(1);
    expect(fromScience).toMatchObject({ notListed: 0, outOfScope: 1 });
  });

  it("lists the first 20 and counts the rest", async () => {
    const aadharNo = freshAadhaar();
    const sharing = [];
    for (let index = 0; index < 22; index += 1) sharing.push(await applicantWith({ aadharNo }));
    const answer = (await sameAadhaarAs(sharing[21]!.applicationNo)).json().data;
    expect(answer.applications.map((row: { applicationNo: string }) => row.applicationNo)).toEqual(sharing.slice(0, 20).map((person) => person.applicationNo));
    expect(answer).toMatchObject({ notListed: 1, outOfScope: 0 });
  });

  it("answers for a number itself, before any application is made with it (a walk-in being entered)", async () => {
    const aadharNo = freshAadhaar();
    expect((await sameAadhaarByNumber(aadharNo)).json().data).toEqual({ applications: [], notListed: 0, outOfScope: 0 });
    const arts = await applicantWith({ aadharNo });
    await applicantWith({ aadharNo }, degree.science);
    const answer = (await sameAadhaarByNumber(aadharNo)).json().data;
    expect(answer.applications.map((row: { applicationNo: string }) => row.applicationNo)).toEqual([arts.applicationNo, expect.any(String)]);
    const artsAdmin = await departmentAdminOf(degree.arts);
    expect((await sameAadhaarByNumber(aadharNo, artsAdmin.cookie)).json().data).toMatchObject({ applications: [{ applicationNo: arts.applicationNo }], outOfScope: 1 });
    expect((await sameAadhaarByNumber(aadharNo, arts.cookie)).statusCode).toBe(403);
  });

  it("refuses a query of both, neither, or a number not of 12 digits (400)", async () => {
    const person = await applicant();
    for (const query of ["", `?applicationNo=${person.applicationNo}&aadharNo=${freshAadhaar()}`, "?aadharNo=12345"]) {
      expect((await test.app.inject({ url: `/booking/sameAadhaar${query}`, headers: { cookie: adminCookie } })).statusCode, query).toBe(400);
    }
  });

  it("is for staff, and answers 404 for an unknown application", async () => {
    const person = await applicant();
    expect((await test.app.inject({ url: `/booking/sameAadhaar?applicationNo=${person.applicationNo}` })).statusCode).toBe(401);
    expect((await sameAadhaarAs(person.applicationNo, person.cookie)).statusCode).toBe(403);
    expect((await sameAadhaarAs("UG-1999-999999")).statusCode).toBe(404);
  });
});

describe("GET /booking/admission?userName for department admins", () => {
  it("answers only applications of their degrees", async () => {
    const person = await applicant();
    const read = (cookie: string) => test.app.inject({ url: `/booking/admission?userName=${encodeURIComponent(person.user.userName)}`, headers: { cookie } });
    expect((await read((await departmentAdminOf(degree.science)).cookie)).statusCode).toBe(403);
    expect((await read((await departmentAdminOf()).cookie)).statusCode).toBe(403);
    const own = await read((await departmentAdminOf(degree.arts)).cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.applicationNo).toBe(person.applicationNo);
    expect((await read(adminCookie)).statusCode).toBe(200);
    expect((await read(person.cookie)).statusCode).toBe(200);
  });
});
