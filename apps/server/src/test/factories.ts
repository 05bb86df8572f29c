import { readFileSync } from "node:fs";
import { ROLE_DEPARTMENT_ADMIN, ROLE_USER, sampleAadhaarNumber, sampleAdmission, studentImportColumns, type AdmissionInput } from "@admissions/shared";
import { desc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { Database } from "../db/client.js";
import { degrees, feeStructures, mailOutbox, staffDegrees } from "../db/schema/index.js";
import { hashSecret } from "../modules/auth/passwords.js";
import { insertUserUnlessTaken } from "../modules/users/users.repository.js";
import type { TestApp } from "./build-app.js";

let sequence = 0;

export const DEFAULT_PASSWORD = "Correct-Horse-7";

export function uniqueEmail(prefix = "user"): string {
  sequence += 1;
  return `${prefix}.${process.pid}.${sequence}@example.in`;
}

/** A user straight in the database, for tests that are not about signing up. */
export async function createUser(db: Database, overrides: { role?: string; userName?: string; password?: string; mobile?: string } = {}) {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const user = await insertUserUnlessTaken(db, {
    userName: overrides.userName ?? uniqueEmail(),
    mobile: overrides.mobile ?? "9876543210",
    passwordHash: await hashSecret(password),
    role: overrides.role ?? ROLE_USER,
  });
  if (!user) throw new Error("test user already exists");
  return { ...user, password };
}

/** The `name=value` pair of the session cookie an answer set. */
export function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers["set-cookie"];
  const cookies = Array.isArray(header) ? header : [String(header)];
  const session = cookies.find((cookie) => cookie.startsWith("sid="));
  if (!session) throw new Error("no session cookie was set");
  return session.split(";")[0]!;
}

export async function signIn(test: TestApp, userName: string, password: string = DEFAULT_PASSWORD) {
  const response = await test.app.inject({ method: "POST", url: "/booking/api/auth/signin", payload: { username: userName, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response);
}

/** A user of the role, signed in: the cookie to send and the user. */
export async function signInAs(test: TestApp, role: string = ROLE_USER) {
  const user = await createUser(test.db, { role });
  return { user, cookie: await signIn(test, user.userName, user.password) };
}

/** GET api/auth/me with the cookie: who the session is, or 401. */
export function whoAmI(test: TestApp, cookie: string) {
  return test.app.inject({ url: "/booking/api/auth/me", headers: { cookie } });
}

export async function latestMailTo(db: Database, recipient: string) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}

export function resetCodeIn(body: string): string {
  const match = /code is (\d{6})/.exec(body);
  if (!match) throw new Error(`no code in mail: ${body}`);
  return match[1]!;
}

/** A multipart/form-data body as a browser sends it: text fields and at most one file. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const fixtures = {
  photo: readFileSync(new URL("./fixtures/photo.jpg", import.meta.url)),
  aadhar: readFileSync(new URL("./fixtures/aadhar.png", import.meta.url)),
  marksheet: readFileSync(new URL("./fixtures/marksheet.pdf", import.meta.url)),
};

/** Uploads a document through the API and answers its stored name. */
export async function uploadAs(test: TestApp, cookie: string, content: Buffer, options: { name?: string; username?: string } = {}) {
  const body = multipartBody(options.username ? { username: options.username } : {}, { name: options.name ?? "document", content });
  const response = await test.app.inject({ method: "POST", url: "/booking/uploadFile", headers: { ...body.headers, cookie }, payload: body.payload });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().data.fileName as string;
}

/** Each submitted application's Aadhaar number is its own, unless a test gives one. */
let applicantsNumbered = 0;

/**
 * An applicant's complete online application, submitted through the API with its documents uploaded
 * first (so it is Pending, fee not paid); answers the application number.
 */
export async function submitApplicationAs(test: TestApp, session: { user: { userName: string }; cookie: string }, overrides: Partial<AdmissionInput> = {}) {
  const photoUrl = await uploadAs(test, session.cookie, fixtures.photo);
  const marksheetCertificateUrl = await uploadAs(test, session.cookie, fixtures.marksheet);
  const aadharImageUrl = await uploadAs(test, session.cookie, fixtures.aadhar);
  const response = await test.app.inject({
    method: "POST",
    url: "/booking/admission",
    headers: { cookie: session.cookie },
    payload: sampleAdmission({
      photoUrl,
      marksheetCertificateUrl,
      aadharImageUrl,
      email: session.user.userName,
      aadharNo: sampleAadhaarNumber(++applicantsNumbered),
      ...overrides,
    }),
  });
  if (response.statusCode !== 200) throw new Error(`submission failed: ${response.statusCode} ${response.body}`);
  return response.json().data.applicationNo as string;
}

/**
 * A degree's fee structure straight in the database: years 1 to `years`, terms 1 and 2, codes
 * `<prefix>-Y1T1`..., and the amount in rupees each year and term costs.
 */
export async function insertFeeStructure(db: Database, degreeId: number, prefix: string, rupees: (year: number, term: number) => number, years = 3) {
  const rows = Array.from({ length: years }, (_, index) => index + 1).flatMap((year) =>
    [1, 2].map((term) => ({ degreeId, year, term, amountPaise: rupees(year, term) * 100, feeCode: `${prefix}-Y${year}T${term}` })),
  );
  await db.insert(feeStructures).values(rows);
}

/**
 * Degrees of the UG course, each with its fee structure (insertFeeStructure, codes `<prefix>-Y1T1`...):
 * answers their ids by key.
 */
export async function insertDegreesWithFees<K extends string>(db: Database, wanted: Record<K, { name: string; prefix: string; rupees: (year: number, term: number) => number }>) {
  const ids = {} as Record<K, number>;
  for (const [key, { name, prefix, rupees }] of Object.entries(wanted) as [K, (typeof wanted)[K]][]) {
    const [row] = await db.insert(degrees).values({ name, courseId: 1 }).returning();
    ids[key] = row!.id;
    await insertFeeStructure(db, row!.id, prefix, rupees);
  }
  return ids;
}

/** A department admin, signed in, who looks after the given degrees (none given: no degree at all). */
export async function signInAsDepartmentAdmin(test: TestApp, ...degreeIds: number[]) {
  const session = await signInAs(test, ROLE_DEPARTMENT_ADMIN);
  if (degreeIds.length > 0) await test.db.insert(staffDegrees).values(degreeIds.map((degreeId) => ({ userId: session.user.id, degreeId })));
  return session;
}

/**
 * An admitted student, made as the college makes one: an applicant submits an application for the
 * degree through the API and an admin approves it (POST /booking/applicationStatus), which makes the
 * student record and the fee terms from the degree's fee structure (insert one first). Answers the
 * student's session (now ROLE_STUDENT) and the application number.
 */
export async function admitStudent(test: TestApp, adminCookie: string, degreeId: number, overrides: Partial<AdmissionInput> = {}) {
  const session = await signInAs(test, ROLE_USER);
  const applicationNo = await submitApplicationAs(test, session, { courseSubjectId: degreeId, ...overrides });
  const response = await test.app.inject({
    method: "POST",
    url: "/booking/applicationStatus",
    headers: { cookie: adminCookie },
    payload: { message: "Admitted", status: "Approved", applicationNo },
  });
  if (response.statusCode !== 200) throw new Error(`approval failed: ${response.statusCode} ${response.body}`);
  return { ...session, applicationNo };
}

/** The student import's columns, as its template heads them. */
export const studentImportHeaders = studentImportColumns.map((column) => column.header);

type SheetRows = (string | number)[][];

/** An .xlsx of students for the import: a "Students" sheet with the header and the rows, then any other sheets given. */
export async function studentsXlsx(rows: SheetRows, header: string[] = studentImportHeaders, otherSheets: Record<string, SheetRows> = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("Students").addRows([header, ...rows]);
  for (const [name, sheetRows] of Object.entries(otherSheets)) workbook.addWorksheet(name).addRows(sheetRows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
