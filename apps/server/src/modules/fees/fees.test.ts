import { ROLE_ADMIN, ROLE_USER, messages, notices, staffNotices } from "@admissions/shared";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, feePayments, feeTerms, paymentOrders, students } from "../../db/schema/index.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { admitStudent, insertDegreesWithFees, signInAs, signInAsDepartmentAdmin } from "../../test/factories.js";
import { textOfPdf } from "../../test/pdf-text.js";
import { encryptForGateway } from "../payments/ccavenue-cipher.js";
import { SANDBOX_CREDENTIALS, formatAmount } from "../payments/gateway.js";
import { decideSandboxPayment, readSandboxRequest, type SandboxOutcome } from "../payments/sandbox.js";

let test: TestApp;
let adminCookie: string;
let degree: { arts: number; science: number };

/** Arts charges Rs.10,000 + 100 a year + the term (Y1T1 Rs.10,101); science Rs.20,000 + ... */
const artsFee = (year: number, term: number) => 10_000 + year * 100 + term;
const scienceFee = (year: number, term: number) => 20_000 + year * 100 + term;

beforeAll(async () => {
  test = await buildTestApp();
  degree = await insertDegreesWithFees(test.db, {
    arts: { name: "B.A. FEES ARTS", prefix: "FART", rupees: artsFee },
    science: { name: "B.SC. FEES SCIENCE", prefix: "FSCI", rupees: scienceFee },
  });
  adminCookie = (await signInAs(test, ROLE_ADMIN)).cookie;
});
afterAll(async () => {
  await test.close();
});

const student = (degreeId = degree.arts) => admitStudent(test, adminCookie, degreeId);

const departmentAdminOf = async (...degreeIds: number[]) => (await signInAsDepartmentAdmin(test, ...degreeIds)).cookie;

const feeStatus = (cookie: string, userName?: string) =>
  test.app.inject({ url: `/booking/feeStatus${userName === undefined ? "" : `?userName=${encodeURIComponent(userName)}`}`, headers: { cookie } });

type PaymentBody = { feeCode?: string; academicYear?: number | string; termNo?: number | string; userName?: string; remarks?: string; isOffline?: boolean; mode?: string; reference?: string; feeAmount?: number | string };
const pay = (cookie: string, body: PaymentBody) => test.app.inject({ method: "POST", url: "/booking/feePayment", headers: { cookie }, payload: body });
const payOnline = (cookie: string, feeCode: string, extra: PaymentBody = {}) => pay(cookie, { feeCode, isOffline: false, ...extra });
const payAtOffice = (userName: string, feeCode: string, extra: PaymentBody = {}, cookie = adminCookie) =>
  pay(cookie, { feeCode, userName, isOffline: true, mode: "Cash", ...extra });

type GatewayForm = { accessCode: string; encRequest: string; orderId: string };
/** What the sandbox gateway posts back when the tester chooses an outcome. */
const gatewayAnswer = (start: GatewayForm, outcome: SandboxOutcome) => decideSandboxPayment(test.db, readSandboxRequest(start.encRequest, start.accessCode), outcome);

const postBack = (path: "return" | "cancel", encResp: string) =>
  test.app.inject({
    method: "POST",
    url: `/booking/payments/ccavenue/${path}`,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://secure.ccavenue.com", "sec-fetch-site": "cross-site" },
    payload: new URLSearchParams({ encResp }).toString(),
  });

const termOf = async (userId: number, feeCode: string) => {
  const [row] = await test.db
    .select({ term: feeTerms })
    .from(feeTerms)
    .innerJoin(students, eq(students.id, feeTerms.studentId))
    .where(and(eq(students.userId, userId), eq(feeTerms.feeCode, feeCode)));
  return row!.term;
};
const paymentsOfTerm = (feeTermId: number) => test.db.select().from(feePayments).where(eq(feePayments.feeTermId, feeTermId));
const orderOf = async (orderId: string) => (await test.db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId)))[0]!;
const activities = (action: string, entityId: string) =>
  test.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.action, action), eq(activityLog.entityId, entityId)))
    .orderBy(asc(activityLog.id));

/** A student who has pressed PAY for a term: the gateway form the answer carries. */
async function atTheGateway(feeCode = "FART-Y1T1") {
  const person = await student();
  const response = await payOnline(person.cookie, feeCode);
  expect(response.statusCode, response.body).toBe(200);
  return { ...person, start: response.json().data as GatewayForm & { transactionUrl: string } };
}

describe("GET /booking/feeStatus", () => {
  it("answers a student their own record and terms by year and term, amounts in rupees", async () => {
    const person = await student();
    const response = await feeStatus(person.cookie);
    expect(response.statusCode).toBe(200);
    const { student: record, terms } = response.json().data;
    expect(record).toEqual({
      userName: person.user.userName,
      name: "PRIYA S",
      admissionNo: expect.stringMatching(/^ADM-UG-\d{4}-\d{4}$/),
      degree: "B.A. FEES ARTS",
      course: "UG",
      currentYear: 1,
      status: "Active",
    });
    expect(terms.map((term: { academicYear: number; termNo: number }) => [term.academicYear, term.termNo])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
      [3, 1],
      [3, 2],
    ]);
    expect(terms[1]).toEqual({
      id: expect.any(Number),
      academicYear: 1,
      termNo: 2,
      termAmount: 10_102,
      feeCode: "FART-Y1T2",
      status: "Due",
      paidAt: null,
      receiptNo: null,
      mode: null,
    });
    expect((await feeStatus(person.cookie, person.user.userName.toUpperCase())).statusCode).toBe(200);
  });

  it("answers a student another student's fees as absent (404), and 404 to an account without a student record", async () => {
    const [first, second] = [await student(), await student()];
    const response = await feeStatus(first.cookie, second.user.userName);
    expect(response.statusCode).toBe(404);
    expect(response.json().data).toBeNull();

    const applicant = await signInAs(test, ROLE_USER);
    const absent = await feeStatus(applicant.cookie);
    expect(absent.statusCode).toBe(404);
    expect(absent.json().message).toBe(notices.notAStudent);
    expect((await test.app.inject({ url: "/booking/feeStatus" })).statusCode).toBe(401);
  });

  it("answers staff any student's fees, a department admin only their degrees' (403 otherwise)", async () => {
    const [arts, science] = [await student(), await student(degree.science)];
    const admin = await feeStatus(adminCookie, science.user.userName);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.terms[0]).toMatchObject({ feeCode: "FSCI-Y1T1", termAmount: 20_101 });

    const department = await departmentAdminOf(degree.arts);
    expect((await feeStatus(department, arts.user.userName)).statusCode).toBe(200);
    expect((await feeStatus(department, science.user.userName)).statusCode).toBe(403);
    expect((await feeStatus(adminCookie, "nobody@example.in")).json().message).toBe(notices.notAStudent);
  });
});

describe("POST /booking/feePayment online", () => {
  it("answers the gateway form for a new fee order of the term's own amount", async () => {
    const { user, start } = await atTheGateway("FART-Y2T1");
    expect(start).toMatchObject({ accessCode: SANDBOX_CREDENTIALS.accessCode, transactionUrl: "http://localhost:3000/sandbox-gateway/transaction" });
    expect(start.orderId).toMatch(/^ADMUG\d{8}F\d+P1$/);
    const term = await termOf(user.id, "FART-Y2T1");
    expect(readSandboxRequest(start.encRequest, start.accessCode)).toMatchObject({
      order_id: start.orderId,
      amount: "10201.00",
      currency: "INR",
      redirect_url: "http://localhost:3000/booking/payments/ccavenue/return",
      merchant_param2: "fee",
    });
    expect(await orderOf(start.orderId)).toMatchObject({ purpose: "fee", feeTermId: term.id, userId: user.id, amountPaise: 1_020_100, status: "Awaiting", applicationId: null });
  });

  it("never charges the amount the browser sends: a different one is refused (409), the same one accepted", async () => {
    const person = await student();
    const changed = await payOnline(person.cookie, "FART-Y1T1", { feeAmount: 1 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(notices.feeAmountChanged);
    const term = await termOf(person.user.id, "FART-Y1T1");
    expect(await test.db.select().from(paymentOrders).where(eq(paymentOrders.feeTermId, term.id))).toEqual([]);

    const same = await payOnline(person.cookie, "FART-Y1T1", { feeAmount: "10101.00" });
    expect(same.statusCode).toBe(200);
    expect((await orderOf(same.json().data.orderId)).amountPaise).toBe(1_010_100);
  });

  it("Success pays the term exactly once, with a receipt, and lands on /feesHistory?payment=success", async () => {
    const { user, cookie, start } = await atTheGateway();
    const back = await gatewayAnswer(start, "Success");
    const response = await postBack("return", back.encResp);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/feesHistory?payment=success");

    const term = await termOf(user.id, "FART-Y1T1");
    const order = await orderOf(start.orderId);
    expect(term.status).toBe("Paid");
    const [payment, ...others] = await paymentsOfTerm(term.id);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({ mode: "Online", reference: order.trackingId, amountPaise: 1_010_100, paymentOrderId: order.id, recordedBy: null });
    expect(payment!.receiptNo).toMatch(/^FEE-\d{4}-\d{6}$/);
    expect(term.paidAt).toEqual(payment!.paidAt);
    expect(await activities("fee.paid_online", payment!.receiptNo)).toHaveLength(1);

    const shown = (await feeStatus(cookie)).json().data.terms[0];
    expect(shown).toMatchObject({ status: "Paid", receiptNo: payment!.receiptNo, mode: "Online", paidAt: payment!.paidAt.toISOString() });

    // A replay of the answer and the order status call (Verify) change nothing.
    expect((await postBack("return", back.encResp)).headers.location).toBe("/feesHistory?payment=success");
    expect((await test.app.inject({ method: "POST", url: "/booking/payments/verify", headers: { cookie } })).statusCode).toBe(200);
    expect(await paymentsOfTerm(term.id)).toHaveLength(1);
    expect((await orderOf(start.orderId)).settledAt).toEqual(order.settledAt);
    expect(await activities("fee.paid_online", payment!.receiptNo)).toHaveLength(1);
  });

  it("Failure and Abort leave the term Due and land on /feesHistory with the outcome", async () => {
    const failed = await atTheGateway();
    expect((await postBack("return", (await gatewayAnswer(failed.start, "Failure")).encResp)).headers.location).toBe("/feesHistory?payment=failure");
    expect((await termOf(failed.user.id, "FART-Y1T1")).status).toBe("Due");

    const aborted = await atTheGateway();
    expect((await postBack("cancel", (await gatewayAnswer(aborted.start, "Aborted")).encResp)).headers.location).toBe("/feesHistory?payment=aborted");
    const term = await termOf(aborted.user.id, "FART-Y1T1");
    expect(term.status).toBe("Due");
    expect(await paymentsOfTerm(term.id)).toEqual([]);

    // The next attempt is a new order.
    const retry = (await payOnline(aborted.cookie, "FART-Y1T1")).json().data;
    expect(retry.orderId).toBe(aborted.start.orderId.replace(/P1$/, "P2"));
  });

  it("a refused answer for a fee order lands on /feesHistory?payment=rejected and changes nothing", async () => {
    const { user, start } = await atTheGateway();
    const forged = new URLSearchParams({ order_id: start.orderId, tracking_id: "999999999991", order_status: "Success", amount: "1.00", currency: "INR" });
    const response = await postBack("return", encryptForGateway(forged.toString(), SANDBOX_CREDENTIALS.workingKey));
    expect(response.headers.location).toBe("/feesHistory?payment=rejected");
    expect((await termOf(user.id, "FART-Y1T1")).status).toBe("Due");
    expect((await orderOf(start.orderId)).status).toBe("Awaiting");
  });

  it("a second Success for a paid term records nothing more and logs payment.duplicate for a refund", async () => {
    const { user, cookie, start: first } = await atTheGateway();
    const second = (await payOnline(cookie, "FART-Y1T1")).json().data as GatewayForm;
    const [firstBack, secondBack] = [await gatewayAnswer(first, "Success"), await gatewayAnswer(second, "Success")];
    await postBack("return", firstBack.encResp);
    const secondReturn = await postBack("return", secondBack.encResp);
    expect(secondReturn.statusCode).toBe(303);
    // The payer is told the money goes back rather than that the term is now paid.
    expect(secondReturn.headers.location).toBe("/feesHistory?payment=refund");

    const term = await termOf(user.id, "FART-Y1T1");
    const payments = await paymentsOfTerm(term.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.paymentOrderId).toBe((await orderOf(first.orderId)).id);
    expect(await orderOf(second.orderId)).toMatchObject({ status: "Success", refundStatus: "Due" });
    expect((await orderOf(first.orderId)).refundStatus).toBeNull();
    const [duplicate, ...more] = await activities("payment.duplicate", second.orderId);
    expect(more).toEqual([]);
    expect(duplicate!.summary).toMatch(/already paid: refund it/);

    // The student sees the money owed back in their fees, and then how it went back.
    const owed = { orderId: second.orderId, amount: artsFee(1, 1), academicYear: 1, termNo: 1, paidAt: expect.any(String) };
    expect((await feeStatus(cookie)).json().data.refunds).toEqual([{ ...owed, status: "Due", refundedAt: null, reference: null }]);
    const refunded = await test.app.inject({ method: "POST", url: `/booking/refunds/${encodeURIComponent(second.orderId)}`, headers: { cookie: adminCookie }, payload: { reference: "RFND 556677" } });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await feeStatus(cookie)).json().data.refunds).toEqual([{ ...owed, status: "Refunded", refundedAt: expect.any(String), reference: "RFND 556677" }]);
  });

  it("a Success of the old amount for a term re-priced meanwhile leaves it Due and logs the refund", async () => {
    const { user, start } = await atTheGateway();
    // A transfer approved while the student was at the gateway re-prices the unpaid terms.
    const term = await termOf(user.id, "FART-Y1T1");
    await test.db.update(feeTerms).set({ amountPaise: scienceFee(1, 1) * 100, feeCode: "FSCI-Y1T1" }).where(eq(feeTerms.id, term.id));

    const response = await postBack("return", (await gatewayAnswer(start, "Success")).encResp);
    expect(response.headers.location).toBe("/feesHistory?payment=refund");
    expect(await termOf(user.id, "FSCI-Y1T1")).toMatchObject({ status: "Due", amountPaise: 2_010_100 });
    expect(await paymentsOfTerm(term.id)).toEqual([]);
    expect(await orderOf(start.orderId)).toMatchObject({ status: "Success", refundStatus: "Due" });
    const [logged] = await activities("payment.amount_changed", start.orderId);
    expect(logged!.summary).toBe("Rs.10101.00 received for FSCI-Y1T1 (year 1, term 1), whose fee is now Rs.20101.00 and still due: refund it to the payer by hand");
  });

  it("shows a term paid at the gateway whose return never came as Paid when the student looks again", async () => {
    const { user, cookie, start } = await atTheGateway();
    await gatewayAnswer(start, "Success");
    const shown = (await feeStatus(cookie)).json().data.terms.find((term: { feeCode: string }) => term.feeCode === "FART-Y1T1");
    expect(shown).toMatchObject({ status: "Paid", mode: "Online" });
    expect(await orderOf(start.orderId)).toMatchObject({ status: "Success", settledBy: "status" });
    expect(await paymentsOfTerm((await termOf(user.id, "FART-Y1T1")).id)).toHaveLength(1);
  });

  it("settles an attempt the gateway never reported before starting another, so a paid term is not charged twice", async () => {
    const { user, cookie, start } = await atTheGateway();
    // A second attempt asks about the first, not paid yet; then the first is paid in a tab left
    // open, and the browser never comes back from the gateway. Asked a moment ago, it is asked again.
    expect((await payOnline(cookie, "FART-Y1T1")).statusCode).toBe(200);
    expect((await orderOf(start.orderId)).checkedAt).toEqual(expect.any(Date));
    await gatewayAnswer(start, "Success");
    const again = await payOnline(cookie, "FART-Y1T1");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(notices.feeTermPaid);
    expect(await orderOf(start.orderId)).toMatchObject({ status: "Success", settledBy: "status" });
    expect(await paymentsOfTerm((await termOf(user.id, "FART-Y1T1")).id)).toHaveLength(1);
  });

  it("starts twenty times in a quarter of an hour at most, as each press asks the gateway about every earlier attempt; the office's entries are not counted", async () => {
    const { user, cookie } = await atTheGateway();
    for (let press = 1; press < 20; press++) expect((await payOnline(cookie, "FART-Y1T1")).statusCode).toBe(200);
    const refused = await payOnline(cookie, "FART-Y1T1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(notices.tooManyRequests);
    // The office, behind the same address, goes on recording the student's fees: the first is
    // recorded, the same term again is refused for what it is, never as too many.
    expect((await payAtOffice(user.userName, "FART-Y1T2")).statusCode).toBe(200);
    for (let entry = 0; entry < 20; entry++) expect((await payAtOffice(user.userName, "FART-Y1T2")).statusCode).toBe(409);
  });

  it("is a student's own: staff (403), an applicant (403), another student's name (404), an unknown fee code (404)", async () => {
    const person = await student();
    const staff = await payOnline(adminCookie, "FART-Y1T1", { userName: person.user.userName });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(staffNotices.onlineFeeStudentOnly);
    const applicant = await signInAs(test, ROLE_USER);
    expect((await payOnline(applicant.cookie, "FART-Y1T1")).statusCode).toBe(403);
    const other = await student();
    expect((await payOnline(person.cookie, "FART-Y1T1", { userName: other.user.userName })).statusCode).toBe(404);
    expect(await test.db.select().from(paymentOrders).where(and(eq(paymentOrders.userId, other.user.id), eq(paymentOrders.purpose, "fee")))).toEqual([]);
    const unknown = await payOnline(person.cookie, "FART-Y9T9");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(notices.feeTermNotFound);
  });
});

describe("POST /booking/feePayment offline", () => {
  it.each([
    ["Cash", undefined, "FART-Y1T1"],
    ["Cheque", "CHQ 004512", "FART-Y1T2"],
    ["Demand Draft", "DD 778812", "FART-Y2T1"],
    ["Bank Transfer", "UTR SBIN0123456", "FART-Y2T2"],
  ] as const)("records %s with its reference: 'Saved', a receipt, the term Paid, in the log", async (mode, reference, feeCode) => {
    const person = await student();
    const staff = await signInAs(test, ROLE_ADMIN);
    const response = await payAtOffice(person.user.userName, feeCode, { mode, reference, remarks: "Paid at the counter" }, staff.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(notices.saved);
    expect(data).toEqual({
      receiptNo: expect.stringMatching(/^FEE-\d{4}-\d{6}$/),
      feeCode,
      academicYear: Number(feeCode[6]),
      termNo: Number(feeCode[8]),
      amount: artsFee(Number(feeCode[6]), Number(feeCode[8])),
      mode,
      reference: reference ?? null,
      paidAt: expect.any(String),
    });

    const term = await termOf(person.user.id, feeCode);
    expect(term.status).toBe("Paid");
    expect((await paymentsOfTerm(term.id))[0]).toMatchObject({ receiptNo: data.receiptNo, mode, recordedBy: staff.user.id, remarks: "Paid at the counter", paymentOrderId: null });
    const [entry] = await activities("fee.recorded_offline", data.receiptNo);
    expect(entry).toMatchObject({ actorUserId: staff.user.id, entityType: "fee_payment" });
    expect(entry!.details).toMatchObject({ amount: formatAmount(term.amountPaise), feeCode, academicYear: term.academicYear, termNo: term.termNo, mode });
  });

  it.each([
    [{ mode: "Cheque" }, "reference", messages.feeReferenceRequired],
    [{ mode: "Bank Transfer", reference: "  " }, "reference", messages.feeReferenceRequired],
    [{ mode: undefined }, "mode", messages.feeModeRequired],
    [{ mode: "Card" }, "mode", messages.feeModeRequired],
    [{ userName: "" }, "userName", messages.feeStudentRequired],
    [{ remarks: "x".repeat(201) }, "remarks", messages.feeRemarksTooLong],
  ])("refuses %j with 400 on %s and changes nothing", async (change, field, message) => {
    const person = await student();
    const response = await pay(adminCookie, { feeCode: "FART-Y1T1", userName: person.user.userName, isOffline: true, mode: "Cash", ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().data.errors).toContainEqual({ field, message });
    expect((await termOf(person.user.id, "FART-Y1T1")).status).toBe("Due");
  });

  it("is staff's only, and a department admin's only for their degrees", async () => {
    const [arts, science] = [await student(), await student(degree.science)];
    const own = await pay(arts.cookie, { feeCode: "FART-Y1T1", userName: arts.user.userName, isOffline: true, mode: "Cash" });
    expect(own.statusCode).toBe(403);
    const applicant = await signInAs(test, ROLE_USER);
    expect((await pay(applicant.cookie, { feeCode: "FART-Y1T1", userName: arts.user.userName, isOffline: true, mode: "Cash" })).statusCode).toBe(403);

    const department = await departmentAdminOf(degree.arts);
    expect((await payAtOffice(science.user.userName, "FSCI-Y1T1", {}, department)).statusCode).toBe(403);
    expect((await termOf(science.user.id, "FSCI-Y1T1")).status).toBe("Due");
    expect((await payAtOffice(arts.user.userName, "FART-Y1T1", {}, department)).statusCode).toBe(200);
    expect((await payAtOffice("nobody@example.in", "FART-Y1T1")).json().message).toBe(notices.notAStudent);
  });

  it("refuses a changed amount (409) and an unknown fee code (404)", async () => {
    const person = await student();
    expect((await payAtOffice(person.user.userName, "FART-Y1T1", { feeAmount: 10_000 })).json().message).toBe(notices.feeAmountChanged);
    expect((await payAtOffice(person.user.userName, "FSCI-Y1T1")).statusCode).toBe(404);
    expect((await termOf(person.user.id, "FART-Y1T1")).status).toBe("Due");
  });
});

describe("the term a payment names", () => {
  /** A student whose year 3 term 1 carries the code of year 1 term 1, paid already: a rearranged fee structure. */
  async function studentWithRepeatedCode() {
    const person = await student();
    const [record] = await test.db.select().from(students).where(eq(students.userId, person.user.id));
    await test.db.delete(feeTerms).where(and(eq(feeTerms.studentId, record!.id), eq(feeTerms.feeCode, "FART-Y3T1")));
    const repeated = await test.db.insert(feeTerms).values({ studentId: record!.id, academicYear: 3, termNo: 1, amountPaise: 5_000_00, feeCode: "FART-Y1T1" }).returning();
    expect((await payAtOffice(person.user.userName, "FART-Y1T1", { academicYear: 1, termNo: 1 })).statusCode).toBe(200);
    return { ...person, repeated: repeated[0]! };
  }

  it("is the chosen year and term when the request names them, and must carry the fee code (404 otherwise)", async () => {
    const person = await studentWithRepeatedCode();
    const mismatch = await payAtOffice(person.user.userName, "FART-Y2T1", { academicYear: 2, termNo: 2 });
    expect(mismatch.statusCode).toBe(404);
    expect(mismatch.json().message).toBe(notices.feeTermNotFound);

    const chosen = await payAtOffice(person.user.userName, "FART-Y1T1", { academicYear: "3", termNo: "1" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({ academicYear: 3, termNo: 1, amount: 5_000 });
    expect((await paymentsOfTerm(person.repeated.id))).toHaveLength(1);
  });

  it("is the unpaid term with the fee code when the request names only the code (SPEC.md's shape)", async () => {
    const person = await studentWithRepeatedCode();
    const answer = await payAtOffice(person.user.userName, "FART-Y1T1");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ academicYear: 3, termNo: 1 });
    const again = await payAtOffice(person.user.userName, "FART-Y1T1");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(notices.feeTermPaid);
  });

  it("needs both the year and the term, or neither, with SPEC.md's messages", async () => {
    const person = await student();
    const noTerm = await payOnline(person.cookie, "FART-Y1T1", { academicYear: 1 });
    expect(noTerm.statusCode).toBe(400);
    expect(noTerm.json().message).toBe(messages.feeTermRequired);
    const noYear = await payOnline(person.cookie, "FART-Y1T1", { termNo: 1 });
    expect(noYear.json().message).toBe(messages.feeYearRequired);
    expect((await payOnline(person.cookie, "FART-Y1T1", { academicYear: 4, termNo: 1 })).statusCode).toBe(400);
    expect(await test.db.select().from(paymentOrders).where(and(eq(paymentOrders.userId, person.user.id), eq(paymentOrders.purpose, "fee")))).toEqual([]);
  });
});

describe("a term is paid once", () => {
  it("offline after offline, and online after offline, are refused with 409", async () => {
    const person = await student();
    expect((await payAtOffice(person.user.userName, "FART-Y1T1")).statusCode).toBe(200);
    for (const again of [await payAtOffice(person.user.userName, "FART-Y1T1", { mode: "Cheque", reference: "1" }), await payOnline(person.cookie, "FART-Y1T1")]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(notices.feeTermPaid);
    }
    expect(await paymentsOfTerm((await termOf(person.user.id, "FART-Y1T1")).id)).toHaveLength(1);
  });

  it("a student whose admission was cancelled is refused any fee with 409, which records nothing", async () => {
    const person = await student();
    await test.db.update(students).set({ status: "Cancelled" }).where(eq(students.userId, person.user.id));
    const refused = await payAtOffice(person.user.userName, "FART-Y1T1");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(notices.feeAdmissionCancelled);
    expect(await paymentsOfTerm((await termOf(person.user.id, "FART-Y1T1")).id)).toEqual([]);
    await test.db.update(students).set({ status: "Active" }).where(eq(students.userId, person.user.id));
    expect((await payAtOffice(person.user.userName, "FART-Y1T1")).statusCode).toBe(200);
  });

  it("two offices recording the same term at once: one payment, the other refused with 409", async () => {
    const person = await student();
    const answers = await Promise.all([payAtOffice(person.user.userName, "FART-Y2T1"), payAtOffice(person.user.userName, "FART-Y2T1", { mode: "Cheque", reference: "CHQ 1" })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(notices.feeTermPaid);
    expect(await paymentsOfTerm((await termOf(person.user.id, "FART-Y2T1")).id)).toHaveLength(1);
  });

  it("offline after online is refused with 409", async () => {
    const { user, start } = await atTheGateway();
    await postBack("return", (await gatewayAnswer(start, "Success")).encResp);
    const again = await payAtOffice(user.userName, "FART-Y1T1");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(notices.feeTermPaid);
  });

  it("the office asks the gateway first: a term paid online whose return never came is not taken again in cash", async () => {
    const { user, start } = await atTheGateway();
    // Paid at the gateway, but the browser never came back; the student walks to the office.
    await gatewayAnswer(start, "Success");
    const cash = await payAtOffice(user.userName, "FART-Y1T1");
    expect(cash.statusCode).toBe(409);
    expect(cash.json().message).toBe(notices.feeTermPaid);
    expect(await orderOf(start.orderId)).toMatchObject({ status: "Success", settledBy: "status" });
    const payments = await paymentsOfTerm((await termOf(user.id, "FART-Y1T1")).id);
    expect(payments.map((payment) => payment.mode)).toEqual(["Online"]);
  });

  it("an online payment that succeeds after the office took the fee is a duplicate to refund, not a second payment", async () => {
    const { user, start } = await atTheGateway();
    expect((await payAtOffice(user.userName, "FART-Y1T1")).statusCode).toBe(200);
    await postBack("return", (await gatewayAnswer(start, "Success")).encResp);
    const payments = await paymentsOfTerm((await termOf(user.id, "FART-Y1T1")).id);
    expect(payments.map((payment) => payment.mode)).toEqual(["Cash"]);
    expect(await activities("payment.duplicate", start.orderId)).toHaveLength(1);
  });
});

describe("the fee receipt", () => {
  const receipt = (cookie: string, receiptNo: string) => test.app.inject({ url: `/booking/feeReceipt/${receiptNo}`, headers: { cookie } });

  it("is a PDF with the college, student, admission no, degree, year and term, fee code, amount in figures and words, mode, reference", async () => {
    const person = await student();
    const { receiptNo } = (await payAtOffice(person.user.userName, "FART-Y1T2", { mode: "Cheque", reference: "CHQ 004512" })).json().data;
    const admissionNo = (await feeStatus(person.cookie)).json().data.student.admissionNo;

    const response = await receipt(person.cookie, receiptNo);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="receipt-${receiptNo}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = textOfPdf(response.rawPayload);
    for (const expected of [
      test.ctx.settings.collegeName,
      receiptNo,
      "PRIYA S",
      admissionNo,
      "B.A. FEES ARTS",
      "Year 1, Term 2",
      "FART-Y1T2",
      "Rs. 10102.00",
      "Ten Thousand One Hundred Two Rupees Only",
      "Cheque",
      "CHQ 004512",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("opens in the browser to print with print=true, and downloads otherwise", async () => {
    const person = await student();
    const { receiptNo } = (await payAtOffice(person.user.userName, "FART-Y1T1")).json().data;
    const shown = await test.app.inject({ url: `/booking/feeReceipt/${receiptNo}?print=true`, headers: { cookie: adminCookie } });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("application/pdf");
    expect(shown.headers["content-disposition"]).toBe(`inline; filename="receipt-${receiptNo}.pdf"`);
    const saved = await test.app.inject({ url: `/booking/feeReceipt/${receiptNo}`, headers: { cookie: adminCookie } });
    expect(saved.headers["content-disposition"]).toBe(`attachment; filename="receipt-${receiptNo}.pdf"`);
    expect(shown.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await textOfPdf(shown.rawPayload)).toContain(receiptNo);
    expect((await test.app.inject({ url: `/booking/feeReceipt/${receiptNo}?print=maybe`, headers: { cookie: adminCookie } })).statusCode).toBe(400);
  });

  it("of an online payment is there by receipt number and by order id", async () => {
    const { user, cookie, start } = await atTheGateway();
    await postBack("return", (await gatewayAnswer(start, "Success")).encResp);
    const [payment] = await paymentsOfTerm((await termOf(user.id, "FART-Y1T1")).id);
    const byOrder = await test.app.inject({ url: `/booking/payments/receipt/${start.orderId}`, headers: { cookie } });
    expect(byOrder.statusCode).toBe(200);
    expect(byOrder.headers["content-disposition"]).toBe(`attachment; filename="receipt-${payment!.receiptNo}.pdf"`);
    const text = textOfPdf((await receipt(cookie, payment!.receiptNo)).rawPayload);
    for (const expected of [payment!.receiptNo, "Online", payment!.reference!, start.orderId]) expect(text).toContain(expected);
  });

  it("is the student's own (another's is 404), staff's within their degrees (403 outside), 404 when unknown", async () => {
    const [arts, other] = [await student(), await student()];
    const { receiptNo } = (await payAtOffice(arts.user.userName, "FART-Y1T1")).json().data;
    expect((await receipt(other.cookie, receiptNo)).statusCode).toBe(404);
    expect((await receipt(adminCookie, receiptNo)).statusCode).toBe(200);
    expect((await receipt(await departmentAdminOf(degree.arts), receiptNo)).statusCode).toBe(200);
    expect((await receipt(await departmentAdminOf(degree.science), receiptNo)).statusCode).toBe(403);
    expect((await receipt(adminCookie, "FEE-1999-000001")).statusCode).toBe(404);
    expect((await test.app.inject({ url: `/booking/feeReceipt/${receiptNo}` })).statusCode).toBe(401);
  });
});

describe("a student transferred and admitted again in another degree", () => {
  const decide = (applicationNo: string, status: string, degreeId?: number) =>
    test.app.inject({ method: "POST", url: "/booking/applicationStatus", headers: { cookie: adminCookie }, payload: { message: "Seats", status, applicationNo, degreeId } });
  const transactionsOf = async (degreeId: number) =>
    (await test.app.inject({ url: `/booking/feeTransactions?degreeId=${degreeId}&pageSize=100`, headers: { cookie: adminCookie } })).json().data.content as { receiptNo: string; degree: string }[];

  it("keeps the fees paid to the old degree its: the receipt names it, its lists and staff keep them", async () => {
    const person = await student(degree.arts);
    const { receiptNo } = (await payAtOffice(person.user.userName, "FART-Y1T1")).json().data;
    expect((await decide(person.applicationNo, "Transferred", degree.science)).statusCode).toBe(200);
    expect((await decide(person.applicationNo, "Approved")).statusCode).toBe(200);
    const status = (await feeStatus(person.cookie)).json().data;
    expect(status.student.degree).toBe("B.SC. FEES SCIENCE");
    expect(status.terms.slice(0, 2)).toMatchObject([
      { feeCode: "FART-Y1T1", status: "Paid", receiptNo },
      { feeCode: "FSCI-Y1T2", status: "Due" },
    ]);

    const receiptText = textOfPdf((await test.app.inject({ url: `/booking/feeReceipt/${receiptNo}`, headers: { cookie: person.cookie } })).rawPayload);
    expect(receiptText).toContain("B.A. FEES ARTS");
    expect(receiptText).not.toContain("B.SC. FEES SCIENCE");
    expect((await transactionsOf(degree.arts)).find((row) => row.receiptNo === receiptNo)).toMatchObject({ degree: "B.A. FEES ARTS" });
    expect((await transactionsOf(degree.science)).map((row) => row.receiptNo)).not.toContain(receiptNo);

    // The fee paid now is the new degree's.
    const next = (await payAtOffice(person.user.userName, "FSCI-Y1T2")).json().data.receiptNo;
    expect((await transactionsOf(degree.science)).find((row) => row.receiptNo === next)).toMatchObject({ degree: "B.SC. FEES SCIENCE" });
    expect(textOfPdf((await test.app.inject({ url: `/booking/feeReceipt/${next}`, headers: { cookie: person.cookie } })).rawPayload)).toContain("B.SC. FEES SCIENCE");

    // Both degrees' staff print the old receipt (the new one's have the student now); only the old one's cancel it.
    const [artsStaff, scienceStaff] = [await departmentAdminOf(degree.arts), await departmentAdminOf(degree.science)];
    expect((await test.app.inject({ url: `/booking/feeReceipt/${receiptNo}`, headers: { cookie: artsStaff } })).statusCode).toBe(200);
    expect((await test.app.inject({ url: `/booking/feeReceipt/${receiptNo}`, headers: { cookie: scienceStaff } })).statusCode).toBe(200);
    expect((await test.app.inject({ url: `/booking/feeReceipt/${next}`, headers: { cookie: artsStaff } })).statusCode).toBe(403);
    const cancel = (cookie: string) =>
      test.app.inject({ method: "POST", url: `/booking/feeReceipt/${receiptNo}/cancellation`, headers: { cookie }, payload: { reason: "Entered twice" } });
    expect((await cancel(scienceStaff)).statusCode).toBe(403);
    expect((await cancel(artsStaff)).statusCode).toBe(200);
  });
});

describe("receipt numbers", () => {
  it("count up in one yearly series from application_counters", async () => {
    const person = await student();
    const numbers = [];
    for (const feeCode of ["FART-Y3T1", "FART-Y3T2"]) numbers.push((await payAtOffice(person.user.userName, feeCode)).json().data.receiptNo as string);
    const [first, second] = numbers.map((receiptNo) => Number(receiptNo.slice(-6)));
    expect(second).toBe(first! + 1);
    const all = await test.db.select({ receiptNo: feePayments.receiptNo }).from(feePayments).where(like(feePayments.receiptNo, `FEE-${new Date().getFullYear()}-%`));
    expect(new Set(all.map((row) => row.receiptNo)).size).toBe(all.length);
  });
});
