import {
  ROLE_ADMIN,
  ROLE_DEPARTMENT_ADMIN,
  ROLE_STUDENT,
  ROLE_USER,
  STUDENT_IMPORT_MAX_BYTES,
  XLSX_CONTENT_TYPE,
  messages,
  notices,
  studentImportMessages,
  type ImportLogEntry,
  type StudentImportPreview,
} from "@admissions/shared";
import ExcelJS from "exceljs";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, degrees, feeStructures, feeTerms, importLogs, staffDegrees, students, users } from "../../db/schema/index.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import {
  createUser,
  fixtures,
  latestMailTo,
  multipartBody,
  resetCodeIn,
  signIn,
  signInAs,
  submitApplicationAs,
  studentImportHeaders,
  studentsXlsx,
  whoAmI,
} from "../../test/factories.js";

let test: TestApp;
let adminCookie: string;
let department: Awaited<ReturnType<typeof signInAs>>;
const thisYear = new Date().getFullYear();

/** Degrees of this file's own, so what each one charges is exactly what the tests put there. */
const degreeNames = {
  arts: "B.A. IMPORT ARTS",
  science: "B.SC. IMPORT SCIENCE",
  withoutFees: "B.COM. IMPORT NO FEES",
  closed: "B.A. IMPORT CLOSED",
  postgraduate: "M.A. IMPORT",
} as const;
const degree = { arts: 0, science: 0, withoutFees: 0, closed: 0, postgraduate: 0 };

/** Two terms a year for the years given, Rs.(base + year*100 + term). */
function structureOf(degreeId: number, code: string, years: number, base: number) {
  return Array.from({ length: years }, (_unused, index) => index + 1).flatMap((year) =>
    [1, 2].map((term) => ({ degreeId, year, term, amountPaise: (base + year * 100 + term) * 100, feeCode: `${code}-Y${year}T${term}` })),
  );
}

async function insertDegree(name: string, courseId: number, isActive = true) {
  const [row] = await test.db.insert(degrees).values({ name, courseId, isActive }).returning();
  return row!.id;
}

beforeAll(async () => {
  test = await buildTestApp();
  degree.arts = await insertDegree(degreeNames.arts, 1);
  degree.science = await insertDegree(degreeNames.science, 1);
  degree.withoutFees = await insertDegree(degreeNames.withoutFees, 1);
  degree.closed = await insertDegree(degreeNames.closed, 1, false);
  degree.postgraduate = await insertDegree(degreeNames.postgraduate, 2);
  await test.db
    .insert(feeStructures)
    .values([
      ...structureOf(degree.arts, "IMPART", 3, 10_000),
      ...structureOf(degree.science, "IMPSCI", 3, 20_000),
      ...structureOf(degree.closed, "IMPCLO", 3, 5_000),
      ...structureOf(degree.postgraduate, "IMPPG", 2, 30_000),
    ]);
  adminCookie = (await signInAs(test, ROLE_ADMIN)).cookie;
  department = await signInAs(test, ROLE_DEPARTMENT_ADMIN);
  await test.db.insert(staffDegrees).values({ userId: department.user.id, degreeId: degree.arts });
});
afterAll(async () => {
  await test.close();
});

/** A student row as the template asks for it; each test gives its own admission number and e-mail. */
function studentRow(admissionNo: string, email: string, overrides: Partial<Record<"name" | "mobile" | "course" | "degree" | "currentYear" | "admissionYear", string | number>> = {}) {
  const row = { name: "Priya S", mobile: "98765 43210", course: "UG", degree: degreeNames.arts, currentYear: 2, admissionYear: thisYear - 1, ...overrides };
  return [admissionNo, row.name, email, row.mobile, row.course, row.degree, row.currentYear, row.admissionYear];
}

/** A CSV as Excel writes it in much of Europe: a byte-order mark, semicolons, and quotes where needed. */
function csvOf(rows: (string | number)[][], header: string[] = studentImportHeaders): Buffer {
  const quoted = (value: string | number) => (/[;"\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));
  return Buffer.from(`\uFEFF${[header, ...rows].map((row) => row.map(quoted).join(";")).join("\r\n")}\r\n`);
}

function send(url: string, file: { name: string; content: Buffer }, cookie: string = adminCookie) {
  const body = multipartBody({}, file);
  return test.app.inject({ method: "POST", url: `/booking${url}`, headers: { ...body.headers, cookie }, payload: body.payload });
}
const preview = (file: { name: string; content: Buffer }, cookie?: string) => send("/studentImport/preview", file, cookie);
const importFile = (file: { name: string; content: Buffer }, cookie?: string) => send("/studentImport", file, cookie);
const importLog = (query = "", cookie: string = adminCookie) => test.app.inject({ url: `/booking/importLog${query}`, headers: { cookie } });

const studentsNamed = (admissionNos: string[]) => test.db.select().from(students).where(inArray(students.admissionNo, admissionNos)).orderBy(asc(students.admissionNo));
const accountOf = async (userName: string) => (await test.db.select().from(users).where(eq(users.userName, userName)))[0];
const termsOf = (studentId: number) =>
  test.db.select().from(feeTerms).where(eq(feeTerms.studentId, studentId)).orderBy(asc(feeTerms.academicYear), asc(feeTerms.termNo));

/** Everything an import may write, to prove that a refused or previewed one wrote none of it. */
async function everything() {
  const total = async (table: typeof students | typeof users | typeof feeTerms | typeof activityLog) => (await test.db.select({ total: count() }).from(table))[0]!.total;
  return { students: await total(students), users: await total(users), feeTerms: await total(feeTerms), activity: await total(activityLog) };
}

describe("the template", () => {
  it("is an .xlsx with the header alone, the degrees the staff member may import into, and an example row on a sheet of its own", async () => {
    const response = await test.app.inject({ url: "/booking/studentImport/template", headers: { cookie: department.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="student-import-template.xlsx"');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const [sheet, list, example] = workbook.worksheets;
    expect((sheet!.getRow(1).values as string[]).slice(1)).toEqual(studentImportHeaders);
    // Nothing under the header to be imported by mistake: the example is on its own sheet.
    expect(sheet!.rowCount).toBe(1);
    expect(example!.name).toBe("Example");
    expect((example!.getRow(1).values as string[]).slice(1)).toEqual(studentImportHeaders);
    expect(example!.getRow(2).getCell(6).text).toBe(degreeNames.arts);
    // A department admin's template lists their degrees only.
    expect(list!.getSheetValues().slice(2).map((row) => (row as string[]).slice(1))).toEqual([["UG", degreeNames.arts]]);
  });

  it("lists every open degree for an admin, and none that is closed", async () => {
    const response = await test.app.inject({ url: "/booking/studentImport/template", headers: { cookie: adminCookie } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const listed = workbook.worksheets[1]!.getSheetValues().slice(2).map((row) => (row as string[])[2]);
    expect(listed).toEqual(expect.arrayContaining([degreeNames.arts, degreeNames.science, degreeNames.postgraduate]));
    expect(listed).not.toContain(degreeNames.closed);
  });
});

describe("the preview", () => {
  it("lists every bad row with all its reasons, counts the good ones and writes nothing", async () => {
    const staff = await createUser(test.db, { role: ROLE_ADMIN });
    const before = await everything();
    const file = await studentsXlsx([
      studentRow("PRV-001", "prv1@example.in"),
      studentRow("PRV-002", "prv2@example.in", { name: "", mobile: "12345" }),
      studentRow("PRV-003", "not an e-mail", { currentYear: 5 }),
      studentRow("PRV-004", "prv4@example.in", { degree: "B.A. NOWHERE" }),
      studentRow("PRV-005", "prv5@example.in", { degree: degreeNames.withoutFees }),
      studentRow("PRV-006", "prv6@example.in", { degree: degreeNames.closed }),
      studentRow("PRV-007", "prv7@example.in", { course: "PG", degree: degreeNames.postgraduate, currentYear: 3, admissionYear: thisYear - 2 }),
      studentRow("PRV-008", "prv8@example.in", { course: "DIPLOMA" }),
      studentRow("PRV-009", staff.userName),
      studentRow("PRV-010", "prv10@example.in", { admissionYear: "26" }),
      [],
      studentRow("prv-011", "PRV11@example.in", { course: "2", degree: degreeNames.postgraduate.toLowerCase(), currentYear: 1 }),
      studentRow("PRV-012", "twice@example.in"),
      studentRow("PRV-012", "twice@example.in"),
    ]);

    const response = await preview({ name: "students.xlsx", content: file });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().data as StudentImportPreview;
    expect(answer).toMatchObject({ fileName: "students.xlsx", totalRows: 13, valid: 2, duplicates: 0 });
    expect(answer.rejected).toEqual([
      { row: 3, admissionNo: "PRV-002", reasons: [messages.nameRequired, messages.studentMobileRequired] },
      { row: 4, admissionNo: "PRV-003", reasons: [messages.emailInvalid, studentImportMessages.currentYearInvalid] },
      { row: 5, admissionNo: "PRV-004", reasons: [studentImportMessages.degreeUnknown] },
      { row: 6, admissionNo: "PRV-005", reasons: [studentImportMessages.degreeWithoutFees] },
      { row: 7, admissionNo: "PRV-006", reasons: [studentImportMessages.degreeClosed] },
      { row: 8, admissionNo: "PRV-007", reasons: [studentImportMessages.yearBeyondDegree] },
      { row: 9, admissionNo: "PRV-008", reasons: [studentImportMessages.courseUnknown] },
      { row: 10, admissionNo: "PRV-009", reasons: [studentImportMessages.emailOfStaff] },
      { row: 11, admissionNo: "PRV-010", reasons: [studentImportMessages.admissionYearInvalid] },
      // Row 12 is blank and skipped; row 13 names the course by id and the degree in lower case.
      { row: 14, admissionNo: "PRV-012", reasons: [studentImportMessages.admissionNoRepeated, studentImportMessages.emailRepeated] },
      { row: 15, admissionNo: "PRV-012", reasons: [studentImportMessages.admissionNoRepeated, studentImportMessages.emailRepeated] },
    ]);
    expect(await everything()).toEqual(before);
  });

  it("refuses a year the student cannot have reached, a disabled account, and an applicant whose application awaits a decision", async () => {
    const disabled = await createUser(test.db);
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.id));
    const applicant = await signInAs(test, ROLE_USER);
    await submitApplicationAs(test, applicant, { courseSubjectId: degree.arts });
    const before = await everything();
    const file = await studentsXlsx([
      studentRow("RCH-001", "rch1@example.in", { currentYear: 3, admissionYear: thisYear }),
      studentRow("RCH-002", "rch2@example.in", { currentYear: 1, admissionYear: thisYear + 1 }),
      studentRow("RCH-003", disabled.userName),
      studentRow("RCH-004", applicant.user.userName),
    ]);
    const answer = (await preview({ name: "students.xlsx", content: file })).json().data as StudentImportPreview;
    expect(answer).toMatchObject({ totalRows: 4, valid: 1 });
    expect(answer.rejected).toEqual([
      { row: 2, admissionNo: "RCH-001", reasons: [studentImportMessages.yearNotReached] },
      { row: 4, admissionNo: "RCH-003", reasons: [studentImportMessages.accountDisabled] },
      { row: 5, admissionNo: "RCH-004", reasons: [studentImportMessages.applicationUndecided] },
    ]);
    expect(await everything()).toEqual(before);
  });

  it("reads a CSV the same way, whatever its separator", async () => {
    const rows = [studentRow("CSV-001", "csv1@example.in", { name: "Kumar; R" }), studentRow("CSV-002", "csv2@example.in", { mobile: "98" })];
    const answer = (await preview({ name: "students.csv", content: csvOf(rows) })).json().data as StudentImportPreview;
    expect(answer).toMatchObject({ fileName: "students.csv", totalRows: 2, valid: 1, duplicates: 0 });
    expect(answer.rejected).toEqual([{ row: 3, admissionNo: "CSV-002", reasons: [messages.studentMobileRequired] }]);

    const commas = Buffer.from([studentImportHeaders.join(","), studentRow("CSV-003", "csv3@example.in").join(",")].join("\n"));
    expect((await preview({ name: "export.txt", content: commas })).json().data).toMatchObject({ totalRows: 1, valid: 1, rejected: [] });
  });

  it("finds the columns by their header, in any order, and keeps an admission number's leading zeros", async () => {
    const [first, ...rest] = studentImportHeaders;
    const reordered = [...rest, first!].map((header) => header.toUpperCase());
    const row = studentRow("0042", "zeros@example.in");
    const file = { name: "reordered.csv", content: csvOf([[...row.slice(1), row[0]!]], reordered) };
    expect((await preview(file)).json().data).toMatchObject({ totalRows: 1, valid: 1, rejected: [] });
    expect((await importFile(file)).statusCode).toBe(200);
    expect((await studentsNamed(["0042"]))[0]).toMatchObject({ admissionNo: "0042", email: "zeros@example.in" });
  });

  it("refuses a file that is not a spreadsheet, has another header, no rows, or is over 2 MB", async () => {
    const refusal = async (file: Buffer, name: string) => {
      const response = await preview({ name, content: file });
      return { status: response.statusCode, message: response.json().message as string };
    };
    expect(await refusal(fixtures.marksheet, "students.xlsx")).toEqual({ status: 400, message: studentImportMessages.fileUnsupported });
    expect(await refusal(await studentsXlsx([studentRow("X-1", "x1@example.in")], ["Roll", "Name"]), "students.xlsx")).toEqual({
      status: 400,
      message: studentImportMessages.headerMismatch,
    });
    expect(await refusal(await studentsXlsx([]), "students.xlsx")).toEqual({ status: 400, message: studentImportMessages.noRows });
    expect(await refusal(Buffer.alloc(STUDENT_IMPORT_MAX_BYTES + 1, "a"), "students.csv")).toEqual({ status: 413, message: studentImportMessages.fileTooLarge });

    expect(await refusal(Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(100)]), "students.xlsx")).toEqual({
      status: 400,
      message: studentImportMessages.fileUnsupported,
    });
    const cut = multipartBody({}, { name: "students.csv", content: csvOf([studentRow("X-2", "x2@example.in")]) });
    const cutShort = await test.app.inject({
      method: "POST",
      url: "/booking/studentImport",
      headers: { ...cut.headers, cookie: adminCookie },
      payload: cut.payload.subarray(0, cut.payload.length - 20),
    });
    expect({ status: cutShort.statusCode, message: cutShort.json().message }).toEqual({ status: 400, message: notices.uploadIncomplete });
    expect(await studentsNamed(["X-2"])).toEqual([]);

    const withoutFile = multipartBody({ note: "no file here" });
    const noFile = await test.app.inject({ method: "POST", url: "/booking/studentImport/preview", headers: { ...withoutFile.headers, cookie: adminCookie }, payload: withoutFile.payload });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(studentImportMessages.fileRequired);
  });
});

describe("the import", () => {
  const applicantEmail = "imp-applicant@example.in";
  const file = async () =>
    studentsXlsx([
      studentRow("IMP-001", "imp1@example.in", { name: "Kavya N", currentYear: 1 }),
      studentRow("IMP-002", applicantEmail, { degree: degreeNames.science, currentYear: 3, admissionYear: thisYear - 2 }),
      studentRow("IMP-003", "imp3@example.in", { course: "PG", degree: degreeNames.postgraduate, currentYear: 2 }),
    ]);

  it("creates the students, their accounts and their fee terms from their current year on, with the log and the activity entry", async () => {
    const applicant = await createUser(test.db, { role: ROLE_USER, userName: applicantEmail });
    // Signed in and in use as an applicant while the import runs: the next call is a student's.
    const applicantCookie = await signIn(test, applicantEmail);
    expect((await whoAmI(test, applicantCookie)).json().data.roleName).toBe(ROLE_USER);
    const response = await importFile({ name: "batch-1.xlsx", content: await file() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(studentImportMessages.imported);
    const entry = response.json().data as ImportLogEntry;
    expect(entry).toMatchObject({ fileName: "batch-1.xlsx", totalRows: 3, importedRows: 3, skippedRows: 0, rejectedRows: 0, rejected: [] });

    const [first, second, third] = await studentsNamed(["IMP-001", "IMP-002", "IMP-003"]);
    expect(first).toMatchObject({ name: "KAVYA N", email: "imp1@example.in", mobile: "9876543210", courseId: 1, degreeId: degree.arts, currentYear: 1, admissionYear: thisYear - 1, status: "Active", applicationId: null });
    // An applicant's account becomes the student's; new e-mails get accounts of their own.
    expect(second!.userId).toBe(applicant.id);
    expect((await accountOf(applicantEmail))!.role).toBe(ROLE_STUDENT);
    expect((await whoAmI(test, applicantCookie)).json().data.roleName).toBe(ROLE_STUDENT);
    expect((await accountOf("imp1@example.in"))).toMatchObject({ id: first!.userId, role: ROLE_STUDENT, mobile: "9876543210" });
    expect(third).toMatchObject({ courseId: 2, degreeId: degree.postgraduate, currentYear: 2 });

    expect((await termsOf(first!.id)).map((term) => term.feeCode)).toEqual(["IMPART-Y1T1", "IMPART-Y1T2", "IMPART-Y2T1", "IMPART-Y2T2", "IMPART-Y3T1", "IMPART-Y3T2"]);
    expect((await termsOf(second!.id)).map((term) => [term.feeCode, term.amountPaise, term.status])).toEqual([
      ["IMPSCI-Y3T1", 2_030_100, "Due"],
      ["IMPSCI-Y3T2", 2_030_200, "Due"],
    ]);
    expect((await termsOf(third!.id)).map((term) => term.feeCode)).toEqual(["IMPPG-Y2T1", "IMPPG-Y2T2"]);

    const [activity] = await test.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "students.imported"), eq(activityLog.entityId, String(entry.id))));
    expect(activity).toMatchObject({ entityType: "import", actorName: expect.any(String), summary: "Imported 3 students from batch-1.xlsx; 0 were already there" });
    expect(activity!.details).toEqual({ fileName: "batch-1.xlsx", totalRows: 3, importedRows: 3, skippedRows: 0, feeTerms: 10 });
  });

  it("lets an imported student choose a password through forgot password and sign in", async () => {
    const forgot = await test.app.inject({ url: "/booking/api/auth/forgetpwd?emailid=imp1@example.in" });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const code = resetCodeIn((await latestMailTo(test.db, "imp1@example.in"))!.body);
    const reset = await test.app.inject({ method: "PUT", url: "/booking/api/auth/changepwd", payload: { email: "imp1@example.in", codes: code, newPassword: "Imported-Student-1" } });
    expect(reset.statusCode, reset.body).toBe(200);
    const cookie = await signIn(test, "imp1@example.in", "Imported-Student-1");
    expect((await test.app.inject({ url: "/booking/api/auth/me", headers: { cookie } })).json().data.roleName).toBe(ROLE_STUDENT);
  });

  it("skips the rows already imported when the same file comes again: no duplicates", async () => {
    const before = await everything();
    const again = await preview({ name: "batch-1.xlsx", content: await file() });
    expect(again.json().data).toMatchObject({ totalRows: 3, valid: 0, duplicates: 3, rejected: [] });

    const response = await importFile({ name: "batch-1.xlsx", content: await file() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ totalRows: 3, importedRows: 0, skippedRows: 3, rejectedRows: 0 });
    expect(await everything()).toEqual({ ...before, activity: before.activity + 1 });
  });

  it("refuses an admission number or an e-mail that belongs to another student", async () => {
    const answer = (
      await preview({
        name: "clash.xlsx",
        content: await studentsXlsx([studentRow("IMP-001", "someone-else@example.in"), studentRow("IMP-999", "imp3@example.in")]),
      })
    ).json().data as StudentImportPreview;
    expect(answer.rejected).toEqual([
      { row: 2, admissionNo: "IMP-001", reasons: [studentImportMessages.admissionNoTaken] },
      { row: 3, admissionNo: "IMP-999", reasons: [studentImportMessages.emailOfAnotherStudent] },
    ]);
  });

  it("refuses a row that gives a student already there other facts, which the import would not change, and counts the same facts again as done", async () => {
    const rows = [
      studentRow("IMP-001", "imp1@example.in", { name: "Kavya Nandini", currentYear: 1 }),
      studentRow("IMP-003", "imp3@example.in", { course: "PG", degree: degreeNames.postgraduate, currentYear: 2, admissionYear: thisYear - 2 }),
      // The current year moves on as the years close: a file imported last year is the same students.
      studentRow("IMP-002", applicantEmail, { degree: degreeNames.science, currentYear: 2, admissionYear: thisYear - 2 }),
    ];
    const answer = (await preview({ name: "corrected.xlsx", content: await studentsXlsx(rows) })).json().data as StudentImportPreview;
    expect(answer).toMatchObject({ totalRows: 3, valid: 0, duplicates: 1 });
    expect(answer.rejected).toEqual([
      { row: 2, admissionNo: "IMP-001", reasons: [studentImportMessages.studentRecordedOtherwise] },
      { row: 3, admissionNo: "IMP-003", reasons: [studentImportMessages.studentRecordedOtherwise] },
    ]);
  });

  it("refuses a department admin a row of a student outside their degrees, telling nothing of that student's facts", async () => {
    const row = studentRow("IMP-002", applicantEmail, { degree: degreeNames.arts, currentYear: 3, admissionYear: thisYear - 2 });
    const answer = (await preview({ name: "not-mine.xlsx", content: await studentsXlsx([row]) }, department.cookie)).json().data as StudentImportPreview;
    expect(answer).toMatchObject({ valid: 0, duplicates: 0, rejected: [{ row: 2, admissionNo: "IMP-002", reasons: [studentImportMessages.studentNotYours] }] });
  });

  it("writes nothing at all when one row is bad, answers every reason, and keeps the refusal in the log", async () => {
    const before = await everything();
    const response = await importFile({
      name: "one-bad-row.csv",
      content: csvOf([studentRow("BAD-001", "bad1@example.in"), studentRow("BAD-002", "bad2@example.in", { mobile: "" }), studentRow("BAD-003", "bad3@example.in")]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: "error",
      message: studentImportMessages.rowsRejected,
      data: {
        fileName: "one-bad-row.csv",
        totalRows: 3,
        valid: 2,
        duplicates: 0,
        rejected: [{ row: 3, admissionNo: "BAD-002", reasons: [messages.studentMobileRequired] }],
      },
    });
    expect(await everything()).toEqual(before);
    expect(await studentsNamed(["BAD-001", "BAD-003"])).toEqual([]);
    const [log] = await test.db.select().from(importLogs).where(eq(importLogs.fileName, "one-bad-row.csv"));
    expect(log).toMatchObject({ totalRows: 3, importedRows: 0, skippedRows: 0, rejectedRows: 1 });

    // Corrected and uploaded again, it imports.
    const fixed = await importFile({
      name: "one-bad-row.csv",
      content: csvOf([studentRow("BAD-001", "bad1@example.in"), studentRow("BAD-002", "bad2@example.in", { mobile: "9123456780" }), studentRow("BAD-003", "bad3@example.in")]),
    });
    expect(fixed.json().data).toMatchObject({ importedRows: 3, rejectedRows: 0 });
  });

  it("imports ten thousand rows in batches, in one go", async () => {
    const rows = Array.from({ length: 10_000 }, (_unused, index) => studentRow(`BULK-${String(index).padStart(5, "0")}`, `bulk${index}@example.in`));
    const response = await importFile({ name: "bulk.csv", content: csvOf(rows) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ totalRows: 10_000, importedRows: 10_000 });
    const [bulk] = await test.db.select({ total: count() }).from(students).where(and(eq(students.degreeId, degree.arts), eq(students.currentYear, 2)));
    expect(bulk!.total).toBeGreaterThanOrEqual(10_000);

    const tooMany = await preview({ name: "too-many.csv", content: csvOf([...rows, studentRow("BULK-X", "bulk-x@example.in")]) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(studentImportMessages.tooManyRows);
  }, 60_000);
});

describe("a department admin", () => {
  it("imports only into their own degrees", async () => {
    const content = await studentsXlsx([studentRow("DEP-001", "dep1@example.in"), studentRow("DEP-002", "dep2@example.in", { degree: degreeNames.science })]);
    const answer = (await preview({ name: "department.xlsx", content }, department.cookie)).json().data as StudentImportPreview;
    expect(answer.rejected).toEqual([{ row: 3, admissionNo: "DEP-002", reasons: [studentImportMessages.degreeNotYours] }]);
    expect((await importFile({ name: "department.xlsx", content }, department.cookie)).statusCode).toBe(400);

    const own = await importFile({ name: "department-own.xlsx", content: await studentsXlsx([studentRow("DEP-001", "dep1@example.in")]) }, department.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect((await studentsNamed(["DEP-001", "DEP-002"])).map((student) => student.admissionNo)).toEqual(["DEP-001"]);
  });

  it("sees only their own imports in the log", async () => {
    const page = (await importLog("?pageNo=0&pageSize=20", department.cookie)).json().data;
    expect(page.content.map((entry: ImportLogEntry) => [entry.fileName, entry.actorName])).toEqual([
      ["department-own.xlsx", department.user.userName],
      ["department.xlsx", department.user.userName],
    ]);
    expect(page.totalElements).toBe(2);
  });
});

describe("the import log", () => {
  it("pages every import newest first for an admin, with counts and the rejected rows", async () => {
    const first = await importLog("?pageNo=0&pageSize=2");
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().data;
    const total = (await test.db.select({ total: count() }).from(importLogs))[0]!.total;
    expect(page).toMatchObject({ totalElements: total, totalPages: Math.ceil(total / 2), number: 0, size: 2 });
    expect(page.content.map((entry: ImportLogEntry) => entry.fileName)).toEqual(["department-own.xlsx", "department.xlsx"]);
    expect(page.content[1]).toMatchObject({ importedRows: 0, rejectedRows: 1, rejected: [{ row: 3, admissionNo: "DEP-002", reasons: [studentImportMessages.degreeNotYours] }] });
    expect(Date.parse(page.content[0].createdAt)).not.toBeNaN();

    const all = (await importLog("?pageSize=100")).json().data.content as ImportLogEntry[];
    expect(all.map((entry) => entry.fileName)).toEqual(expect.arrayContaining(["batch-1.xlsx", "one-bad-row.csv", "bulk.csv"]));
  });
});

describe("permissions", () => {
  it("are for admins and department admins only", async () => {
    const file = { name: "students.xlsx", content: await studentsXlsx([studentRow("PER-001", "per1@example.in")]) };
    for (const role of [ROLE_USER, ROLE_STUDENT]) {
      const { cookie } = await signInAs(test, role);
      expect((await test.app.inject({ url: "/booking/studentImport/template", headers: { cookie } })).statusCode).toBe(403);
      expect((await preview(file, cookie)).statusCode).toBe(403);
      expect((await importFile(file, cookie)).statusCode).toBe(403);
      expect((await importLog("", cookie)).statusCode).toBe(403);
    }
    expect((await test.app.inject({ url: "/booking/importLog" })).statusCode).toBe(401);
    const body = multipartBody({}, file);
    expect((await test.app.inject({ method: "POST", url: "/booking/studentImport", headers: body.headers, payload: body.payload })).statusCode).toBe(401);
    expect(await studentsNamed(["PER-001"])).toEqual([]);
  });
});
