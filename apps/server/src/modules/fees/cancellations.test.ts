import { ROLE_ADMIN, messages, staffNotices } from "@admissions/shared";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, cancelledFeePayments, feePayments, feeTerms, mailOutbox, paymentOrders, students } from "../../db/schema/index.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { admitStudent, insertDegreesWithFees, signInAs, signInAsDepartmentAdmin } from "../../test/factories.js";
import { textOfPdf } from "../../test/pdf-text.js";
import { encryptForGateway } from "../payments/ccavenue-cipher.js";
import { SANDBOX_CREDENTIALS } from "../payments/gateway.js";

let test: TestApp;
let adminCookie: string;
let degree: { arts: number; science: number };

const artsFee = (year: number, term: number) => 30_000 + year * 100 + term;

beforeAll(async () => {
  test = await buildTestApp();
  degree = await insertDegreesWithFees(test.db, {
    arts: { name: "B.A. VOID ARTS", prefix: "VART", rupees: artsFee },
    science: { name: "B.SC. VOID SCIENCE", prefix: "VSCI", rupees: artsFee },
  });
  adminCookie = (await signInAs(test, ROLE_ADMIN)).cookie;
});
afterAll(async () => {
  await test.close();
});

const departmentAdminOf = async (degreeId: number) => (await signInAsDepartmentAdmin(test, degreeId)).cookie;

/** A student of the degree who paid Year 1 Term 1 at the office: the receipt number. */
async function paidAtTheOffice(degreeId = degree.arts, feeCode = "VART-Y1T1", mode = "Cash", reference?: string) {
  const person = await admitStudent(test, adminCookie, degreeId);
  const paid = await test.app.inject({ method: "POST", url: "/booking/feePayment", headers: { cookie: adminCookie }, payload: { feeCode, userName: person.user.userName, isOffline: true, mode, reference } });
  expect(paid.statusCode, paid.body).toBe(200);
  return { person, receiptNo: paid.json().data.receiptNo as string };
}

/** The student's online payment of the term, begun: the order id. */
async function startOnlinePayment(person: { cookie: string }, feeCode = "VART-Y1T1") {
  const start = await test.app.inject({ method: "POST", url: "/booking/feePayment", headers: { cookie: person.cookie }, payload: { feeCode, isOffline: false } });
  expect(start.statusCode, start.body).toBe(200);
  return start.json().data.orderId as string;
}

/** The gateway's browser return of a successful payment of the order. */
async function gatewaySuccess(orderId: string, trackingId: string, amount = "30101.00") {
  const fields = new URLSearchParams({ order_id: orderId, tracking_id: trackingId, order_status: "Success", amount, currency: "INR" });
  await test.app.inject({
    method: "POST",
    url: "/booking/payments/ccavenue/return",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ encResp: encryptForGateway(fields.toString(), SANDBOX_CREDENTIALS.workingKey) }).toString(),
  });
}

/**
 * A student at the gateway while the office took the fee in cash: the gateway's Success came after,
 * so the online money is held for refund. The cash receipt and the order.
 */
async function paidTwice(trackingId: string) {
  const person = await admitStudent(test, adminCookie, degree.arts);
  const orderId = await startOnlinePayment(person);
  const cash = await test.app.inject({ method: "POST", url: "/booking/feePayment", headers: { cookie: adminCookie }, payload: { feeCode: "VART-Y1T1", userName: person.user.userName, isOffline: true, mode: "Cash" } });
  expect(cash.statusCode, cash.body).toBe(200);
  await gatewaySuccess(orderId, trackingId);
  const [order] = await test.db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId));
  expect(order).toMatchObject({ status: "Success", refundStatus: "Due" });
  return { person, receiptNo: cash.json().data.receiptNo as string, order: order! };
}

const cancel = (receiptNo: string, payload: unknown, cookie = adminCookie) =>
  test.app.inject({ method: "POST", url: `/booking/feeReceipt/${encodeURIComponent(receiptNo)}/cancellation`, headers: { cookie }, payload: payload as object });

const termOf = async (userId: number, feeCode: string) => {
  const [row] = await test.db
    .select({ term: feeTerms })
    .from(feeTerms)
    .innerJoin(students, eq(students.id, feeTerms.studentId))
    .where(and(eq(students.userId, userId), eq(feeTerms.feeCode, feeCode)));
  return row!.term;
};
const paymentByReceipt = (receiptNo: string) => test.db.select().from(feePayments).where(eq(feePayments.receiptNo, receiptNo));
const cancelledByReceipt = (receiptNo: string) => test.db.select().from(cancelledFeePayments).where(eq(cancelledFeePayments.receiptNo, receiptNo));

describe("POST /booking/feeReceipt/{receiptNo}/cancellation", () => {
  it("takes an office payment out of the money held, keeps it with who cancelled it and why, and makes the term Due again", async () => {
    const { person, receiptNo } = await paidAtTheOffice(degree.arts, "VART-Y1T1", "Cheque", "CHQ 55");
    const [payment] = await paymentByReceipt(receiptNo);
    const staff = await signInAs(test, ROLE_ADMIN);

    const response = await cancel(receiptNo.toLowerCase(), { reason: "  Cheque bounced  " }, staff.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: staffNotices.receiptCancelled,
      data: { receiptNo, academicYear: 1, termNo: 1, cancelledAt: expect.any(String), paidByHeldOrder: null },
    });

    expect(await paymentByReceipt(receiptNo)).toEqual([]);
    const [cancelled] = await cancelledByReceipt(receiptNo);
    expect(cancelled).toMatchObject({
      id: payment!.id,
      feeTermId: payment!.feeTermId,
      amountPaise: artsFee(1, 1) * 100,
      mode: "Cheque",
      reference: "CHQ 55",
      paidAt: payment!.paidAt,
      recordedBy: payment!.recordedBy,
      cancelledBy: staff.user.id,
      cancelReason: "Cheque bounced",
    });
    expect(await termOf(person.user.id, "VART-Y1T1")).toMatchObject({ status: "Due", paidAt: null });

    const [entry] = await test.db.select().from(activityLog).where(and(eq(activityLog.action, "fee.cancelled"), eq(activityLog.entityId, receiptNo)));
    expect(entry).toMatchObject({ actorUserId: staff.user.id, entityType: "fee_payment" });
    expect(entry!.details).toMatchObject({ amount: "30101.00", feeCode: "VART-Y1T1", academicYear: 1, termNo: 1, mode: "Cheque", reason: "Cheque bounced" });

    // The student hears of it by e-mail: which receipt, why, and that the term is due again.
    const mails = await test.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, person.user.userName));
    const mail = mails.find((each) => each.subject.includes(receiptNo));
    expect(mail?.subject).toBe(`${test.ctx.settings.collegeName}: fee receipt ${receiptNo} has been cancelled`);
    for (const expected of ["Rs.30101.00 by Cheque", "Reason: Cheque bounced", "due again", `${test.ctx.settings.publicUrl}/signin`]) expect(mail?.body).toContain(expected);

    // The student sees the term owed, without the receipt; a second cancellation (another tab) is told so.
    const status = (await test.app.inject({ url: "/booking/feeStatus", headers: { cookie: person.cookie } })).json().data;
    expect(status.terms[0]).toMatchObject({ feeCode: "VART-Y1T1", status: "Due", receiptNo: null, paidAt: null });
    expect(status.cancelledReceipts).toEqual([
      { receiptNo, amount: artsFee(1, 1), academicYear: 1, termNo: 1, paidAt: payment!.paidAt.toISOString(), cancelledAt: expect.any(String), reason: "Cheque bounced" },
    ]);
    const again = await cancel(receiptNo, { reason: "Again" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(staffNotices.receiptAlreadyCancelled);
    expect((await cancel(receiptNo, { reason: "Again" }, await departmentAdminOf(degree.science))).statusCode).toBe(403);

    // Its PDF, the student's and staff's, says on its face that it was cancelled, when, by whom and why.
    for (const cookie of [person.cookie, adminCookie]) {
      const pdf = await test.app.inject({ url: `/booking/feeReceipt/${receiptNo}`, headers: { cookie } });
      expect(pdf.statusCode).toBe(200);
      const text = textOfPdf(pdf.rawPayload);
      for (const expected of ["CANCELLED: NOT A PROOF OF PAYMENT", receiptNo, "Rs. 30101.00", "Cancelled on", staff.user.userName, "Cheque bounced"]) expect(text).toContain(expected);
    }
    const other = await admitStudent(test, adminCookie, degree.arts);
    expect((await test.app.inject({ url: `/booking/feeReceipt/${receiptNo}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);

    // The student's page keeps it among the payments, cancelled, with when and why.
    const [record] = await test.db.select({ id: students.id }).from(students).where(eq(students.userId, person.user.id));
    const detail = (await test.app.inject({ url: `/booking/students/${record!.id}`, headers: { cookie: adminCookie } })).json().data;
    expect(detail.payments).toEqual([
      { receiptNo, paidAt: payment!.paidAt.toISOString(), amount: artsFee(1, 1), mode: "Cheque", reference: "CHQ 55", academicYear: 1, termNo: 1, cancelledAt: cancelled!.cancelledAt.toISOString(), cancelledBy: staff.user.userName, cancelReason: "Cheque bounced" },
    ]);
  });

  it("lets the term be paid again, under a new receipt number", async () => {
    const { person, receiptNo } = await paidAtTheOffice();
    expect((await cancel(receiptNo, { reason: "Entered for the wrong student" })).statusCode).toBe(200);
    const again = await test.app.inject({ method: "POST", url: "/booking/feePayment", headers: { cookie: adminCookie }, payload: { feeCode: "VART-Y1T1", userName: person.user.userName, isOffline: true, mode: "Cash" } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.receiptNo).not.toBe(receiptNo);
    expect((await termOf(person.user.id, "VART-Y1T1")).status).toBe("Paid");
    expect(await cancelledByReceipt(receiptNo)).toHaveLength(1);
    const [record] = await test.db.select({ id: students.id }).from(students).where(eq(students.userId, person.user.id));
    const detail = (await test.app.inject({ url: `/booking/students/${record!.id}`, headers: { cookie: adminCookie } })).json().data;
    expect(detail.payments.map((payment: { receiptNo: string; cancelReason: string | null }) => [payment.receiptNo, payment.cancelReason])).toEqual([
      [receiptNo, "Entered for the wrong student"],
      [again.json().data.receiptNo, null],
    ]);
  });

  it.each([
    ["missing", {}],
    ["blank", { reason: "   " }],
    ["too long", { reason: "x".repeat(501) }],
  ])("refuses a reason %s with 400 and changes nothing", async (_case, payload) => {
    const { person, receiptNo } = await paidAtTheOffice();
    const response = await cancel(receiptNo, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.cancelReasonRequired);
    expect(response.json().data.errors).toContainEqual({ field: "reason", message: messages.cancelReasonRequired });
    expect(await paymentByReceipt(receiptNo)).toHaveLength(1);
    expect((await termOf(person.user.id, "VART-Y1T1")).status).toBe("Paid");
    expect((await test.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, person.user.userName))).filter((mail) => mail.subject.includes(receiptNo))).toEqual([]);
  });

  it("refuses a fee paid online (409): that money came in and goes back only as a refund", async () => {
    const person = await admitStudent(test, adminCookie, degree.arts);
    await gatewaySuccess(await startOnlinePayment(person), "320000000001");
    const term = await termOf(person.user.id, "VART-Y1T1");
    expect(term.status).toBe("Paid");
    const [payment] = await test.db.select().from(feePayments).where(eq(feePayments.feeTermId, term.id));

    const response = await cancel(payment!.receiptNo, { reason: "Paid twice" });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(staffNotices.onlinePaymentNotCancellable);
    expect(await paymentByReceipt(payment!.receiptNo)).toHaveLength(1);
    expect((await termOf(person.user.id, "VART-Y1T1")).status).toBe("Paid");
  });

  it("pays the term with the student's online payment held for refund, rather than asking for the term again", async () => {
    const { person, receiptNo, order } = await paidTwice("320000000101");
    const staff = await signInAs(test, ROLE_ADMIN);

    const response = await cancel(receiptNo, { reason: "The cash was a classmate's" }, staff.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(staffNotices.receiptCancelledHeldPaymentApplied);
    expect(data).toMatchObject({ receiptNo, academicYear: 1, termNo: 1, paidByHeldOrder: { orderId: order.orderId, receiptNo: expect.stringMatching(/^FEE-\d{4}-\d{6}$/) } });
    const onlineReceipt = data.paidByHeldOrder.receiptNo as string;

    // The term is paid by the order, dated when the gateway took the money; nothing is owed back.
    const term = await termOf(person.user.id, "VART-Y1T1");
    expect(term).toMatchObject({ status: "Paid", paidAt: order.settledAt });
    expect(await paymentByReceipt(onlineReceipt)).toEqual([
      expect.objectContaining({ feeTermId: term.id, mode: "Online", reference: "320000000101", paymentOrderId: order.id, amountPaise: order.amountPaise, paidAt: order.settledAt, recordedBy: staff.user.id }),
    ]);
    expect((await test.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)))[0]).toMatchObject({ status: "Success", refundStatus: null });
    expect(await cancelledByReceipt(receiptNo)).toHaveLength(1);

    const [entry] = await test.db.select().from(activityLog).where(and(eq(activityLog.action, "fee.held_payment_applied"), eq(activityLog.entityId, onlineReceipt)));
    expect(entry).toMatchObject({ actorUserId: staff.user.id, entityType: "fee_payment" });
    expect(entry!.details).toMatchObject({ amount: "30101.00", feeCode: "VART-Y1T1", academicYear: 1, termNo: 1, orderId: order.orderId, cancelledReceipt: receiptNo });

    // The student is told the term is paid, by which receipt, and not to pay it again.
    const mails = await test.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, person.user.userName));
    const mail = mails.find((each) => each.subject.includes(receiptNo));
    for (const expected of ["Reason: The cash was a classmate's", `order ${order.orderId}`, `its receipt is ${onlineReceipt}`, "you need not pay the term again"]) expect(mail?.body).toContain(expected);
    expect(mail?.body).not.toContain("due again");

    // The student's fees: the term paid online under the new receipt, no refund listed; the receipt is theirs, and cannot be cancelled.
    const status = (await test.app.inject({ url: "/booking/feeStatus", headers: { cookie: person.cookie } })).json().data;
    expect(status.terms[0]).toMatchObject({ feeCode: "VART-Y1T1", status: "Paid", receiptNo: onlineReceipt, mode: "Online" });
    expect(status.refunds).toEqual([]);
    expect((await test.app.inject({ url: `/booking/feeReceipt/${onlineReceipt}`, headers: { cookie: person.cookie } })).statusCode).toBe(200);
    expect((await cancel(onlineReceipt, { reason: "Again" })).json().message).toBe(staffNotices.onlinePaymentNotCancellable);
  });

  it("leaves the term due when the held payment was refunded already, or the admission was withdrawn", async () => {
    const refunded = await paidTwice("320000000102");
    const recorded = await test.app.inject({ method: "POST", url: `/booking/refunds/${refunded.order.orderId}`, headers: { cookie: adminCookie }, payload: { reference: "RFND 1" } });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const afterRefund = await cancel(refunded.receiptNo, { reason: "Entered twice" });
    expect(afterRefund.json()).toMatchObject({ message: staffNotices.receiptCancelled, data: { paidByHeldOrder: null } });
    expect(await termOf(refunded.person.user.id, "VART-Y1T1")).toMatchObject({ status: "Due" });

    const withdrawn = await paidTwice("320000000103");
    await test.db.update(students).set({ status: "Cancelled" }).where(eq(students.userId, withdrawn.person.user.id));
    const afterWithdrawal = await cancel(withdrawn.receiptNo, { reason: "Entered twice" });
    expect(afterWithdrawal.json()).toMatchObject({ message: staffNotices.receiptCancelled, data: { paidByHeldOrder: null } });
    expect(await termOf(withdrawn.person.user.id, "VART-Y1T1")).toMatchObject({ status: "Due" });
    expect((await test.db.select().from(paymentOrders).where(eq(paymentOrders.id, withdrawn.order.id)))[0]).toMatchObject({ refundStatus: "Due" });
  });

  it("is staff's only, a department admin's only within their degrees, and 404 for an unknown receipt", async () => {
    const { person, receiptNo } = await paidAtTheOffice(degree.science, "VSCI-Y1T1");
    expect((await cancel(receiptNo, { reason: "Mine" }, person.cookie)).statusCode).toBe(403);
    expect((await cancel(receiptNo, { reason: "Not my degree" }, await departmentAdminOf(degree.arts))).statusCode).toBe(403);
    expect(await paymentByReceipt(receiptNo)).toHaveLength(1);
    expect((await test.app.inject({ method: "POST", url: `/booking/feeReceipt/${receiptNo}/cancellation`, payload: { reason: "Anonymous" } })).statusCode).toBe(401);
    expect((await cancel("FEE-1999-000001", { reason: "Unknown" })).statusCode).toBe(404);

    expect((await cancel(receiptNo, { reason: "Wrong term" }, await departmentAdminOf(degree.science))).statusCode).toBe(200);
    expect((await termOf(person.user.id, "VSCI-Y1T1")).status).toBe("Due");
  });
});

describe("cancelled receipts in Fees Transaction", () => {
  const page = async (query: string) => {
    const response = await test.app.inject({ url: `/booking/feeTransactions?${query}`, headers: { cookie: adminCookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it("leave the money held and are listed, with when and why, under status Cancelled; the export takes them too", async () => {
    const { receiptNo } = await paidAtTheOffice(degree.arts, "VART-Y1T2", "Demand Draft", "DD 9");
    const heldBefore = (await page("degreeId=" + degree.arts)).totals;
    expect((await cancel(receiptNo, { reason: "Draft returned unpaid" })).statusCode).toBe(200);

    const held = await page("degreeId=" + degree.arts);
    expect(held.content.map((row: { receiptNo: string }) => row.receiptNo)).not.toContain(receiptNo);
    expect(held.totals).toEqual({ count: heldBefore.count - 1, amount: heldBefore.amount - artsFee(1, 2) });

    const cancelled = await page("status=Cancelled&degreeId=" + degree.arts);
    const row = cancelled.content.find((each: { receiptNo: string }) => each.receiptNo === receiptNo);
    expect(row).toMatchObject({
      id: expect.stringMatching(/^cancelled-\d+$/),
      kind: "fee",
      status: "Cancelled",
      mode: "Demand Draft",
      reference: "DD 9",
      year: 1,
      term: 2,
      amount: artsFee(1, 2),
      degree: "B.A. VOID ARTS",
      orderId: null,
      cancelReason: "Draft returned unpaid",
      cancelledAt: expect.any(String),
      cancelledBy: expect.stringContaining("@"),
    });
    expect(cancelled.content.every((each: { status: string }) => each.status === "Cancelled")).toBe(true);
    expect((await page("status=Cancelled&mode=Online")).totalElements).toBe(0);
    expect((await page("status=Cancelled&kind=application")).totalElements).toBe(0);
    expect((await page("status=Cancelled&mode=Demand%20Draft&degreeId=" + degree.arts)).content.map((each: { receiptNo: string }) => each.receiptNo)).toContain(receiptNo);

    // Listed by the day of cancellation, newest first, whenever the fee had been paid.
    await test.db.update(feePayments).set({ paidAt: new Date("2025-01-10T06:00:00Z") });
    const { receiptNo: older } = await paidAtTheOffice(degree.arts, "VART-Y1T2");
    await test.db.update(feePayments).set({ paidAt: new Date("2025-01-09T06:00:00Z") }).where(eq(feePayments.receiptNo, older));
    expect((await cancel(older, { reason: "Paid for a classmate" })).statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const cancelledToday = await page(`status=Cancelled&dateFrom=${today}&dateTo=${today}&timeZone=UTC&degreeId=${degree.arts}`);
    expect(cancelledToday.content.map((each: { receiptNo: string }) => each.receiptNo).slice(0, 2)).toEqual([older, receiptNo]);
    expect((await page(`status=Cancelled&dateFrom=2025-01-09&dateTo=2025-01-09&degreeId=${degree.arts}`)).totalElements).toBe(0);

    const exported = await test.app.inject({ url: `/booking/exportFeeTransactions?status=Cancelled&degreeId=${degree.arts}`, headers: { cookie: adminCookie } });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((sheetRow) => rows.push((sheetRow.values as unknown[]).slice(1)));
    expect(rows[0]!.slice(-4)).toEqual(["Refund reference", "Cancelled", "Cancelled by", "Cancellation reason"]);
    const sheetRow = rows.find((each) => each[2] === receiptNo)!;
    expect(sheetRow[14]).toBe("Cancelled");
    expect(sheetRow[16]).toBeInstanceOf(Date);
    expect(sheetRow[17]).toEqual(expect.stringContaining("@"));
    expect(sheetRow[18]).toBe("Draft returned unpaid");
  });
});
