import { ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN, ROLE_USER, feeTransactionExportQuerySchema, messages, staffNotices } from "@admissions/shared";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, applications, feePayments, paymentOrders, staffDegrees, students } from "../../db/schema/index.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { admitStudent, insertDegreesWithFees, signInAs, submitApplicationAs } from "../../test/factories.js";
import { encryptForGateway } from "../payments/ccavenue-cipher.js";
import { SANDBOX_CREDENTIALS } from "../payments/gateway.js";
import { transactionBatches } from "./transactions.repository.js";

let test: TestApp;
let adminCookie: string;
let degree: { arts: number; science: number };
const people = { anita: { userName: "", cookie: "" }, bala: { userName: "", cookie: "" }, chitra: { userName: "", cookie: "" } };
let applicationNo = "";
let applicationOrderId = "";

const artsFee = (year: number, term: number) => 10_000 + year * 100 + term;
const scienceFee = (year: number, term: number) => 20_000 + year * 100 + term;

let trackingId = 310_000_000_000;

/** The gateway's Success for an order, as its return posts it. */
async function paidAtTheGateway(orderId: string, rupees: string) {
  trackingId += 1;
  const fields = new URLSearchParams({ order_id: orderId, tracking_id: String(trackingId), order_status: "Success", amount: rupees, currency: "INR" });
  const response = await test.app.inject({
    method: "POST",
    url: "/booking/payments/ccavenue/return",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ encResp: encryptForGateway(fields.toString(), SANDBOX_CREDENTIALS.workingKey) }).toString(),
  });
  expect(response.headers.location).not.toMatch(/rejected/);
}

const setPaidAt = (receiptNo: string, at: string) => test.db.update(feePayments).set({ paidAt: new Date(at) }).where(eq(feePayments.receiptNo, receiptNo));

/**
 * Four payments on known days: Anita (arts) Y1T1 online on 1 June and Y1T2 in cash late on 2 June
 * (UTC; 3 June in India), Bala (science) Y1T1 by cheque on 3 June, and an applicant's application
 * fee on 4 June. Chitra (arts) has paid nothing.
 */
beforeAll(async () => {
  test = await buildTestApp();
  degree = await insertDegreesWithFees(test.db, {
    arts: { name: "B.A. LEDGER ARTS", prefix: "LART", rupees: artsFee },
    science: { name: "B.SC. LEDGER SCIENCE", prefix: "LSCI", rupees: scienceFee },
  });
  adminCookie = (await signInAs(test, ROLE_ADMIN)).cookie;
  for (const [name, degreeId, studentName] of [["anita", degree.arts, "ANITA R"], ["bala", degree.science, "BALA M"], ["chitra", degree.arts, "CHITRA K"]] as const) {
    const admitted = await admitStudent(test, adminCookie, degreeId, { name: studentName });
    people[name] = { userName: admitted.user.userName, cookie: admitted.cookie };
  }

  const online = (await test.app.inject({ method: "POST", url: "/booking/feePayment", headers: { cookie: people.anita.cookie }, payload: { feeCode: "LART-Y1T1", isOffline: false } })).json().data;
  await paidAtTheGateway(online.orderId, "10101.00");
  const [onlinePayment] = await test.db.select().from(feePayments).innerJoin(paymentOrders, eq(paymentOrders.id, feePayments.paymentOrderId)).where(eq(paymentOrders.orderId, online.orderId));
  await setPaidAt(onlinePayment!.fee_payments.receiptNo, "2025-06-01T10:00:00Z");

  const office = async (userName: string, feeCode: string, mode: string, reference?: string) =>
    (await test.app.inject({ method: "POST", url: "/booking/feePayment", headers: { cookie: adminCookie }, payload: { feeCode, userName, isOffline: true, mode, reference } })).json().data
      .receiptNo as string;
  await setPaidAt(await office(people.anita.userName, "LART-Y1T2", "Cash"), "2025-06-02T20:00:00Z");
  await setPaidAt(await office(people.bala.userName, "LSCI-Y1T1", "Cheque", "CHQ 1"), "2025-06-03T09:00:00Z");

  const applicant = await signInAs(test, ROLE_USER);
  applicationNo = await submitApplicationAs(test, applicant, { courseSubjectId: degree.arts, name: "DEV S" });
  const [application] = await test.db.select().from(applications).where(eq(applications.applicationNo, applicationNo));
  const [order] = await test.db.select().from(paymentOrders).where(eq(paymentOrders.applicationId, application!.id));
  applicationOrderId = order!.orderId;
  await paidAtTheGateway(applicationOrderId, "300.00");
  await test.db.update(paymentOrders).set({ settledAt: new Date("2025-06-04T09:00:00Z") }).where(eq(paymentOrders.id, order!.id));
});
afterAll(async () => {
  await test.close();
});

const list = (query = "", cookie = adminCookie) => test.app.inject({ url: `/booking/feeTransactions?${query}`, headers: { cookie } });
const pageOf = async (query = "", cookie = adminCookie) => {
  const response = await list(query, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
/** Each row as "who kind year/term mode", enough to tell the rows apart. */
const labels = async (query = "", cookie = adminCookie) =>
  ((await pageOf(query, cookie)).content as { name: string; kind: string; year: number | null; term: number | null; mode: string | null }[]).map(
    (row) => `${row.name} ${row.kind} ${row.year ?? "-"}/${row.term ?? "-"} ${row.mode ?? "-"}`,
  );

describe("GET /booking/feeTransactions", () => {
  it("lists every payment, term fees and application fees, newest first, with totals of them all", async () => {
    const page = await pageOf();
    expect(page.content.map((row: { name: string }) => row.name)).toEqual(["DEV S", "BALA M", "ANITA R", "ANITA R"]);
    expect(page).toMatchObject({ totalElements: 4, totalPages: 1, number: 0, size: 20, totals: { count: 4, amount: 300 + 20_101 + 10_102 + 10_101 } });

    const [application, cheque, cash, online] = page.content;
    expect(application).toEqual({
      id: expect.stringMatching(/^application-\d+$/),
      kind: "application",
      paidAt: "2025-06-04T09:00:00.000Z",
      receiptNo: null,
      orderId: applicationOrderId,
      name: "DEV S",
      userName: expect.any(String),
      admissionNo: null,
      applicationNo,
      degree: "B.A. LEDGER ARTS",
      year: null,
      term: null,
      amount: 300,
      mode: "Online",
      reference: expect.stringMatching(/^\d+$/),
      status: "Paid",
      refundReference: null,
      cancelledAt: null,
      cancelledBy: null,
      cancelReason: null,
    });
    expect(cheque).toMatchObject({
      kind: "fee",
      paidAt: "2025-06-03T09:00:00.000Z",
      receiptNo: expect.stringMatching(/^FEE-\d{4}-\d{6}$/),
      orderId: null,
      userName: people.bala.userName,
      admissionNo: expect.stringMatching(/^ADM-UG-/),
      applicationNo: expect.stringMatching(/^UG-/),
      degree: "B.SC. LEDGER SCIENCE",
      year: 1,
      term: 1,
      amount: 20_101,
      mode: "Cheque",
      reference: "CHQ 1",
      status: "Paid",
    });
    expect(cash).toMatchObject({ mode: "Cash", year: 1, term: 2, amount: 10_102, reference: null });
    expect(online).toMatchObject({ mode: "Online", orderId: expect.stringMatching(/F\d+P1$/), amount: 10_101 });
    expect(new Set(page.content.map((row: { id: string }) => row.id)).size).toBe(4);
  });

  it.each([
    ["kind=fee", ["BALA M fee 1/1 Cheque", "ANITA R fee 1/2 Cash", "ANITA R fee 1/1 Online"]],
    ["kind=application", ["DEV S application -/- Online"]],
    ["mode=Online", ["DEV S application -/- Online", "ANITA R fee 1/1 Online"]],
    ["mode=Cash", ["ANITA R fee 1/2 Cash"]],
    ["year=1&term=2", ["ANITA R fee 1/2 Cash"]],
    ["degreeId=science", ["BALA M fee 1/1 Cheque"]],
    ["dateFrom=2025-06-03&dateTo=2025-06-03", ["BALA M fee 1/1 Cheque"]],
    ["dateFrom=2025-06-03&dateTo=2025-06-03&timeZone=Asia/Kolkata", ["BALA M fee 1/1 Cheque", "ANITA R fee 1/2 Cash"]],
    ["dateFrom=2025-06-04", ["DEV S application -/- Online"]],
    ["status=Paid&kind=fee&mode=Demand Draft", []],
  ])("filters %s", async (query, expected) => {
    expect(await labels(query.replace("degreeId=science", `degreeId=${degree.science}`))).toEqual(expected);
  });

  it("with status=Due lists the unpaid terms instead, by year, term and admission number, with what they add up to", async () => {
    const page = await pageOf("status=Due&year=1");
    expect(page.content.map((row: { name: string; term: number }) => `${row.name} ${row.term}`)).toEqual(["CHITRA K 1", "BALA M 2", "CHITRA K 2"]);
    expect(page.totals).toEqual({ count: 3, amount: 10_101 + 20_102 + 10_102 });
    expect(page.content[0]).toMatchObject({ id: expect.stringMatching(/^due-\d+$/), kind: "fee", paidAt: null, receiptNo: null, orderId: null, mode: null, status: "Due" });
    // Owed now: all three are in year 1, whose terms are the ones due; later years' come due as they reach them.
    expect((await pageOf("status=Due")).totals.count).toBe(3);
    const setStudent = (name: string, changes: Partial<typeof students.$inferInsert>) => test.db.update(students).set(changes).where(eq(students.name, name));
    await setStudent("CHITRA K", { currentYear: 2 });
    expect((await pageOf("status=Due")).totals.count).toBe(5);
    // A withdrawn admission keeps its terms, but nobody is asked for them.
    await setStudent("BALA M", { status: "Cancelled" });
    expect((await pageOf("status=Due")).totals.count).toBe(4);
    // Who completed the course with terms unpaid still owes them.
    await setStudent("CHITRA K", { status: "Completed" });
    expect((await pageOf("status=Due")).totals.count).toBe(4);
    await setStudent("CHITRA K", { currentYear: 1, status: "Active" });
    await setStudent("BALA M", { status: "Active" });
    expect((await pageOf("status=Due&kind=application")).totalElements).toBe(0);
    expect((await pageOf("status=Due&mode=Cash")).totalElements).toBe(0);
  });

  it("searches a name by its words, an admission or application number, a receipt or order number, an e-mail", async () => {
    const all = await pageOf();
    const [application, cheque, cash] = all.content as { receiptNo: string; orderId: string; admissionNo: string; applicationNo: string }[];
    expect(await labels("search=m%20bal")).toEqual(["BALA M fee 1/1 Cheque"]);
    expect(await labels(`search=${cheque!.admissionNo.slice(0, -1)}`)).toContain("BALA M fee 1/1 Cheque");
    expect(await labels(`search=${cash!.receiptNo.toLowerCase()}`)).toEqual(["ANITA R fee 1/2 Cash"]);
    expect(await labels(`search=${application!.orderId}`)).toEqual(["DEV S application -/- Online"]);
    expect(await labels(`search=${application!.applicationNo}`)).toEqual(["DEV S application -/- Online"]);
    expect(await labels(`search=${encodeURIComponent(people.anita.userName.toUpperCase())}`)).toEqual(["ANITA R fee 1/2 Cash", "ANITA R fee 1/1 Online"]);
    // The count and the sum are of what the search finds; the due terms are searched too.
    expect((await pageOf("search=anita")).totals).toEqual({ count: 2, amount: 10_102 + 10_101 });
    expect(await labels("search=chitra&status=Due&year=1")).toEqual(["CHITRA K fee 1/1 -", "CHITRA K fee 1/2 -"]);
    // A receipt number typed in part is no receipt, and LIKE's wildcards match nothing.
    expect((await pageOf(`search=${cash!.receiptNo.slice(0, -2)}`)).totalElements).toBe(0);
    expect((await pageOf("search=%25")).totalElements).toBe(0);
  });

  it("pages on the server without repeating a row; the totals cover every page", async () => {
    const [first, second] = [await pageOf("pageSize=3"), await pageOf("pageSize=3&pageNo=1")];
    expect(first).toMatchObject({ totalElements: 4, totalPages: 2, size: 3, totals: { count: 4 } });
    expect(second.content).toHaveLength(1);
    expect(second.totals).toEqual(first.totals);
    const ids = [...first.content, ...second.content].map((row: { id: string }) => row.id);
    expect(new Set(ids).size).toBe(4);
  });

  it("shows a department admin only their degrees' payments", async () => {
    const session = await signInAs(test, ROLE_DEPARTMENT_ADMIN);
    await test.db.insert(staffDegrees).values({ userId: session.user.id, degreeId: degree.arts });
    expect(await labels("", session.cookie)).toEqual(["DEV S application -/- Online", "ANITA R fee 1/2 Cash", "ANITA R fee 1/1 Online"]);
    const unassigned = await signInAs(test, ROLE_DEPARTMENT_ADMIN);
    expect((await pageOf("", unassigned.cookie)).totals).toEqual({ count: 0, amount: 0 });
  });

  it("is staff's only, and refuses bad filters with 400", async () => {
    expect((await list("", people.anita.cookie)).statusCode).toBe(403);
    expect((await test.app.inject({ url: "/booking/feeTransactions" })).statusCode).toBe(401);
    const reversed = await list("dateFrom=2025-06-05&dateTo=2025-06-01");
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe("The end date cannot be before the start date!");
    for (const query of ["status=Failure", "mode=Card", "year=4", "kind=other", "dateFrom=2025-02-30", "timeZone=Mars/Base"]) {
      expect((await list(query)).statusCode, query).toBe(400);
    }
  });
});

/** The export's sheet, read back: the header and each row's cell values. */
async function exported(query = "") {
  const response = await test.app.inject({ url: `/booking/exportFeeTransactions?${query}`, headers: { cookie: adminCookie } });
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { response, header: rows[0]!, rows: rows.slice(1) };
}

describe("GET /booking/exportFeeTransactions", () => {
  it("streams the list's payments as an .xlsx: term fees then application fees, amounts as numbers, dates as dates", async () => {
    const { response, header, rows } = await exported();
    expect(response.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="fee-transactions-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(response.headers["x-total-count"]).toBe("4");
    expect(header).toEqual(["Date", "Type", "Receipt No", "Order ID", "Name", "E-mail", "Admission No", "Application No", "Degree", "Year", "Term", "Amount", "Mode", "Reference", "Status", "Refund reference"]);
    expect(rows.map((row) => [row[1], row[4], row[11], row[12]])).toEqual([
      ["Term fee", "ANITA R", 10_101, "Online"],
      ["Term fee", "ANITA R", 10_102, "Cash"],
      ["Term fee", "BALA M", 20_101, "Cheque"],
      ["Application fee", "DEV S", 300, "Online"],
    ]);
    expect(rows[2]![0]).toEqual(new Date("2025-06-03T09:00:00Z"));
    expect(rows[3]).toContain(applicationNo);

    const [entry] = await test.db.select().from(activityLog).where(eq(activityLog.action, "fee.exported"));
    expect(entry).toMatchObject({ summary: "Exported 4 fee transactions to Excel" });
  });

  it("writes each payment's time as the list showed it, in the zone the list was read in", async () => {
    const { rows } = await exported(`timeZone=${encodeURIComponent("Asia/Kolkata")}`);
    // Paid at 09:00 UTC, 14:30 in India: the cell reads 14:30 (a spreadsheet's dates have no zone).
    expect(rows[2]![0]).toEqual(new Date("2025-06-03T14:30:00Z"));
  });

  it("applies the list's filters, due terms included", async () => {
    expect((await exported("kind=fee&mode=Cash")).rows.map((row) => row[4])).toEqual(["ANITA R"]);
    expect((await exported("search=anita")).rows.map((row) => row[4])).toEqual(["ANITA R", "ANITA R"]);
    const due = await exported("status=Due&year=1");
    expect(due.response.headers["x-total-count"]).toBe("3");
    expect(due.rows.map((row) => [row[0] ?? null, row[4], row[10], row[14]])).toEqual([
      [null, "BALA M", 2, "Due"],
      [null, "CHITRA K", 1, "Due"],
      [null, "CHITRA K", 2, "Due"],
    ]);
    expect((await test.app.inject({ url: "/booking/exportFeeTransactions", headers: { cookie: people.anita.cookie } })).statusCode).toBe(403);
  });

  it("walks each kind by its own id in batches, every row once", async () => {
    const filters = feeTransactionExportQuerySchema.parse({});
    const batches = [];
    for await (const batch of transactionBatches(test.db, filters, null, 2)) batches.push(batch.map((row) => row.rowId));
    expect(batches.map((batch) => batch.length)).toEqual([2, 1, 1]);
    const all = (await pageOf()).content.map((row: { id: string }) => row.id);
    expect(batches.flat().sort()).toEqual([...all].sort());
  });
});

describe("payments to refund", () => {
  /** Chitra pays year 1 term 1 from two tabs at once, and the gateway takes both. */
  let twice = { first: "", second: "" };
  const record = (orderId: string, payload: object, cookie = adminCookie) =>
    test.app.inject({ method: "POST", url: `/booking/refunds/${encodeURIComponent(orderId)}`, headers: { cookie }, payload });
  const pay = async () => (await test.app.inject({ method: "POST", url: "/booking/feePayment", headers: { cookie: people.chitra.cookie }, payload: { feeCode: "LART-Y1T1", isOffline: false } })).json().data;

  beforeAll(async () => {
    const [first, second] = [await pay(), await pay()];
    await paidAtTheGateway(first.orderId, "10101.00");
    await paidAtTheGateway(second.orderId, "10101.00");
    twice = { first: first.orderId, second: second.orderId };
  });

  const rowsOf = async (query: string) =>
    ((await pageOf(query)).content as { orderId: string | null; receiptNo: string | null; status: string; refundReference: string | null }[]).filter((row) => row.orderId === twice.first || row.orderId === twice.second);

  it("lists the second payment with the money held, as a refund due, and alone among the refunds", async () => {
    expect(await rowsOf("")).toMatchObject([
      { orderId: twice.second, receiptNo: null, status: "Refund due" },
      { orderId: twice.first, status: "Paid" },
    ]);
    const refunds = await pageOf("status=Refund");
    expect(refunds.content).toMatchObject([{ orderId: twice.second, name: "CHITRA K", year: 1, term: 1, amount: artsFee(1, 1), mode: "Online", status: "Refund due", refundReference: null }]);
    expect(refunds.totals).toEqual({ count: 1, amount: artsFee(1, 1) });
  });

  it("takes the record of its refund once, from staff of its degree, with how the money went back", async () => {
    const science = await signInAs(test, ROLE_DEPARTMENT_ADMIN);
    await test.db.insert(staffDegrees).values({ userId: science.user.id, degreeId: degree.science });
    expect((await record(twice.second, { reference: "RFND-1" }, science.cookie)).statusCode).toBe(403);
    expect((await record(twice.second, { reference: "RFND-1" }, people.chitra.cookie)).statusCode).toBe(403);
    expect((await record(twice.second, { reference: "  " })).json()).toMatchObject({ status: "error", message: messages.refundReferenceRequired });
    expect((await record(twice.first, { reference: "RFND-1" })).json()).toMatchObject({ status: "error", message: staffNotices.refundNotDue });
    expect((await record("NO-SUCH-ORDER", { reference: "RFND-1" })).statusCode).toBe(404);
    expect(await rowsOf("status=Refund")).toMatchObject([{ status: "Refund due" }]);

    const recorded = await record(twice.second, { reference: " RFND-1 " });
    expect(recorded.json()).toEqual({ status: "success", message: staffNotices.refundRecorded, data: { orderId: twice.second, refundStatus: "Refunded", refundReference: "RFND-1" } });
    expect((await record(twice.second, { reference: "RFND-2" })).statusCode).toBe(409);

    // Given back, it is no longer money held, and the refunds say how it went.
    expect(await rowsOf("")).toMatchObject([{ orderId: twice.first, status: "Paid" }]);
    expect(await rowsOf("status=Refund")).toMatchObject([{ orderId: twice.second, status: "Refunded", refundReference: "RFND-1" }]);
    const [entry] = await test.db.select().from(activityLog).where(eq(activityLog.action, "payment.refunded"));
    expect(entry).toMatchObject({ entityId: twice.second, summary: `Refunded Rs.10101.00 of order ${twice.second} (RFND-1)` });
  });
});
