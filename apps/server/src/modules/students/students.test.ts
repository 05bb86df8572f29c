import { ROLE_ADMIN, ROLE_STUDENT, ROLE_USER, messages, notices, studentImportMessages, studentMessages, type AdmissionInput, type StudentListItem } from "@admissions/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, degrees, feePayments, feeStructures, feeTerms, paymentOrders, roles, students, users } from "../../db/schema/index.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { createUser, signIn, signInAs, signInAsDepartmentAdmin, submitApplicationAs, whoAmI } from "../../test/factories.js";
import { textOfPdf } from "../../test/pdf-text.js";

let test: TestApp;
let adminCookie: string;
const year = new Date().getFullYear();

/** Degrees of this file's own, so the students and fees are exactly what the tests put there. */
const degree = { arts: 0, science: 0, postgraduate: 0 };
const degreeNames = { arts: "B.A. STUDENT ARTS", science: "B.SC. STUDENT SCIENCE", postgraduate: "M.A. STUDENT" };

/** Each year and term costs the base plus year and term in rupees: arts year 1 term 2 is Rs.10,102. */
function structureOf(degreeId: number, code: string, base: number, years: number[]) {
  return years.flatMap((year) => [1, 2].map((term) => ({ degreeId, year, term, amountPaise: (base + year * 100 + term) * 100, feeCode: `${code}-Y${year}T${term}` })));
}
const artsYearTotal = (years: number[]) => years.reduce((sum, year) => sum + (10_000 + year * 100 + 1) + (10_000 + year * 100 + 2), 0);

interface Admitted {
  id: number;
  userName: string;
  applicationNo: string;
  admissionNo: string;
}

/** The people of this file: admitted by approving their applications, plus one imported without one. */
const people = {} as Record<"anitha" | "bala" | "chitra" | "deepa", Admitted> & { imported: Admitted };

async function insertDegree(name: string, courseId: number) {
  const [row] = await test.db.insert(degrees).values({ name, courseId }).returning();
  return row!.id;
}

const postgraduateForm: Partial<AdmissionInput> = {
  course: "PG",
  marksDetails: [],
  examDetails: { nameOfDegree: "B.A.", mainSubject: "English", mediumOfStudy: "English", universityName: "Madras", collegeName: "Presidency", collegePlace: "Chennai", yearOfStudy: "2025" },
};

/** An applicant who applies for the degree and is approved, as the office does it. */
async function admit(degreeId: number, name: string, whatsappNo: string): Promise<Admitted> {
  const session = await signInAs(test, ROLE_USER);
  const applicationNo = await submitApplicationAs(test, session, {
    courseSubjectId: degreeId,
    name,
    whatsappNo,
    ...(degreeId === degree.postgraduate && postgraduateForm),
  });
  const approved = await test.app.inject({
    method: "POST",
    url: "/booking/applicationStatus",
    headers: { cookie: adminCookie },
    payload: { message: "Admitted", status: "Approved", applicationNo },
  });
  expect(approved.statusCode).toBe(200);
  const [student] = await test.db.select().from(students).where(eq(students.userId, session.user.id));
  return { id: student!.id, userName: session.user.userName, applicationNo, admissionNo: student!.admissionNo };
}

/** A student as the import makes one: no application, fee terms of their own. */
async function importStudent(serial = "0900"): Promise<Admitted> {
  const user = await createUser(test.db, { role: ROLE_STUDENT });
  const admissionNo = `ADM-UG-${year - 1}-${serial}`;
  const [student] = await test.db
    .insert(students)
    .values({ userId: user.id, admissionNo, name: "ELANGO V", email: user.userName, mobile: "9840000005", courseId: 1, degreeId: degree.arts, currentYear: 2, admissionYear: year - 1 })
    .returning();
  return { id: student!.id, userName: user.userName, applicationNo: "", admissionNo };
}

/** Records a term as paid the way the fee payment does: the term Paid and one payment with its receipt. */
async function payTerm(studentId: number, academicYear: number, termNo: number, payment: { receiptNo: string; mode: string; reference?: string; paidAt: Date }) {
  const [term] = await test.db
    .update(feeTerms)
    .set({ status: "Paid", paidAt: payment.paidAt })
    .where(and(eq(feeTerms.studentId, studentId), eq(feeTerms.academicYear, academicYear), eq(feeTerms.termNo, termNo)))
    .returning();
  const [student] = await test.db.select({ degreeId: students.degreeId }).from(students).where(eq(students.id, studentId));
  await test.db.insert(feePayments).values({ feeTermId: term!.id, studentId, degreeId: student!.degreeId, amountPaise: term!.amountPaise, mode: payment.mode, reference: payment.reference ?? null, receiptNo: payment.receiptNo, paidAt: payment.paidAt });
}

beforeAll(async () => {
  test = await buildTestApp();
  degree.arts = await insertDegree(degreeNames.arts, 1);
  degree.science = await insertDegree(degreeNames.science, 1);
  degree.postgraduate = await insertDegree(degreeNames.postgraduate, 2);
  await test.db
    .insert(feeStructures)
    .values([...structureOf(degree.arts, "SART", 10_000, [1, 2, 3]), ...structureOf(degree.science, "SSCI", 20_000, [1, 2, 3]), ...structureOf(degree.postgraduate, "SPG", 30_000, [1, 2])]);
  adminCookie = (await signInAs(test, ROLE_ADMIN)).cookie;

  people.anitha = await admit(degree.arts, "Anitha R", "9840000001");
  people.bala = await admit(degree.arts, "Bala K", "9840000002");
  people.chitra = await admit(degree.science, "Chitra M", "9840000003");
  people.deepa = await admit(degree.postgraduate, "Deepa P", "9840000004");
  people.imported = await importStudent();

  await test.db.update(students).set({ currentYear: 2 }).where(eq(students.id, people.bala.id));
  await test.db.update(students).set({ status: "Completed", currentYear: 2 }).where(eq(students.id, people.deepa.id));
  // Chitra has paid everything: one term online, the rest in cash at the office.
  await payTerm(people.chitra.id, 1, 1, { receiptNo: "RCPT-S-0001", mode: "Online", reference: "TRK-77", paidAt: new Date("2026-06-10T09:00:00Z") });
  for (const [index, [academicYear, termNo]] of [[1, 2], [2, 1], [2, 2], [3, 1], [3, 2]].entries()) {
    await payTerm(people.chitra.id, academicYear!, termNo!, { receiptNo: `RCPT-S-010${index}`, mode: "Cash", paidAt: new Date(`2026-07-0${index + 1}T09:00:00Z`) });
  }
  // Bala has paid year 1 term 1.
  await payTerm(people.bala.id, 1, 1, { receiptNo: "RCPT-S-0002", mode: "Cheque", reference: "CHQ-123456", paidAt: new Date("2026-06-11T09:00:00Z") });
});
afterAll(async () => {
  await test.close();
});

type Call = { method?: "GET" | "POST"; url: string; payload?: object };
const call = ({ method = "GET", url, payload }: Call, cookie?: string) => test.app.inject({ method, url: `/booking${url}`, payload, headers: cookie ? { cookie } : {} });
const asAdmin = (request: Call) => call(request, adminCookie);
const filter = (payload: object, cookie = adminCookie) => call({ method: "POST", url: "/studentsFilter", payload: { pageNo: 0, pageSize: 20, ...payload } }, cookie);
const admissionNosOf = (response: { json: () => { data: { content: StudentListItem[] } } }) => response.json().data.content.map((row) => row.admissionNo);
const edit = (payload: object, cookie = adminCookie) => call({ method: "POST", url: "/students", payload }, cookie);

const departmentAdminOf = (...degreeIds: number[]) => signInAsDepartmentAdmin(test, ...degreeIds);

const studentRow = async (id: number) => (await test.db.select().from(students).where(eq(students.id, id)))[0]!;
const updatesOf = (admissionNo: string) =>
  test.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.action, "student.updated"), eq(activityLog.entityId, admissionNo)))
    .orderBy(asc(activityLog.id));
const allAdmissionNos = () => Object.values(people).map((person) => person.admissionNo);

describe("who may call", () => {
  const readCalls = (id: number): Call[] => [
    { url: "/students?pageNo=0&pageSize=10" },
    { method: "POST", url: "/studentsFilter", payload: { pageNo: 0, pageSize: 10 } },
    { url: `/students/${id}` },
  ];
  const editCall = (id: number): Call => ({ method: "POST", url: "/students", payload: { id, name: "ANITHA R", mobile: "9840000001", currentYear: 1, status: "Active" } });

  it("refuses the signed out (401) and applicants and students (403)", async () => {
    for (const request of [...readCalls(people.anitha.id), editCall(people.anitha.id)]) {
      expect((await call(request)).statusCode, request.url).toBe(401);
      for (const role of [ROLE_USER, ROLE_STUDENT]) {
        const { cookie } = await signInAs(test, role);
        expect((await call(request, cookie)).statusCode, `${role} ${request.url}`).toBe(403);
      }
    }
  });

  it("lets any staff member read, but only admins and department admins edit", async () => {
    await test.db.insert(roles).values({ name: "ROLE_ACCOUNTANT", description: "Accountant" }).onConflictDoNothing();
    const { cookie } = await signInAs(test, "ROLE_ACCOUNTANT");
    for (const request of readCalls(people.anitha.id)) expect((await call(request, cookie)).statusCode, request.url).toBe(200);
    const refused = await call(editCall(people.anitha.id), cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: "error", message: notices.forbidden });
  });
});

describe("GET /booking/students", () => {
  it("answers the paged shape for SPEC.md's pageSize of 10000, in admission-number order", async () => {
    const response = await asAdmin({ url: "/students?pageNo=0&pageSize=10000" });
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page).toMatchObject({ totalElements: 5, totalPages: 1, number: 0, size: 10000 });
    expect(page.content.map((row: StudentListItem) => row.admissionNo)).toEqual([...allAdmissionNos()].sort());
  });

  it("shows each student's record, degree and what is owed now: the terms of the years reached, while admitted", async () => {
    const page = (await asAdmin({ url: "/students?pageSize=10000" })).json().data;
    const anitha = page.content.find((row: StudentListItem) => row.id === people.anitha.id);
    expect(anitha).toEqual({
      id: people.anitha.id,
      admissionNo: people.anitha.admissionNo,
      name: "ANITHA R",
      userName: people.anitha.userName,
      mobile: "9840000001",
      course: "UG",
      courseId: 1,
      degree: degreeNames.arts,
      degreeId: degree.arts,
      currentYear: 1,
      admissionYear: year,
      status: "Active",
      // Approval wrote the terms of all three years; the first year's are owed now.
      feesDue: 2,
      amountDue: artsYearTotal([1]),
    });
    expect(people.anitha.admissionNo).toMatch(new RegExp(`^ADM-UG-${year}-\\d{4}$`));
    const bala = page.content.find((row: StudentListItem) => row.id === people.bala.id);
    expect(bala).toMatchObject({ currentYear: 2, feesDue: 3, amountDue: artsYearTotal([1, 2]) - 10_101 });
    const chitra = page.content.find((row: StudentListItem) => row.id === people.chitra.id);
    expect(chitra).toMatchObject({ degree: degreeNames.science, feesDue: 0, amountDue: 0 });
    // Completed with her terms unpaid: she still owes them.
    const deepa = page.content.find((row: StudentListItem) => row.id === people.deepa.id);
    expect(deepa).toMatchObject({ status: "Completed", feesDue: 4 });
    const imported = page.content.find((row: StudentListItem) => row.id === people.imported.id);
    expect(imported).toMatchObject({ name: "ELANGO V", admissionYear: year - 1, feesDue: 0, amountDue: 0 });
  });

  it("pages without repeating or skipping anyone, and past the end answers an empty page", async () => {
    const seen: string[] = [];
    for (const pageNo of [0, 1, 2]) {
      const page = (await asAdmin({ url: `/students?pageNo=${pageNo}&pageSize=2` })).json().data;
      expect(page).toMatchObject({ totalElements: 5, totalPages: 3, number: pageNo, size: 2 });
      seen.push(...page.content.map((row: StudentListItem) => row.admissionNo));
    }
    expect(seen).toEqual([...allAdmissionNos()].sort());
    const beyond = (await asAdmin({ url: "/students?pageNo=9&pageSize=2" })).json().data;
    expect(beyond).toMatchObject({ content: [], totalElements: 5, number: 9 });
  });

  it.each([["pageSize=10001"], ["pageSize=0"], ["pageNo=-1"], ["currentYear=4"]])("answers 400 for %s", async (query) => {
    const response = await asAdmin({ url: `/students?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe("error");
  });
});

describe("POST /booking/studentsFilter", () => {
  it.each([
    ["course", () => ({ courseId: 2 }), () => [people.deepa]],
    ["degree", () => ({ degreeId: degree.science }), () => [people.chitra]],
    ["current year", () => ({ currentYear: 2 }), () => [people.bala, people.deepa, people.imported]],
    ["status", () => ({ status: "Completed" }), () => [people.deepa]],
    ["fees owed now", () => ({ feeStatus: "Due" }), () => [people.anitha, people.bala, people.deepa]],
    ["nothing owed now (no terms included)", () => ({ feeStatus: "Paid" }), () => [people.chitra, people.imported]],
    ["several at once", () => ({ degreeId: degree.arts, currentYear: 2, feeStatus: "Due" }), () => [people.bala]],
  ])("filters by %s", async (_name, body, expected) => {
    const response = await filter(body());
    expect(response.statusCode).toBe(200);
    expect(admissionNosOf(response)).toEqual(expected().map((person) => person.admissionNo).sort());
    expect(response.json().data.totalElements).toBe(expected().length);
  });

  it("counts as due only what is owed now: not a year not reached yet, nor a withdrawn admission's terms", async () => {
    /** The fee status filter that lists the person: each lists exactly one of them. */
    const listedUnder = async (person: Admitted) => {
      const listed = await Promise.all(
        (["Due", "Paid"] as const).map(async (feeStatus) => ({
          feeStatus,
          lists: ((await filter({ feeStatus })).json().data.content as StudentListItem[]).some((row) => row.id === person.id),
        })),
      );
      return listed.filter(({ lists }) => lists).map(({ feeStatus }) => feeStatus);
    };
    // Chitra, in year 1, has paid every term; one of year 3 left unpaid is not owed until she reaches it.
    const yearThreeTerm = and(eq(feeTerms.studentId, people.chitra.id), eq(feeTerms.academicYear, 3), eq(feeTerms.termNo, 2));
    await test.db.update(feeTerms).set({ status: "Due" }).where(yearThreeTerm);
    expect(await listedUnder(people.chitra)).toEqual(["Paid"]);
    await test.db.update(students).set({ currentYear: 3 }).where(eq(students.id, people.chitra.id));
    expect(await listedUnder(people.chitra)).toEqual(["Due"]);
    await test.db.update(students).set({ currentYear: 1 }).where(eq(students.id, people.chitra.id));
    await test.db.update(feeTerms).set({ status: "Paid" }).where(yearThreeTerm);
    // Bala owes three terms until his admission is withdrawn.
    expect(await listedUnder(people.bala)).toEqual(["Due"]);
    await test.db.update(students).set({ status: "Cancelled" }).where(eq(students.id, people.bala.id));
    expect(await listedUnder(people.bala)).toEqual(["Paid"]);
    await test.db.update(students).set({ status: "Active" }).where(eq(students.id, people.bala.id));
  });

  it("takes the original client's empty filters (null and '') as no filter", async () => {
    const response = await filter({ search: "", courseId: null, degreeId: "", currentYear: null, status: "", feeStatus: null, sort: null, order: "" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.totalElements).toBe(5);
  });

  it("sorts by the chosen column, the id breaking ties", async () => {
    expect(admissionNosOf(await filter({ sort: "name", order: "desc", degreeId: degree.arts }))).toEqual(
      [people.imported, people.bala, people.anitha].map((person) => person.admissionNo),
    );
    const byAmount = (await filter({ sort: "amountDue", order: "desc" })).json().data.content as StudentListItem[];
    expect(byAmount.map((row) => row.amountDue)).toEqual([...byAmount.map((row) => row.amountDue)].sort((a, b) => b - a));
    expect(byAmount[0]!.id).toBe(people.deepa.id);
  });

  it.each([
    ["a name's start, in any case", "ani", () => [people.anitha]],
    ["a name by its words in another order, the initial first", "r anith", () => [people.anitha]],
    ["an admission number's start", () => people.chitra.admissionNo.slice(0, -1), () => allStudentsOfPrefix(people.chitra.admissionNo.slice(0, -1))],
    ["a whole admission number", () => people.bala.admissionNo, () => [people.bala]],
    ["the e-mail, in any case", () => people.deepa.userName.toUpperCase(), () => [people.deepa]],
    ["the mobile, however it is typed", "98400 00003", () => [people.chitra]],
  ])("searches %s", async (_name, term, expected) => {
    const search = typeof term === "function" ? term() : term;
    expect(admissionNosOf(await filter({ search }))).toEqual(expected().map((person) => person.admissionNo).sort());
  });

  it("takes LIKE's wildcards literally and matches nothing with them", async () => {
    for (const search of ["%", "_NITHA", "A%R"]) expect(admissionNosOf(await filter({ search })), search).toEqual([]);
  });

  it.each([
    [{ currentYear: 4 }, studentMessages.yearInvalid],
    [{ status: "Graduated" }, studentMessages.statusInvalid],
    [{ feeStatus: "Overdue" }, undefined],
    [{ sort: "password" }, undefined],
    [{ pageSize: 10_001 }, undefined],
  ])("refuses %j with 400", async (body, message) => {
    const response = await filter(body);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
  });
});

/** The admitted people whose admission number starts with the prefix. */
function allStudentsOfPrefix(prefix: string) {
  return Object.values(people).filter((person) => person.admissionNo.startsWith(prefix));
}

describe("department admins", () => {
  it("see, open and edit only the students of their degrees", async () => {
    const { cookie } = await departmentAdminOf(degree.arts);
    const list = await call({ url: "/students?pageNo=0&pageSize=10000" }, cookie);
    expect(admissionNosOf(list)).toEqual([people.anitha, people.bala, people.imported].map((person) => person.admissionNo).sort());
    expect(admissionNosOf(await filter({ degreeId: degree.science }, cookie))).toEqual([]);
    expect(admissionNosOf(await filter({ search: "chitra" }, cookie))).toEqual([]);

    expect((await call({ url: `/students/${people.anitha.id}` }, cookie)).statusCode).toBe(200);
    expect((await call({ url: `/students/${people.chitra.id}` }, cookie)).statusCode).toBe(403);

    const before = await studentRow(people.chitra.id);
    const refused = await edit({ id: people.chitra.id, name: "CHITRA", mobile: "9840000003", currentYear: 2, status: "Active" }, cookie);
    expect(refused.statusCode).toBe(403);
    expect(await studentRow(people.chitra.id)).toEqual(before);
    expect(await updatesOf(people.chitra.admissionNo)).toEqual([]);

    const allowed = await edit({ id: people.imported.id, name: "ELANGO VEL", mobile: "9840000005", currentYear: 2, status: "Active" }, cookie);
    expect(allowed.statusCode).toBe(200);
    await edit({ id: people.imported.id, name: "ELANGO V", mobile: "9840000005", currentYear: 2, status: "Active" }, cookie);
  });

  it("keep the record of a student whose admission went to another degree, not the form, and cannot readmit them", async () => {
    const moved = await admit(degree.arts, "Ezhil N", "9840000006");
    const transferred = await asAdmin({ method: "POST", url: "/applicationStatus", payload: { message: "Seats full", status: "Transferred", applicationNo: moved.applicationNo, degreeId: degree.science } });
    expect(transferred.statusCode).toBe(200);
    const arts = await departmentAdminOf(degree.arts);

    const page = await call({ url: `/students/${moved.id}` }, arts.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ student: { id: moved.id, status: "Cancelled" }, application: null });
    expect((await asAdmin({ url: `/students/${moved.id}` })).json().data.application).toMatchObject({ applicationNo: moved.applicationNo });

    const readmitted = await edit({ id: moved.id, name: "Ezhil N", mobile: "9840000006", currentYear: 1, status: "Active" }, arts.cookie);
    expect(readmitted.statusCode).toBe(400);
    expect(readmitted.json().data.errors).toEqual([{ field: "status", message: studentMessages.applicationNotApproved }]);
    expect(await studentRow(moved.id)).toMatchObject({ status: "Cancelled" });
    expect((await test.db.select({ role: users.role }).from(users).where(eq(users.userName, moved.userName)))[0]!.role).toBe(ROLE_USER);
  });

  it("with no degrees assigned see no students", async () => {
    const { cookie } = await departmentAdminOf();
    const page = (await call({ url: "/students?pageNo=0&pageSize=10000" }, cookie)).json().data;
    expect(page).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });
});

describe("GET /booking/students/{id}", () => {
  it("answers the record, the application form as GET admission answers it, the fee terms and no payments yet", async () => {
    const response = await asAdmin({ url: `/students/${people.anitha.id}` });
    expect(response.statusCode).toBe(200);
    const { student, application, feeTerms: terms, payments } = response.json().data;
    expect(student).toMatchObject({ id: people.anitha.id, admissionNo: people.anitha.admissionNo, name: "ANITHA R", email: people.anitha.userName, feesDue: 2 });
    expect(new Date(student.createdAt).getFullYear()).toBe(year);

    const admission = (await asAdmin({ url: `/admission?userName=${encodeURIComponent(people.anitha.userName)}` })).json().data;
    expect(application).toEqual(admission);
    expect(application).toMatchObject({ applicationNo: people.anitha.applicationNo, admissionNo: people.anitha.admissionNo, applicationStatus: "Approved" });

    expect(terms).toHaveLength(6);
    expect(terms[1]).toEqual({ id: expect.any(Number), academicYear: 1, termNo: 2, termAmount: 10_102, feeCode: "SART-Y1T2", status: "Due", paidAt: null, receiptNo: null, mode: null });
    expect(terms.map((term: { academicYear: number; termNo: number }) => `${term.academicYear}.${term.termNo}`)).toEqual(["1.1", "1.2", "2.1", "2.2", "3.1", "3.2"]);
    expect(payments).toEqual([]);
  });

  it("shows what paid each term and every payment in the order made", async () => {
    const { feeTerms: terms, payments } = (await asAdmin({ url: `/students/${people.chitra.id}` })).json().data;
    expect(terms[0]).toEqual({
      id: expect.any(Number),
      academicYear: 1,
      termNo: 1,
      termAmount: 20_101,
      feeCode: "SSCI-Y1T1",
      status: "Paid",
      paidAt: "2026-06-10T09:00:00.000Z",
      receiptNo: "RCPT-S-0001",
      mode: "Online",
    });
    expect(payments).toHaveLength(6);
    expect(payments[0]).toEqual({ receiptNo: "RCPT-S-0001", paidAt: "2026-06-10T09:00:00.000Z", amount: 20_101, mode: "Online", reference: "TRK-77", academicYear: 1, termNo: 1, cancelledAt: null, cancelledBy: null, cancelReason: null });
    expect(payments[1]).toMatchObject({ receiptNo: "RCPT-S-0100", mode: "Cash", reference: null, academicYear: 1, termNo: 2 });
  });

  it("answers application null for an imported student", async () => {
    const { student, application, feeTerms: terms } = (await asAdmin({ url: `/students/${people.imported.id}` })).json().data;
    expect(student).toMatchObject({ name: "ELANGO V", userName: people.imported.userName });
    expect(application).toBeNull();
    expect(terms).toEqual([]);
  });

  it("answers 404 for a student that does not exist and 400 for an id that is not one", async () => {
    const missing = await asAdmin({ url: "/students/999999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: "error", message: notices.notFound });
    expect((await asAdmin({ url: "/students/abc" })).statusCode).toBe(400);
  });
});

describe("POST /booking/students", () => {
  const valid = () => ({ id: people.anitha.id, name: "Anitha R", mobile: "9840000001", currentYear: 1, status: "Active" });

  it("changes the name (as the admission form keeps it), mobile and status, with the activity entry", async () => {
    const response = await edit({ ...valid(), name: "  anitha  ravi. ", mobile: "+91 98400 11111", status: "Cancelled" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: "success",
      message: studentMessages.updated,
      data: { id: people.anitha.id, name: "ANITHA RAVI", mobile: "9840011111", currentYear: 1, status: "Cancelled", admissionNo: people.anitha.admissionNo, feesDue: 0 },
    });
    expect(await studentRow(people.anitha.id)).toMatchObject({ name: "ANITHA RAVI", mobile: "9840011111", currentYear: 1, status: "Cancelled" });

    const [entry] = await updatesOf(people.anitha.admissionNo);
    expect(entry).toMatchObject({
      entityType: "student",
      summary: `Changed student ${people.anitha.admissionNo}: name ANITHA R to ANITHA RAVI, mobile 9840000001 to 9840011111, status Active to Cancelled`,
      details: {
        from: { name: "ANITHA R", mobile: "9840000001", currentYear: 1, status: "Active" },
        to: { name: "ANITHA RAVI", mobile: "9840011111", currentYear: 1, status: "Cancelled" },
        feeTermsCreated: 0,
      },
    });

    // Cancelled, the account is an applicant's again, as a decision leaves it; Active again, a student's.
    const roleOfAnitha = async () => (await test.db.select({ role: users.role }).from(users).where(eq(users.userName, people.anitha.userName)))[0]!.role;
    expect(await roleOfAnitha()).toBe(ROLE_USER);
    expect((await edit(valid())).statusCode).toBe(200);
    expect(await studentRow(people.anitha.id)).toMatchObject({ name: "ANITHA R", mobile: "9840000001", currentYear: 1, status: "Active" });
    expect(await updatesOf(people.anitha.admissionNo)).toHaveLength(2);
    expect(await roleOfAnitha()).toBe(ROLE_STUDENT);
  });

  it("refuses a year the student's admission has not reached yet, as the import does, and changes nothing", async () => {
    const before = await snapshot();
    const response = await edit({ ...valid(), currentYear: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: "currentYear", message: studentImportMessages.yearNotReached }]);
    expect(await snapshot()).toEqual(before);
  });

  it("gives a student put in another year the fee terms of that year and the later ones they lack", async () => {
    const moved = await importStudent("0901");
    const termsOf = async () =>
      (await test.db.select().from(feeTerms).where(eq(feeTerms.studentId, moved.id)).orderBy(asc(feeTerms.academicYear), asc(feeTerms.termNo))).map(
        (term) => `${term.feeCode} ${term.amountPaise} ${term.status}`,
      );
    await test.db.insert(feeTerms).values(structureOf(degree.arts, "SART", 10_000, [2, 3]).map(({ degreeId: _degree, year, term, ...rest }) => ({ studentId: moved.id, academicYear: year, termNo: term, ...rest })));
    const imported = await termsOf();
    const move = (currentYear: number) => edit({ id: moved.id, name: "ELANGO V", mobile: "9840000005", currentYear, status: "Active" });

    // Year 1's two terms are owed now; the later years' come due as the student reaches them.
    expect((await move(1)).json().data).toMatchObject({ currentYear: 1, feesDue: 2 });
    expect(await termsOf()).toEqual(["SART-Y1T1 1010100 Due", "SART-Y1T2 1010200 Due", ...imported]);
    const [entry] = await updatesOf(moved.admissionNo);
    expect(entry).toMatchObject({ summary: `Changed student ${moved.admissionNo}: currentYear 2 to 1; 2 fee terms added from the degree's fee structure`, details: { feeTermsCreated: 2 } });

    // Back in year 2, every term is there already: none is made twice, and year 1's stay to be paid.
    expect((await move(2)).statusCode).toBe(200);
    expect(await termsOf()).toEqual(["SART-Y1T1 1010100 Due", "SART-Y1T2 1010200 Due", ...imported]);
    expect((await updatesOf(moved.admissionNo)).at(-1)).toMatchObject({ details: { feeTermsCreated: 0 } });
  });

  it("gives a student made Active again the terms of a year they were put in while not Active", async () => {
    const moved = await importStudent("0902");
    const feeCodes = async () => (await test.db.select().from(feeTerms).where(eq(feeTerms.studentId, moved.id)).orderBy(asc(feeTerms.academicYear), asc(feeTerms.termNo))).map((term) => term.feeCode);
    const imported = await feeCodes();
    const save = (status: string) => edit({ id: moved.id, name: "ELANGO V", mobile: "9840000005", currentYear: 1, status });

    // Put back in year 1 while cancelled, the student owes nothing and is given no terms.
    expect((await save("Cancelled")).json().data).toMatchObject({ currentYear: 1, status: "Cancelled", feesDue: 0 });
    expect(await feeCodes()).toEqual(imported);
    expect((await save("Active")).json().data).toMatchObject({ currentYear: 1, status: "Active", feesDue: 2 });
    // Year 1's two terms are owed now; the later years' come due as the student reaches them.
    expect(await feeCodes()).toEqual(["SART-Y1T1", "SART-Y1T2", "SART-Y2T1", "SART-Y2T2", "SART-Y3T1", "SART-Y3T2"]);
    expect((await updatesOf(moved.admissionNo)).at(-1)).toMatchObject({ summary: `Changed student ${moved.admissionNo}: status Cancelled to Active; 6 fee terms added from the degree's fee structure` });
  });

  it("writes nothing when nothing changes, and accepts the fixed facts sent back unchanged", async () => {
    const before = await updatesOf(people.anitha.admissionNo);
    const response = await edit({
      ...valid(),
      email: people.anitha.userName.toUpperCase(),
      userName: people.anitha.userName,
      admissionNo: people.anitha.admissionNo.toLowerCase(),
      courseId: 1,
      degreeId: degree.arts,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: "ANITHA R", status: "Active" });
    expect(await updatesOf(people.anitha.admissionNo)).toEqual(before);
  });

  /** Everything an edit may change, to prove a refused one changed nothing. */
  const snapshot = async () => ({
    student: await studentRow(people.anitha.id),
    activities: (await test.db.select({ count: sql<number>`count(*)::int` }).from(activityLog))[0]!.count,
  });

  it.each([
    ["without an id (students are made by approval and import)", { id: undefined }, "id", studentMessages.idRequired],
    ["with an id that is not one", { id: "first" }, "id", studentMessages.idRequired],
    ["with a blank name", { name: " 123 " }, "name", messages.nameRequired],
    ["with a mobile that is not one", { mobile: "12345" }, "mobile", messages.studentMobileRequired],
    ["with year 4", { currentYear: 4 }, "currentYear", studentMessages.yearInvalid],
    ["with year 0", { currentYear: 0 }, "currentYear", studentMessages.yearInvalid],
    ["with an unknown status", { status: "Graduated" }, "status", studentMessages.statusInvalid],
    ["changing the e-mail", { email: "someone.else@example.in" }, "email", studentMessages.fixedFields],
    ["changing the account", { userName: "someone.else@example.in" }, "userName", studentMessages.fixedFields],
    ["changing the admission number", { admissionNo: "ADM-UG-2020-0001" }, "admissionNo", studentMessages.fixedFields],
    ["changing the degree", { degreeId: 999 }, "degreeId", studentMessages.fixedFields],
    ["changing the course", { courseId: 2 }, "courseId", studentMessages.fixedFields],
  ])("answers 400 %s and changes nothing", async (_case, change, field, message) => {
    const before = await snapshot();
    const response = await edit({ ...valid(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: "error", message, data: { errors: [{ field, message }] } });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses with 409 an edit made over a record someone has changed since it was opened, and changes nothing", async () => {
    const opened = (await asAdmin({ url: `/students/${people.anitha.id}` })).json().data.student;
    expect(Date.parse(opened.updatedAt)).toBe((await studentRow(people.anitha.id)).updatedAt.getTime());
    // A colleague changes the mobile; the first edit, opened before, would put the old one back.
    const colleagues = await edit({ ...valid(), mobile: "9840022222", updatedAt: opened.updatedAt });
    expect(colleagues.statusCode).toBe(200);
    const before = await snapshot();

    const stale = await edit({ ...valid(), status: "Completed", updatedAt: opened.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: "error", message: studentMessages.outdated });
    expect(await snapshot()).toEqual(before);

    // Made again over the record as it is now, the edit keeps the colleague's mobile.
    const again = await edit({ ...valid(), mobile: "9840022222", status: "Completed", updatedAt: colleagues.json().data.updatedAt });
    expect(again.statusCode).toBe(200);
    expect(await studentRow(people.anitha.id)).toMatchObject({ mobile: "9840022222", status: "Completed" });
    expect((await edit({ ...valid(), updatedAt: "yesterday" })).json()).toMatchObject({ data: { errors: [{ field: "updatedAt", message: studentMessages.outdated }] } });
    expect((await edit(valid())).statusCode).toBe(200);
  });

  it("answers 400 with the same clear message for an empty body", async () => {
    const response = await test.app.inject({ method: "POST", url: "/booking/students", headers: { cookie: adminCookie, "content-type": "application/json" }, payload: "null" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(studentMessages.idRequired);
  });

  it("answers 404 for a student that does not exist", async () => {
    const response = await edit({ ...valid(), id: 999_999 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: "error", message: notices.notFound });
  });
});

describe("an imported student's e-mail", () => {
  const detailOf = async (id: number) => (await call({ url: `/students/${id}` }, adminCookie)).json().data;
  const accountOf = async (studentId: number) => {
    const [row] = await test.db.select({ userName: users.userName, email: students.email }).from(students).innerJoin(users, eq(users.id, students.userId)).where(eq(students.id, studentId));
    return row!;
  };
  const change = (student: Admitted, email: string, extra: object = {}) =>
    edit({ id: student.id, name: "ELANGO V", mobile: "9840000005", currentYear: 2, status: "Active", email, ...extra });

  it("is corrected while nobody has signed in with it: the record and the sign-in, with the activity entry", async () => {
    const student = await importStudent("0911");
    expect((await detailOf(student.id)).emailCorrectable).toBe(true);
    expect((await detailOf(people.anitha.id)).emailCorrectable).toBe(false);

    const corrected = `  Elango.V.${student.id}@Example.in `;
    const response = await change(student, corrected, { userName: student.userName });
    expect(response.statusCode, response.body).toBe(200);
    const wanted = corrected.trim().toLowerCase();
    expect(response.json().data).toMatchObject({ email: wanted, userName: wanted });
    expect(await accountOf(student.id)).toEqual({ userName: wanted, email: wanted });

    const [entry] = await test.db.select().from(activityLog).where(and(eq(activityLog.action, "student.updated"), eq(activityLog.entityId, student.admissionNo)));
    expect(entry!.summary).toBe(`Changed student ${student.admissionNo}: email ${student.userName} to ${wanted}`);
    expect(entry!.details).toMatchObject({ from: { email: student.userName }, to: { email: wanted } });

    // The student signs in with the corrected e-mail; from then on it is theirs.
    const cookie = await signIn(test, wanted);
    expect((await whoAmI(test, cookie)).json().data).toMatchObject({ userName: wanted });
    expect((await detailOf(student.id)).emailCorrectable).toBe(false);
    const again = await change(student, `another.${student.id}@example.in`);
    expect(again.statusCode).toBe(400);
    expect(again.json().data.errors).toEqual([{ field: "email", message: studentMessages.emailInUse }]);
    expect(await accountOf(student.id)).toEqual({ userName: wanted, email: wanted });
  });

  it.each([
    ["not an e-mail", "elango at example", studentMessages.emailInvalid],
    ["another account's", "taken", studentMessages.emailTaken],
  ])("refuses %s with 400 under the field and changes nothing", async (_case, email, message) => {
    const student = await importStudent(email === "taken" ? "0913" : "0912");
    const other = await createUser(test.db);
    const response = await change(student, email === "taken" ? other.userName.toUpperCase() : email);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: "email", message }]);
    expect(await accountOf(student.id)).toEqual({ userName: student.userName, email: student.userName });
  });

  it("refuses a user name that is neither the old e-mail nor the corrected one", async () => {
    const student = await importStudent("0914");
    const response = await change(student, `right.${student.id}@example.in`, { userName: `third.${student.id}@example.in` });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: "userName", message: studentMessages.fixedFields }]);
    expect(await accountOf(student.id)).toEqual({ userName: student.userName, email: student.userName });
  });
});

describe("an imported student's admission number", () => {
  const detailOf = async (id: number) => (await call({ url: `/students/${id}` }, adminCookie)).json().data;
  const change = (student: Admitted, admissionNo: string) => edit({ id: student.id, name: "ELANGO V", mobile: "9840000005", currentYear: 2, status: "Active", admissionNo });

  it("is corrected, on the record and every receipt, with the activity entry under the old number", async () => {
    const student = await importStudent("0921");
    expect((await detailOf(student.id)).admissionNoCorrectable).toBe(true);
    expect((await detailOf(people.anitha.id)).admissionNoCorrectable).toBe(false);
    await test.db.insert(feeTerms).values({ studentId: student.id, academicYear: 2, termNo: 1, amountPaise: 2_500_000, feeCode: "ART-Y2T1", status: "Due" });
    await payTerm(student.id, 2, 1, { receiptNo: "RCPT-S-0921", mode: "Cash", paidAt: new Date("2026-06-12T09:00:00Z") });

    const response = await change(student, `  adm-ug-${year - 1}-0291 `);
    expect(response.statusCode, response.body).toBe(200);
    const corrected = `ADM-UG-${year - 1}-0291`;
    expect(response.json().data).toMatchObject({ admissionNo: corrected });
    expect((await studentRow(student.id)).admissionNo).toBe(corrected);
    const [entry] = await updatesOf(student.admissionNo);
    expect(entry!.summary).toBe(`Changed student ${student.admissionNo}: admissionNo ${student.admissionNo} to ${corrected}`);
    expect(entry!.details).toMatchObject({ from: { admissionNo: student.admissionNo }, to: { admissionNo: corrected } });

    // The receipt is printed from the record: it names the corrected number.
    const receipt = await call({ url: "/feeReceipt/RCPT-S-0921" }, adminCookie);
    expect(receipt.statusCode).toBe(200);
    expect(textOfPdf(receipt.rawPayload)).toContain(corrected);
    expect(admissionNosOf(await filter({ search: corrected }))).toEqual([corrected]);
  });

  it.each([
    ["not one", "ADM UG #1", studentMessages.admissionNoInvalid],
    ["another student's", "taken", studentMessages.admissionNoTaken],
  ])("refuses %s with 400 under the field and changes nothing", async (_case, admissionNo, message) => {
    const student = await importStudent(admissionNo === "taken" ? "0923" : "0922");
    const response = await change(student, admissionNo === "taken" ? people.anitha.admissionNo.toLowerCase() : admissionNo);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: "admissionNo", message }]);
    expect((await studentRow(student.id)).admissionNo).toBe(student.admissionNo);
    expect(await updatesOf(student.admissionNo)).toEqual([]);
  });
});

describe("an imported student's degree", () => {
  const detailOf = async (id: number) => (await call({ url: `/students/${id}` }, adminCookie)).json().data;
  const change = (student: Admitted, degreeId: number, extra: object = {}, cookie = adminCookie) =>
    edit({ id: student.id, name: "ELANGO V", mobile: "9840000005", currentYear: 2, status: "Active", degreeId, ...extra }, cookie);
  const termsOf = async (studentId: number) =>
    (await test.db.select().from(feeTerms).where(eq(feeTerms.studentId, studentId)).orderBy(asc(feeTerms.academicYear), asc(feeTerms.termNo))).map((term) => term.feeCode);

  it("is corrected, with the course, while no fee was paid or begun: the new degree's terms replace the old", async () => {
    const student = await importStudent("0931");
    await test.db.insert(feeTerms).values(structureOf(degree.arts, "SART", 10_000, [2, 3]).map(({ year, term, amountPaise, feeCode }) => ({ studentId: student.id, academicYear: year, termNo: term, amountPaise, feeCode })));
    expect((await detailOf(student.id)).degreeCorrectable).toBe(true);
    expect((await detailOf(people.anitha.id)).degreeCorrectable).toBe(false);

    // Sent with the course it had (the whole record back): the course follows the degree.
    const response = await change(student, degree.postgraduate, { courseId: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ degreeId: degree.postgraduate, degree: degreeNames.postgraduate, courseId: 2, course: "PG" });
    expect(await termsOf(student.id)).toEqual(["SPG-Y2T1", "SPG-Y2T2"]);
    const [entry] = await updatesOf(student.admissionNo);
    expect(entry!.summary).toBe(`Changed student ${student.admissionNo}: course UG to PG, degree ${degreeNames.arts} to ${degreeNames.postgraduate}; 2 fee terms added from the degree's fee structure`);
    expect(entry!.details).toMatchObject({ from: { course: "UG", degree: degreeNames.arts }, to: { course: "PG", degree: degreeNames.postgraduate }, feeTermsCreated: 2 });
  });

  it("is no longer corrected once a fee was paid, begun online or cancelled after payment", async () => {
    const student = await importStudent("0932");
    await test.db.insert(feeTerms).values({ studentId: student.id, academicYear: 2, termNo: 1, amountPaise: 1_020_100, feeCode: "SART-Y2T1" });
    await payTerm(student.id, 2, 1, { receiptNo: "RCPT-S-0932", mode: "Cash", paidAt: new Date("2026-06-12T09:00:00Z") });
    expect((await detailOf(student.id)).degreeCorrectable).toBe(false);
    const response = await change(student, degree.science);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: "degreeId", message: studentMessages.degreeFixedOnceFeesBegan }]);
    expect((await studentRow(student.id)).degreeId).toBe(degree.arts);
    expect(await termsOf(student.id)).toEqual(["SART-Y2T1"]);

    const begun = await importStudent("0933");
    const [term] = await test.db.insert(feeTerms).values({ studentId: begun.id, academicYear: 2, termNo: 1, amountPaise: 1_020_100, feeCode: "SART-Y2T1" }).returning();
    const [account] = await test.db.select({ userId: students.userId }).from(students).where(eq(students.id, begun.id));
    await test.db.insert(paymentOrders).values({ orderId: `SART-Y2T1-${begun.id}P1`, purpose: "fee", feeTermId: term!.id, userId: account!.userId, amountPaise: 1_020_100, status: "Failure" });
    expect((await detailOf(begun.id)).degreeCorrectable).toBe(false);
    expect((await change(begun, degree.science)).json().data.errors).toEqual([{ field: "degreeId", message: studentMessages.degreeFixedOnceFeesBegan }]);
  });

  it.each([
    ["a closed degree", "closed", studentMessages.degreeInvalid],
    ["a degree outside a department admin's own", "elsewhere", studentMessages.degreeInvalid],
    ["a degree whose fees stop before the student's year", "short", studentMessages.degreeWithoutFees],
    ["an admitted applicant's degree", "admitted", studentMessages.fixedFields],
  ])("refuses %s with 400 under the field and changes nothing", async (_case, kind, message) => {
    const student = kind === "admitted" ? people.bala : await importStudent(`094${["closed", "elsewhere", "short"].indexOf(kind)}`);
    let target = degree.science;
    let cookie = adminCookie;
    if (kind === "closed") {
      target = await insertDegree(`B.SC. CLOSED ${student.id}`, 1);
      await test.db.insert(feeStructures).values(structureOf(target, `SCL${student.id}`, 5_000, [1, 2, 3]));
      await test.db.update(degrees).set({ isActive: false }).where(eq(degrees.id, target));
    }
    if (kind === "short") {
      target = await insertDegree(`B.COM. SHORT ${student.id}`, 1);
      await test.db.insert(feeStructures).values(structureOf(target, `SSH${student.id}`, 5_000, [1]));
    }
    if (kind === "elsewhere") cookie = (await departmentAdminOf(degree.arts)).cookie;
    const before = await studentRow(student.id);
    const response = await edit({ id: student.id, name: before.name, mobile: before.mobile, currentYear: before.currentYear, status: before.status, degreeId: target }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: "degreeId", message }]);
    expect(await studentRow(student.id)).toEqual(before);
  });
});
