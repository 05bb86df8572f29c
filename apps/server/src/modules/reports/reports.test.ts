import { ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN, ROLE_STUDENT, ROLE_USER, admissionSchema, dayIn, sampleAdmission } from "@admissions/shared";
import { desc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, applications, degrees, feePayments, feeTerms, paymentOrders, staffDegrees, students, users } from "../../db/schema/index.js";
import { seedDemo } from "../../db/seed-demo.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { createUser, signInAs } from "../../test/factories.js";
import { insertApplication } from "../admissions/admissions.repository.js";
import { exportBatchSize } from "./export.service.js";

let test: TestApp;
let adminCookie: string;
const degreeIds: Record<string, number> = {};
// The college's day (COLLEGE_TIME_ZONE, Asia/Kolkata by default), by which applications are dated.
const today = dayIn("Asia/Kolkata");

/**
 * Eight applications with known courses, degrees, statuses, dates and gateway payments (rupees;
 * failed, awaiting and non-application orders must not count). The last one applied today.
 */
const people = [
  { name: "ANITHA R", course: "UG", degree: "B.A. TAMIL", status: "Pending", payment: "Pending", offline: false, date: "2026-05-01", orders: [[300, "Awaiting"]] },
  { name: "ARUN K", course: "UG", degree: "B.A. TAMIL", status: "Submitted", payment: "Success", offline: false, date: "2026-05-01", orders: [[300, "Success"]] },
  { name: "BALA M", course: "UG", degree: "B.COM.", status: "Submitted", payment: "Offline", offline: true, date: "2026-05-02", orders: [] },
  { name: "DEEPA S", course: "UG", degree: "B.COM.", status: "Payment Failure", payment: "Failure", offline: false, date: "2026-05-03", orders: [[300, "Failure"]] },
  { name: "GOKUL V", course: "UG", degree: "B.SC. MATHEMATICS", status: "Approved", payment: "Success", offline: false, date: "2026-05-03", orders: [[300, "Failure"], [300, "Success"]] },
  { name: "PRIYA S", course: "PG", degree: "M.A. ENGLISH", status: "Submitted", payment: "Offline", offline: true, date: "2026-05-05", orders: [] },
  { name: "RAVI T", course: "PG", degree: "M.COM.", status: "Approved", payment: "Success", offline: false, date: "2026-05-06", orders: [[400, "Success"]] },
  { name: "VIJAY A", course: "PG", degree: "M.COM.", status: "Rejected", payment: "Success", offline: false, date: today, orders: [[400, "Success"]] },
] as const;

let orderSequence = 0;

/** Applications straight in the database, with their gateway orders; answers their ids. */
async function insertApplications(db: TestApp["db"], rows: readonly (typeof people)[number][], prefix: string) {
  const form = admissionSchema.parse(sampleAdmission());
  const ids: number[] = [];
  for (const [index, person] of rows.entries()) {
    const user = await createUser(db, { userName: `${prefix}${index + 1}@example.in` });
    const application = await insertApplication(db, {
      userId: user.id,
      applicationNo: `${prefix.toUpperCase()}-${person.course}-2026-${String(index + 1).padStart(6, "0")}`,
      admissionNo: person.status === "Approved" ? `ADM-2026-${String(index + 1).padStart(4, "0")}` : null,
      status: person.status,
      paymentStatus: person.payment,
      paymentRefNo: person.payment === "Success" ? `31000${index}` : null,
      isOffline: person.offline,
      courseId: person.course === "UG" ? 1 : 2,
      degreeId: degreeIds[person.degree]!,
      name: person.name,
      email: user.userName,
      mobile: `98400000${index + 10}`,
      tweleveStatus: "PASSED",
      totalMarkPercent: 70.5 + index,
      applicationFee: person.course === "UG" ? 300 : 400,
      data: { ...form, name: person.name, gender: index % 2 === 0 ? "female" : "male" },
      applicationDate: person.date,
    });
    for (const [rupees, status] of person.orders) {
      orderSequence += 1;
      await db.insert(paymentOrders).values({ orderId: `ORDER${orderSequence}`, purpose: "application", applicationId: application.id, userId: user.id, amountPaise: rupees * 100, status });
    }
    ids.push(application.id);
  }
  return ids;
}

async function departmentAdminOf(...names: string[]) {
  const session = await signInAs(test, ROLE_DEPARTMENT_ADMIN);
  if (names.length > 0) await test.db.insert(staffDegrees).values(names.map((name) => ({ userId: session.user.id, degreeId: degreeIds[name]! })));
  return session.cookie;
}

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  for (const degree of await test.db.select().from(degrees)) degreeIds[degree.name] = degree.id;
  adminCookie = (await signInAs(test, ROLE_ADMIN)).cookie;
  const [, , , , gokul] = await insertApplications(test.db, people, "report");
  // A term fee is not an application fee.
  const [gokulRow] = await test.db.select().from(applications).where(eq(applications.id, gokul!));
  await test.db.insert(paymentOrders).values({ orderId: "TERMFEE1", purpose: "term", applicationId: gokul!, userId: gokulRow!.userId, amountPaise: 1_500_000, status: "Success" });
});
afterAll(async () => {
  await test.close();
});

/** As the admin unless another session (or null: none) is given. */
const get = (url: string, cookie: string | null = adminCookie) => test.app.inject({ url, headers: cookie ? { cookie } : {} });

type Cell = ExcelJS.CellValue;

/** The first sheet of an answered workbook: its header and data rows as plain values. */
async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: Cell[][] = [];
  sheet.eachRow((row) => rows.push((row.values as Cell[]).slice(1)));
  return { sheet, header: rows[0], rows: rows.slice(1) };
}

const exportOf = (query = "", cookie?: string | null) => get(`/booking/exportApplication${query ? `?${query}` : ""}`, cookie);
const namesIn = (rows: Cell[][]) => rows.map((row) => row[2]);

describe("GET /booking/exportApplication", () => {
  it("streams an .xlsx named for today with a bold, frozen header and one row per application, oldest first", async () => {
    const response = await exportOf();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="applications-${today}.xlsx"`);
    expect(response.headers["x-total-count"]).toBe("8");

    const { sheet, header, rows } = await readWorkbook(response.rawPayload);
    expect(header).toEqual([
      "Application No",
      "Admission No",
      "Name",
      "E-mail",
      "Mobile",
      "Course",
      "Degree",
      "Status",
      "Payment Status",
      "Payment Ref",
      "Mode",
      "Application Date",
      "Marks %",
      "Gender",
      "Community",
      "Date of Birth",
      "District",
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(namesIn(rows)).toEqual(people.map((person) => person.name));
    expect(rows[4]).toEqual([
      "REPORT-UG-2026-000005",
      "ADM-2026-0005",
      "GOKUL V",
      "report5@example.in",
      "9840000014",
      "UG",
      "B.SC. MATHEMATICS",
      "Approved",
      "Success",
      "310004",
      "Online",
      new Date("2026-05-03T00:00:00Z"),
      74.5,
      "female",
      "BC",
      new Date("2008-03-14T00:00:00Z"),
      "Tiruvallur",
    ]);
    expect(rows[2]!.slice(10, 11)).toEqual(["Offline"]);
    // Every data row keeps its column's format: dates show as days, marks with two decimals.
    const formats = [2, rows.length + 1].map((rowNumber) => [12, 13, 16].map((column) => sheet.getRow(rowNumber).getCell(column).numFmt));
    expect(formats).toEqual([
      ["yyyy-mm-dd", "0.00", "yyyy-mm-dd"],
      ["yyyy-mm-dd", "0.00", "yyyy-mm-dd"],
    ]);
  });

  it("applies the staff list's filters", async () => {
    expect(namesIn((await readWorkbook((await exportOf("courseId=2&status=Approved")).rawPayload)).rows)).toEqual(["RAVI T"]);
    // The list's search: a name by the starts of its words (VIJAY A by its initial).
    expect(namesIn((await readWorkbook((await exportOf("search=a")).rawPayload)).rows)).toEqual(["ANITHA R", "ARUN K", "VIJAY A"]);
    expect(namesIn((await readWorkbook((await exportOf("search=ar")).rawPayload)).rows)).toEqual(["ARUN K"]);
    const offline = await exportOf("mode=offline&dateFrom=2026-05-01&dateTo=2026-05-31");
    expect(offline.headers["x-total-count"]).toBe("2");
    expect(namesIn((await readWorkbook(offline.rawPayload)).rows)).toEqual(["BALA M", "PRIYA S"]);
    expect(namesIn((await readWorkbook((await exportOf(`degreeId=${degreeIds["M.COM."]}&paymentStatus=Success`)).rawPayload)).rows)).toEqual(["RAVI T", "VIJAY A"]);
  });

  it("refuses the filters the staff list refuses, before writing anything", async () => {
    const reversed = await exportOf("dateFrom=2026-05-31&dateTo=2026-05-01");
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe("The end date cannot be before the start date!");
    expect((await exportOf("dateFrom=0202-05-01")).json().message).toBe("Enter a real date as YYYY-MM-DD!");
  });

  it("answers a valid workbook holding only the header when nothing matches", async () => {
    const response = await exportOf("status=Transferred");
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-total-count"]).toBe("0");
    const { header, rows } = await readWorkbook(response.rawPayload);
    expect(header?.[0]).toBe("Application No");
    expect(rows).toEqual([]);
  });

  it("gives a department admin the applications of their degrees only", async () => {
    const response = await exportOf("", await departmentAdminOf("B.COM.", "M.COM."));
    expect(response.headers["x-total-count"]).toBe("4");
    expect(namesIn((await readWorkbook(response.rawPayload)).rows)).toEqual(["BALA M", "DEEPA S", "RAVI T", "VIJAY A"]);
    const unassigned = await exportOf("", await departmentAdminOf());
    expect(unassigned.headers["x-total-count"]).toBe("0");
  });

  it("records who exported what in the activity log", async () => {
    const { user, cookie } = await signInAs(test, ROLE_ADMIN);
    await exportOf("courseId=2&status=Approved", cookie);
    const [entry] = await test.db.select().from(activityLog).where(eq(activityLog.actorUserId, user.id)).orderBy(desc(activityLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: "application.exported",
      entityType: "application",
      actorName: user.userName,
      details: { filters: { courseId: 2, status: "Approved" }, rows: 1 },
    });
  });

  it("is for staff only, and refuses bad filters with 400", async () => {
    for (const role of [ROLE_USER, ROLE_STUDENT]) expect((await exportOf("", (await signInAs(test, role)).cookie)).statusCode).toBe(403);
    expect((await exportOf("", null)).statusCode).toBe(401);
    const bad = await exportOf("status=Bogus");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe("error");
  });
});

describe("GET /booking/dashboard", () => {
  const dashboardOf = async (query = "", cookie?: string) => {
    const response = await get(`/booking/dashboard${query ? `?${query}` : ""}`, cookie);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it("counts the applications of a date range per day, status, course and degree, and the fees paid for them", async () => {
    expect(await dashboardOf("dateFrom=2026-05-01&dateTo=2026-05-06")).toEqual({
      period: { dateFrom: "2026-05-01", dateTo: "2026-05-06" },
      perDay: [
        { date: "2026-05-01", count: 2 },
        { date: "2026-05-02", count: 1 },
        { date: "2026-05-03", count: 2 },
        { date: "2026-05-04", count: 0 },
        { date: "2026-05-05", count: 1 },
        { date: "2026-05-06", count: 1 },
      ],
      byStatus: [
        { status: "Pending", count: 1 },
        { status: "Payment Failure", count: 1 },
        { status: "Submitted", count: 3 },
        { status: "Approved", count: 2 },
      ],
      byCourse: [
        { course: "UG", count: 5 },
        { course: "PG", count: 2 },
      ],
      byDegree: [
        { degree: "B.A. TAMIL", count: 2 },
        { degree: "B.COM.", count: 2 },
        { degree: "B.SC. MATHEMATICS", count: 1 },
        { degree: "M.A. ENGLISH", count: 1 },
        { degree: "M.COM.", count: 1 },
      ],
      feesCollected: { applicationFees: 1000, count: 3, termFees: 0, termFeeCount: 0 },
      totals: { applications: 7, submitted: 5, approved: 2 },
    });
  });

  it("counts every application without a range, the daily chart showing the last 30 days", async () => {
    const data = await dashboardOf();
    expect(data.totals).toEqual({ applications: 8, submitted: 6, approved: 2 });
    expect(data.feesCollected).toEqual({ applicationFees: 1400, count: 4, termFees: 0, termFeeCount: 0 });
    expect(data.perDay).toHaveLength(30);
    expect(data.perDay.at(-1)).toEqual({ date: today, count: 1 });
    expect(data.period.dateTo).toBe(today);
    expect(data.perDay.reduce((total: number, day: { count: number }) => total + day.count, 0)).toBe(1);
  });

  it("gives a department admin the figures of their degrees only", async () => {
    const data = await dashboardOf("", await departmentAdminOf("B.COM.", "M.COM."));
    expect(data.totals).toEqual({ applications: 4, submitted: 3, approved: 1 });
    expect(data.byDegree).toEqual([
      { degree: "B.COM.", count: 2 },
      { degree: "M.COM.", count: 2 },
    ]);
    expect(data.feesCollected).toEqual({ applicationFees: 800, count: 2, termFees: 0, termFeeCount: 0 });
    expect((await dashboardOf("", await departmentAdminOf())).totals).toEqual({ applications: 0, submitted: 0, approved: 0 });
  });

  it("adds the term fees paid on the range's days, read in the reader's time zone, within the actor's degrees", async () => {
    const [account] = await test.db.insert(users).values({ userName: "term.payer@example.in", passwordHash: "unused", role: ROLE_STUDENT }).returning();
    const [student] = await test.db
      .insert(students)
      .values({ userId: account!.id, admissionNo: "ADM-UG-2026-9001", name: "TERM PAYER", email: account!.userName, mobile: "9840000009", courseId: 1, degreeId: degreeIds["B.COM."]!, currentYear: 1, admissionYear: 2026 })
      .returning();
    const terms = await test.db
      .insert(feeTerms)
      .values([1, 2].map((termNo) => ({ studentId: student!.id, academicYear: 1, termNo, amountPaise: 1_500_000 + termNo * 100, feeCode: `BCOMT-Y1T${termNo}`, status: "Paid" })))
      .returning();
    // 20:00 UTC on 2 May is 01:30 on 3 May in India; the second is paid on 4 May either way.
    await test.db.insert(feePayments).values([
      { feeTermId: terms[0]!.id, studentId: student!.id, degreeId: student!.degreeId, amountPaise: terms[0]!.amountPaise, mode: "Cash", receiptNo: "FEE-2026-900001", paidAt: new Date("2026-05-02T20:00:00Z") },
      { feeTermId: terms[1]!.id, studentId: student!.id, degreeId: student!.degreeId, amountPaise: terms[1]!.amountPaise, mode: "Online", receiptNo: "FEE-2026-900002", paidAt: new Date("2026-05-04T06:00:00Z") },
    ]);

    const fees = async (query: string, cookie?: string) => (await dashboardOf(query, cookie)).feesCollected;
    expect(await fees("dateFrom=2026-05-03&dateTo=2026-05-03&timeZone=Asia/Kolkata")).toMatchObject({ termFees: 15_001, termFeeCount: 1 });
    expect(await fees("dateFrom=2026-05-03&dateTo=2026-05-03")).toMatchObject({ termFees: 0, termFeeCount: 0 });
    expect(await fees("dateFrom=2026-05-02&dateTo=2026-05-04")).toMatchObject({ termFees: 30_003, termFeeCount: 2 });
    expect(await fees("")).toMatchObject({ termFees: 30_003, termFeeCount: 2 });
    expect(await fees("", await departmentAdminOf("B.COM."))).toMatchObject({ termFees: 30_003, termFeeCount: 2 });
    expect(await fees("", await departmentAdminOf("B.A. TAMIL"))).toMatchObject({ termFees: 0, termFeeCount: 0 });
    expect((await get("/booking/dashboard?timeZone=Mars/Olympus")).statusCode).toBe(400);
  });

  it("refuses a reversed, too long or impossible range with 400, and anyone but staff", async () => {
    const refusal = async (query: string) => (await get(`/booking/dashboard?${query}`)).json();
    expect((await refusal("dateFrom=2026-05-06&dateTo=2026-05-01")).message).toBe("The start date must be on or before the end date.");
    expect((await refusal("dateFrom=2024-01-01&dateTo=2026-05-01")).message).toBe("Choose a date range of at most 366 days.");
    expect((await refusal("dateFrom=2026-02-30")).message).toBe("Enter the date as YYYY-MM-DD!");
    expect((await get("/booking/dashboard", (await signInAs(test, ROLE_USER)).cookie)).statusCode).toBe(403);
    expect((await get("/booking/dashboard", null)).statusCode).toBe(401);
  });
});

describe("an export longer than one batch", () => {
  let big: TestApp;
  let applicantCount: number;
  beforeAll(async () => {
    big = await buildTestApp();
    applicantCount = exportBatchSize[big.ctx.engine] * 2 + 3;
    await seedDemo(big.db);
    const [degree] = await big.db.select().from(degrees).where(eq(degrees.name, "B.A. ENGLISH"));
    // Applicants who never sign in: a password hash is not worth an argon2 run each.
    const applicants = await big.db
      .insert(users)
      .values(Array.from({ length: applicantCount }, (_, index) => ({ userName: `bulk${index}@example.in`, passwordHash: "unused", role: ROLE_USER })))
      .returning();
    const form = admissionSchema.parse(sampleAdmission());
    await big.db.insert(applications).values(
      applicants.map((user, index) => ({
        userId: user.id,
        applicationNo: `UG-2026-${String(index + 1).padStart(6, "0")}`,
        status: "Submitted",
        paymentStatus: "Offline",
        isOffline: true,
        courseId: 1,
        degreeId: degree!.id,
        name: `BULK ${index + 1}`,
        email: user.userName,
        mobile: "9840000000",
        applicationFee: 300,
        data: form,
        applicationDate: "2026-06-01",
      })),
    );
  });
  afterAll(async () => {
    await big.close();
  });

  it("writes every row once, in order, across the keyset batches", async () => {
    const response = await big.app.inject({ url: "/booking/exportApplication", headers: { cookie: (await signInAs(big, ROLE_ADMIN)).cookie } });
    expect(response.headers["x-total-count"]).toBe(String(applicantCount));
    const { rows } = await readWorkbook(response.rawPayload);
    expect(rows.map((row) => row[0])).toEqual(Array.from({ length: applicantCount }, (_, index) => `UG-2026-${String(index + 1).padStart(6, "0")}`));
  });
});
