import { ROLE_ADMIN, ROLE_USER, messages, notices, sampleAdmission } from "@admissions/shared";
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { activityLog, applications, degrees, paymentOrders, users } from "../../db/schema/index.js";
import { rowsOf } from "../../db/sql-lists.js";
import { seedDemo } from "../../db/seed-demo.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { fixtures, signInAs, uniqueEmail, uploadAs } from "../../test/factories.js";
import { textOfPdf } from "../../test/pdf-text.js";
import { encryptForGateway } from "./ccavenue-cipher.js";
import { SANDBOX_CREDENTIALS } from "./gateway.js";
import { claimAwaitingOrdersOfUsersStatement } from "./payments.repository.js";
import { settleAwaitingOrders } from "./payments.service.js";
import { decideSandboxPayment, readSandboxRequest, type SandboxOutcome } from "./sandbox.js";

let test: TestApp;
let degreeId: number;
beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  degreeId = (await test.db.select().from(degrees).where(eq(degrees.name, "B.SC. COMPUTER SCIENCE")))[0]!.id;
});
afterAll(async () => {
  await test.close();
});

/** An applicant who has just pressed Confirm & Pay: the answer carries the gateway form. */
async function applicantAtTheGateway() {
  const session = await signInAs(test);
  const [photo, marksheet, aadhar] = [
    await uploadAs(test, session.cookie, fixtures.photo),
    await uploadAs(test, session.cookie, fixtures.marksheet),
    await uploadAs(test, session.cookie, fixtures.aadhar),
  ];
  const payload = sampleAdmission({ courseSubjectId: degreeId, photoUrl: photo, marksheetCertificateUrl: marksheet, aadharImageUrl: aadhar });
  const answer = (await test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie: session.cookie }, payload })).json();
  return { ...session, payload, start: answer.data as { accessCode: string; encRequest: string; transactionUrl: string; orderId: string; applicationNo: string } };
}

/** What the sandbox gateway posts back when the tester chooses an outcome. */
async function gatewayAnswer(start: { encRequest: string; accessCode: string }, outcome: SandboxOutcome) {
  return decideSandboxPayment(test.db, readSandboxRequest(start.encRequest, start.accessCode), outcome);
}

/** The applicant's browser reaching the sandbox's payment page, from when the gateway knows the order. */
const reachPaymentPage = (start: { encRequest: string; accessCode: string }) =>
  test.app.inject({
    method: "POST",
    url: "/sandbox-gateway/transaction",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ encRequest: start.encRequest, access_code: start.accessCode }).toString(),
  });

const postBack = (path: "return" | "cancel", form: Record<string, string>) =>
  test.app.inject({
    method: "POST",
    url: `/booking/payments/ccavenue/${path}`,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://secure.ccavenue.com", "sec-fetch-site": "cross-site" },
    payload: new URLSearchParams(form).toString(),
  });

const statusOf = async (cookie: string) => (await test.app.inject({ url: "/booking/applicationStatus", headers: { cookie } })).json();
const orderOf = async (orderId: string) => (await test.db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId)))[0]!;

describe("Confirm & Pay", () => {
  it("answers the gateway form: access code, encRequest for the stored fee, an absolute return URL, a new order", async () => {
    const { start } = await applicantAtTheGateway();
    expect(start).toMatchObject({ accessCode: SANDBOX_CREDENTIALS.accessCode, transactionUrl: "http://localhost:3000/sandbox-gateway/transaction" });
    const request = readSandboxRequest(start.encRequest, start.accessCode);
    expect(request).toMatchObject({
      merchant_id: SANDBOX_CREDENTIALS.merchantId,
      order_id: start.orderId,
      amount: "300.00",
      currency: "INR",
      redirect_url: "http://localhost:3000/booking/payments/ccavenue/return",
      cancel_url: "http://localhost:3000/booking/payments/ccavenue/cancel",
    });
    expect((await orderOf(start.orderId)).status).toBe("Awaiting");
  });
});

describe("the gateway's answer", () => {
  it("Success submits the application with the tracking id as Payment Ref.No, and lands on /transactionStatus", async () => {
    const { cookie, start } = await applicantAtTheGateway();
    const back = await gatewayAnswer(start, "Success");
    const response = await postBack("return", { encResp: back.encResp, orderNo: back.orderId });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/transactionStatus");
    const status = (await statusOf(cookie)).data;
    expect(status).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Success" });
    expect(status.paymentRefNo).toMatch(/^\d{12}$/);
    expect(await orderOf(start.orderId)).toMatchObject({ status: "Success", trackingId: status.paymentRefNo, settledBy: "return" });
  });

  it("Failure makes the application Payment Failure; Abort (the cancel URL) keeps it Pending", async () => {
    const failed = await applicantAtTheGateway();
    const failure = await gatewayAnswer(failed.start, "Failure");
    await postBack("return", { encResp: failure.encResp });
    expect((await statusOf(failed.cookie)).data).toMatchObject({ applicationStatus: "Payment Failure", paymentStatus: "Failure" });

    const aborted = await applicantAtTheGateway();
    const abort = await gatewayAnswer(aborted.start, "Aborted");
    expect(abort.target).toMatch(/\/cancel$/);
    await postBack("cancel", { encResp: abort.encResp });
    expect((await statusOf(aborted.cookie)).data).toMatchObject({ applicationStatus: "Pending", paymentStatus: "Aborted" });
  });

  it("a Success after the order ended Aborted or Failure submits the application, and is logged as late; a Failure after a Success changes nothing", async () => {
    const { cookie, start } = await applicantAtTheGateway();
    await postBack("cancel", { encResp: (await gatewayAnswer(start, "Aborted")).encResp });
    expect((await statusOf(cookie)).data).toMatchObject({ applicationStatus: "Pending", paymentStatus: "Aborted" });

    // Back to the gateway's page, the payer pays after all: the money was taken.
    const paid = await postBack("return", { encResp: (await gatewayAnswer(start, "Success")).encResp });
    expect(paid.headers.location).toBe("/transactionStatus");
    const status = (await statusOf(cookie)).data;
    expect(status).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Success" });
    expect(await orderOf(start.orderId)).toMatchObject({ status: "Success", trackingId: status.paymentRefNo });
    const [logged] = await test.db.select().from(activityLog).where(sql`${activityLog.action} = 'payment.success' and ${activityLog.entityId} = ${start.orderId}`);
    expect(logged).toMatchObject({ summary: "Rs.300.00 success (gateway return), after the order had ended Aborted", details: expect.objectContaining({ endedBefore: "Aborted" }) });

    // Nothing moves a paid order back.
    await postBack("return", { encResp: (await gatewayAnswer(start, "Failure")).encResp });
    expect(await orderOf(start.orderId)).toMatchObject({ status: "Success" });
    expect((await statusOf(cookie)).data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Success" });

    const failed = await applicantAtTheGateway();
    await postBack("return", { encResp: (await gatewayAnswer(failed.start, "Failure")).encResp });
    await postBack("return", { encResp: (await gatewayAnswer(failed.start, "Success")).encResp });
    expect((await statusOf(failed.cookie)).data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Success" });
  });

  it("a replayed answer changes nothing", async () => {
    const { cookie, start } = await applicantAtTheGateway();
    const back = await gatewayAnswer(start, "Success");
    await postBack("return", { encResp: back.encResp });
    const settledAt = (await orderOf(start.orderId)).settledAt;
    const again = await postBack("return", { encResp: back.encResp });
    expect(again.headers.location).toBe("/transactionStatus");
    expect((await orderOf(start.orderId)).settledAt).toEqual(settledAt);
    expect((await statusOf(cookie)).data.applicationStatus).toBe("Submitted");
  });

  it("a Success after staff decided keeps their status but records the payment on the application", async () => {
    const { cookie, start } = await applicantAtTheGateway();
    // Approved while the applicant was at the gateway.
    await test.db.update(applications).set({ status: "Approved" }).where(eq(applications.applicationNo, start.applicationNo));
    const back = await gatewayAnswer(start, "Success");
    await postBack("return", { encResp: back.encResp });
    const status = (await statusOf(cookie)).data;
    expect(status).toMatchObject({ applicationStatus: "Approved", paymentStatus: "Success" });
    expect(status.paymentRefNo).toBe((await orderOf(start.orderId)).trackingId);
  });

  it("a Success for a fee already in (paid at the office with a walk-in entry) changes nothing and logs the refund", async () => {
    const { cookie, start } = await applicantAtTheGateway();
    await test.db.update(applications).set({ status: "Submitted", paymentStatus: "Offline" }).where(eq(applications.applicationNo, start.applicationNo));
    const back = await gatewayAnswer(start, "Success");
    expect((await postBack("return", { encResp: back.encResp })).headers.location).toBe("/transactionStatus?payment=refund");
    expect((await statusOf(cookie)).data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Offline" });
    const logged = await test.db.select().from(activityLog).where(sql`${activityLog.action} = 'payment.duplicate' and ${activityLog.entityId} = ${start.orderId}`);
    expect(logged.map((entry) => entry.summary)).toEqual([
      `Rs.300.00 received for application ${start.applicationNo}, whose fee was already in (Offline): refund it to the payer by hand`,
    ]);
    // Owed back, the order is listed among the fee transactions' refunds until staff record it refunded.
    expect((await orderOf(start.orderId)).refundStatus).toBe("Due");
  });

  it("an application fee paid from two tabs is listed to its payer as owed back, then as given back, and to nobody else", async () => {
    const { cookie, payload, start: first } = await applicantAtTheGateway();
    const second = (await test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie }, payload })).json().data as typeof first;
    expect(second.orderId).not.toBe(first.orderId);
    const refunds = async (sessionCookie: string) => (await test.app.inject({ url: "/booking/paymentRefunds", headers: { cookie: sessionCookie } })).json().data;
    expect(await refunds(cookie)).toEqual([]);

    await postBack("return", { encResp: (await gatewayAnswer(first, "Success")).encResp });
    expect((await postBack("return", { encResp: (await gatewayAnswer(second, "Success")).encResp })).headers.location).toBe("/transactionStatus?payment=refund");
    const owed = { orderId: second.orderId, amount: 300, academicYear: null, termNo: null, paidAt: expect.any(String) };
    expect(await refunds(cookie)).toEqual([{ ...owed, status: "Due", refundedAt: null, reference: null }]);
    expect(await refunds((await signInAs(test)).cookie)).toEqual([]);

    const admin = await signInAs(test, ROLE_ADMIN);
    const given = await test.app.inject({ method: "POST", url: `/booking/refunds/${encodeURIComponent(second.orderId)}`, headers: { cookie: admin.cookie }, payload: { reference: "NEFT 4411" } });
    expect(given.statusCode, given.body).toBe(200);
    expect(await refunds(cookie)).toEqual([{ ...owed, status: "Refunded", refundedAt: expect.any(String), reference: "NEFT 4411" }]);
    expect((await test.app.inject({ url: "/booking/paymentRefunds" })).statusCode).toBe(401);
  });

  it("a Success of an order made before the applicant changed to a dearer course submits nothing, logs the refund and leaves the new fee to pay", async () => {
    const { cookie, start, payload } = await applicantAtTheGateway();
    // The applicant leaves the gateway's tab open, changes to PG (Rs.400) and saves, then pays the old tab's Rs.300.
    const [postgraduate] = await test.db.select().from(degrees).where(eq(degrees.name, "M.A. ENGLISH"));
    const changed = await test.app.inject({
      method: "POST",
      url: "/booking/admission",
      headers: { cookie },
      payload: {
        ...payload,
        course: "PG",
        courseSubjectId: postgraduate!.id,
        marksDetails: [],
        examDetails: { nameOfDegree: "B.A.", mainSubject: "English", mediumOfStudy: "English", universityName: "Madras", collegeName: "Presidency", collegePlace: "Chennai", yearOfStudy: "2025" },
      },
    });
    expect(changed.json().data).toMatchObject({ applicationFee: 400 });
    const back = await gatewayAnswer(start, "Success");

    expect((await postBack("return", { encResp: back.encResp })).headers.location).toBe("/transactionStatus?payment=refund");
    expect((await statusOf(cookie)).data).toMatchObject({ applicationStatus: "Pending", paymentStatus: "Pending" });
    expect(await orderOf(start.orderId)).toMatchObject({ status: "Success", refundStatus: "Due" });
    const logged = await test.db.select().from(activityLog).where(sql`${activityLog.action} = 'payment.amount_changed' and ${activityLog.entityId} = ${start.orderId}`);
    expect(logged.map((entry) => entry.summary)).toEqual([
      `Rs.300.00 received for application ${start.applicationNo}, whose fee is now Rs.400.00 and still due: refund it to the payer by hand`,
    ]);

    // The new order, for the new fee, submits the application.
    const paid = await gatewayAnswer(changed.json().data, "Success");
    expect((await postBack("return", { encResp: paid.encResp })).headers.location).toBe("/transactionStatus");
    expect((await statusOf(cookie)).data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Success" });
  });

  it.each([
    ["a tampered amount", (fields: URLSearchParams) => fields.set("amount", "1.00"), (orderId: string) => ({ refusal: "amountMismatch", amount: "1.00", expected: "300.00", orderId })],
    ["another currency", (fields: URLSearchParams) => fields.set("currency", "USD"), (orderId: string) => ({ refusal: "currencyMismatch", currency: "USD", orderId })],
    ["a payment without its amount", (fields: URLSearchParams) => fields.delete("amount"), (orderId: string) => ({ refusal: "amountMissing", orderId })],
    ["a payment without its currency", (fields: URLSearchParams) => fields.delete("currency"), (orderId: string) => ({ refusal: "amountMissing", orderId })],
    ["an unknown order", (fields: URLSearchParams) => fields.set("order_id", "NOSUCHORDER1"), () => ({ refusal: "unknownOrder", orderId: "NOSUCHORDER1" })],
  ])("%s is refused, logged with what it quoted, and changes nothing", async (_case, tamper, quoted) => {
    const { cookie, start } = await applicantAtTheGateway();
    const fields = new URLSearchParams({ order_id: start.orderId, tracking_id: "999999999999", order_status: "Success", amount: "300.00", currency: "INR" });
    tamper(fields);
    const response = await postBack("return", { encResp: encryptForGateway(fields.toString(), SANDBOX_CREDENTIALS.workingKey) });

    expect(response.headers.location).toBe("/transactionStatus?payment=rejected");
    expect((await statusOf(cookie)).data).toMatchObject({ applicationStatus: "Pending", paymentStatus: "Pending" });
    expect((await orderOf(start.orderId)).status).toBe("Awaiting");
    const logged = await test.db.select().from(activityLog).where(eq(activityLog.action, "payment.rejected")).orderBy(desc(activityLog.id)).limit(1);
    expect(logged[0]?.details).toMatchObject(quoted(start.orderId));
    expect(logged[0]?.summary).toBe(`Gateway response refused: ${(logged[0]?.details as { reason: string }).reason}`);
  });

  it("refuses an answer whose tracking id is another order's, and logs both orders", async () => {
    const first = await applicantAtTheGateway();
    const second = await applicantAtTheGateway();
    const answerFor = (orderId: string) =>
      encryptForGateway(new URLSearchParams({ order_id: orderId, tracking_id: "310099990001", order_status: "Success", amount: "300.00", currency: "INR" }).toString(), SANDBOX_CREDENTIALS.workingKey);
    expect((await postBack("return", { encResp: answerFor(first.start.orderId) })).headers.location).toBe("/transactionStatus");
    expect((await postBack("return", { encResp: answerFor(second.start.orderId) })).headers.location).toBe("/transactionStatus?payment=rejected");
    expect((await orderOf(second.start.orderId)).status).toBe("Awaiting");
    const [logged] = await test.db.select().from(activityLog).where(eq(activityLog.action, "payment.rejected")).orderBy(desc(activityLog.id)).limit(1);
    expect(logged).toMatchObject({
      entityId: second.start.orderId,
      summary: `Gateway response refused: tracking id 310099990001 already belongs to order ${first.start.orderId}`,
      details: { refusal: "trackingIdTaken", trackingId: "310099990001", otherOrderId: first.start.orderId },
    });
  });

  it("refuses an answer that does not decrypt, and one whose orderNo names another order", async () => {
    const first = await applicantAtTheGateway();
    const second = await applicantAtTheGateway();
    expect((await postBack("return", { encResp: "deadbeef" })).headers.location).toBe("/transactionStatus?payment=rejected");
    // Nothing posted at all, with or without a form's type: the browser still lands on its page.
    const empty = await postBack("return", {});
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe("/transactionStatus?payment=rejected");
    const bare = await test.app.inject({ method: "POST", url: "/booking/payments/ccavenue/cancel", headers: { origin: "https://secure.ccavenue.com", "sec-fetch-site": "cross-site" } });
    expect(bare.statusCode).toBe(303);
    expect(bare.headers.location).toBe("/transactionStatus?payment=rejected");
    const back = await gatewayAnswer(first.start, "Success");
    expect((await postBack("return", { encResp: back.encResp, orderNo: second.start.orderId })).headers.location).toBe("/transactionStatus?payment=rejected");
    expect((await orderOf(first.start.orderId)).status).toBe("Awaiting");
    expect((await orderOf(second.start.orderId)).status).toBe("Awaiting");
    const [mismatch, , , undecryptable] = await test.db.select().from(activityLog).where(eq(activityLog.action, "payment.rejected")).orderBy(desc(activityLog.id)).limit(4);
    expect(undecryptable?.details).toMatchObject({ refusal: "undecryptable", reason: "encResp could not be decrypted" });
    expect(mismatch?.details).toMatchObject({ refusal: "orderNoMismatch", orderNo: second.start.orderId, orderId: first.start.orderId });
  });
});

describe("orders that never came back", () => {
  it("are settled by the order status call with the same result the return would have given, exactly once", async () => {
    const { cookie, start } = await applicantAtTheGateway();
    const back = await gatewayAnswer(start, "Success");
    // The browser was closed at the gateway: nothing was posted back. Verify and Pay asks the gateway.
    const verified = await test.app.inject({ method: "POST", url: "/booking/payments/verify", headers: { cookie } });
    expect(verified.json().data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Success" });
    expect(await orderOf(start.orderId)).toMatchObject({ status: "Success", settledBy: "status" });

    const late = await postBack("return", { encResp: back.encResp });
    expect(late.headers.location).toBe("/transactionStatus");
    expect((await orderOf(start.orderId)).settledBy).toBe("status");
  });

  it("are settled for each applicant who asks at the same moment, as their claims share one statement", async () => {
    const [paid, failed, waiting] = [await applicantAtTheGateway(), await applicantAtTheGateway(), await applicantAtTheGateway()];
    await gatewayAnswer(paid.start, "Success");
    await gatewayAnswer(failed.start, "Failure");
    const verify = (cookie: string) => test.app.inject({ method: "POST", url: "/booking/payments/verify", headers: { cookie } });

    const answers = await Promise.all([paid, failed, waiting].map((applicant) => verify(applicant.cookie)));

    expect(answers.map((answer) => answer.json().data)).toEqual([
      expect.objectContaining({ applicationStatus: "Submitted", paymentStatus: "Success" }),
      expect.objectContaining({ applicationStatus: "Payment Failure", paymentStatus: "Failure" }),
      expect.objectContaining({ applicationStatus: "Pending", paymentStatus: "Pending" }),
    ]);
    expect(await orderOf(waiting.start.orderId)).toMatchObject({ status: "Awaiting", checkedAt: expect.any(Date) });
  });

  it("are asked about again by a new attempt only a minute after the last asking; Verify and Pay asks at once", async () => {
    const asPaidAtTheGateway = await applicantAtTheGateway();
    const { cookie, payload, start: first } = asPaidAtTheGateway;
    const save = () => test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie }, payload });
    // The second attempt asks about the first, which is not paid yet.
    const second = (await save()).json().data as { orderId: string };
    const firstAskedAt = (await orderOf(first.orderId)).checkedAt;
    expect(firstAskedAt).toEqual(expect.any(Date));
    // Then the first is paid in a tab left open, and its answer never comes back.
    await gatewayAnswer(first, "Success");

    const third = await save();
    expect(third.statusCode).toBe(200);
    expect(await orderOf(first.orderId)).toMatchObject({ status: "Awaiting", checkedAt: firstAskedAt });
    expect((await orderOf(second.orderId)).checkedAt).toEqual(expect.any(Date));

    // A minute on, the next attempt asks again, finds it paid and starts nothing.
    await test.db.update(paymentOrders).set({ checkedAt: sql`now() - interval '61 seconds'` }).where(eq(paymentOrders.orderId, first.orderId));
    const fourth = await save();
    expect(fourth.statusCode).toBe(409);
    expect(await orderOf(first.orderId)).toMatchObject({ status: "Success", settledBy: "status" });

    const another = await applicantAtTheGateway();
    const pressedAgain = (await test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie: another.cookie }, payload: another.payload })).json();
    await gatewayAnswer(another.start, "Success");
    const verified = await test.app.inject({ method: "POST", url: "/booking/payments/verify", headers: { cookie: another.cookie } });
    expect(pressedAgain.data.orderId).not.toBe(another.start.orderId);
    expect(verified.json().data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Success" });
    expect(await orderOf(another.start.orderId)).toMatchObject({ status: "Success", settledBy: "status" });
  });

  it("are asked about by Verify and Pay twenty times in a quarter of an hour at most, as each press asks the gateway about all of them", async () => {
    const { cookie } = await applicantAtTheGateway();
    const verify = () => test.app.inject({ method: "POST", url: "/booking/payments/verify", headers: { cookie } });
    for (let press = 0; press < 20; press++) expect((await verify()).statusCode).toBe(200);
    const refused = await verify();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(notices.tooManyRequests);
    // Another applicant behind the same address is not held back.
    expect((await test.app.inject({ method: "POST", url: "/booking/payments/verify", headers: { cookie: (await applicantAtTheGateway()).cookie } })).statusCode).toBe(200);
  });

  it("stay Awaiting while the gateway has no result, and a new attempt after a failure gets a new order id", async () => {
    const { cookie, start, payload } = await applicantAtTheGateway();
    await test.app.inject({ method: "POST", url: "/booking/payments/verify", headers: { cookie } });
    expect((await orderOf(start.orderId)).status).toBe("Awaiting");

    await postBack("return", { encResp: (await gatewayAnswer(start, "Failure")).encResp });
    const retry = (await test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie }, payload })).json().data;
    expect(retry.orderId).not.toBe(start.orderId);
    expect(retry.applicationNo).toBe(start.applicationNo);
    await postBack("return", { encResp: (await gatewayAnswer(retry, "Success")).encResp });
    expect((await statusOf(cookie)).data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Success" });
  });
});

describe("the scheduled settlement", () => {
  const tenMinutesAgo = () => new Date(Date.now() - 10 * 60_000);
  const settleDue = () => settleAwaitingOrders(test.ctx, { createdBefore: tenMinutesAgo() }, test.app.log);
  const ageOrder = (orderId: string, hours: number) =>
    test.db
      .update(paymentOrders)
      .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
      .where(eq(paymentOrders.orderId, orderId));

  it("asks the longest unasked first: a paid order behind a hundred the gateway never saw paid is settled on the next round", async () => {
    // Orders of the earlier tests are minutes old, not due yet: only the ones aged here are.
    const left = await applicantAtTheGateway();
    await test.db.insert(paymentOrders).values(
      Array.from({ length: 100 }, (_, index) => ({
        orderId: `LEFT${index}`,
        purpose: "application",
        applicationId: null,
        userId: left.user.id,
        amountPaise: 30_000,
        createdAt: new Date(Date.now() - 3_600_000 - index * 1000),
      })),
    );
    const paid = await applicantAtTheGateway();
    await gatewayAnswer(paid.start, "Success");
    await ageOrder(paid.start.orderId, 0.5);
    await ageOrder(left.start.orderId, 0.5);

    expect(await settleDue()).toBe(0);
    expect((await orderOf(paid.start.orderId)).status).toBe("Awaiting");
    expect(await settleDue()).toBe(1);
    expect(await orderOf(paid.start.orderId)).toMatchObject({ status: "Success", settledBy: "status" });
    expect((await statusOf(paid.cookie)).data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Success" });
    expect((await orderOf("LEFT0")).status).toBe("Awaiting");
  });

  it("closes as Aborted an order the gateway still has not seen paid a day later", async () => {
    const { cookie, start } = await applicantAtTheGateway();
    expect((await reachPaymentPage(start)).statusCode).toBe(200);
    await ageOrder(start.orderId, 23);
    await settleDue();
    expect((await orderOf(start.orderId)).status).toBe("Awaiting");

    // A day on; never asked since, as if the hundred of the last test had been closed meanwhile.
    await ageOrder(start.orderId, 25);
    await test.db.update(paymentOrders).set({ checkedAt: null }).where(eq(paymentOrders.orderId, start.orderId));
    await settleDue();
    expect(await orderOf(start.orderId)).toMatchObject({ status: "Aborted", settledBy: "status", statusMessage: expect.stringContaining("a day after the order") });
    expect((await statusOf(cookie)).data.paymentStatus).toBe("Aborted");
  });

  it("keeps waiting, a day later too, an order the gateway has no record of: it does not say the order was not paid", async () => {
    const { cookie, start } = await applicantAtTheGateway();
    await ageOrder(start.orderId, 25);
    await settleDue();
    expect(await orderOf(start.orderId)).toMatchObject({ status: "Awaiting", settledAt: null, checkedAt: expect.any(Date) });
    expect((await statusOf(cookie)).data.paymentStatus).toBe("Pending");
  });
});

describe("GET /booking/applicationStatus", () => {
  it("answers data null before an application, and 404 for another applicant's", async () => {
    const [fresh, other] = [await signInAs(test), await applicantAtTheGateway()];
    expect((await statusOf(fresh.cookie)).data).toBeNull();
    const response = await test.app.inject({ url: `/booking/applicationStatus?userName=${other.user.userName}`, headers: { cookie: fresh.cookie } });
    expect(response.statusCode).toBe(404);
  });

  it("answers status success with SPEC.md's four fields", async () => {
    const { cookie, start } = await applicantAtTheGateway();
    const answer = await statusOf(cookie);
    expect(answer.status).toBe("success");
    expect(answer.data).toEqual({ applicationNo: start.applicationNo, applicationStatus: "Pending", paymentStatus: "Pending", paymentRefNo: null, receiptOrderId: null });
    const [row] = await test.db.select().from(applications).where(eq(applications.applicationNo, start.applicationNo));
    expect(row?.applicationFee).toBe(300);
  });

  it("answers applicants polling at the same moment each with their own, as the polls share one query", async () => {
    const [first, second, fresh] = [await applicantAtTheGateway(), await applicantAtTheGateway(), await signInAs(test)];
    await postBack("return", { encResp: (await gatewayAnswer(second.start, "Success")).encResp });
    const answers = await Promise.all([first.cookie, second.cookie, fresh.cookie, first.cookie].map(statusOf));
    expect(answers.map((answer) => answer.data)).toEqual([
      expect.objectContaining({ applicationNo: first.start.applicationNo, paymentStatus: "Pending", receiptOrderId: null }),
      expect.objectContaining({ applicationNo: second.start.applicationNo, paymentStatus: "Success", receiptOrderId: second.start.orderId }),
      null,
      expect.objectContaining({ applicationNo: first.start.applicationNo, paymentStatus: "Pending", receiptOrderId: null }),
    ]);
  });

  it("gives as the receipt the order that succeeded first, where two did", async () => {
    const { cookie, start } = await applicantAtTheGateway();
    await postBack("return", { encResp: (await gatewayAnswer(start, "Success")).encResp });
    const paid = await orderOf(start.orderId);
    // A second success for the same application, e.g. a payment the gateway settled twice, earlier and later than the first.
    const secondPayment = (orderId: string, settledAt: SQL) => ({ ...paid, id: undefined, orderId, trackingId: null, settledAt });
    await test.db.insert(paymentOrders).values(secondPayment(`${start.orderId}-later`, sql`now() + interval '1 hour'`));
    expect((await statusOf(cookie)).data.receiptOrderId).toBe(start.orderId);
    await test.db.insert(paymentOrders).values(secondPayment(`${start.orderId}-earlier`, sql`now() - interval '1 hour'`));
    expect((await statusOf(cookie)).data.receiptOrderId).toBe(`${start.orderId}-earlier`);
  });
});

describe("the receipt", () => {
  it("is a PDF for the payer with the college, applicant, application number, amount in figures and words, order and reference", async () => {
    const { cookie, start } = await applicantAtTheGateway();
    await postBack("return", { encResp: (await gatewayAnswer(start, "Success")).encResp });
    const status = (await statusOf(cookie)).data;
    expect(status.receiptOrderId).toBe(start.orderId);

    const response = await test.app.inject({ url: `/booking/payments/receipt/${start.orderId}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="receipt-${start.orderId}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = textOfPdf(response.rawPayload);
    for (const expected of [test.ctx.settings.collegeName, "PRIYA S", start.applicationNo, "Rs. 300.00", "Three Hundred Rupees Only", start.orderId, status.paymentRefNo]) {
      expect(text).toContain(expected);
    }
  });

  it("is not there for an unpaid order or for somebody else", async () => {
    const unpaid = await applicantAtTheGateway();
    expect((await test.app.inject({ url: `/booking/payments/receipt/${unpaid.start.orderId}`, headers: { cookie: unpaid.cookie } })).statusCode).toBe(404);

    const paid = await applicantAtTheGateway();
    await postBack("return", { encResp: (await gatewayAnswer(paid.start, "Success")).encResp });
    const stranger = await signInAs(test);
    expect((await test.app.inject({ url: `/booking/payments/receipt/${paid.start.orderId}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });
});

describe("a save of an application whose fee is unpaid", () => {
  const resave = (cookie: string, payload: object) => test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie }, payload });
  const ordersOfApplication = async (applicationNo: string) =>
    test.db
      .select({ orderId: paymentOrders.orderId })
      .from(paymentOrders)
      .innerJoin(applications, eq(applications.id, paymentOrders.applicationId))
      .where(eq(applications.applicationNo, applicationNo))
      .orderBy(paymentOrders.id);

  it("rewrites the application, starts the next numbered order, logs it and drops the draft", async () => {
    const { cookie, user, start, payload } = await applicantAtTheGateway();
    await test.app.inject({ method: "PUT", url: "/booking/admission/draft", headers: { cookie }, payload: { name: "PRI", step: 1 } });

    const answer = await resave(cookie, { ...payload, caste: "Vellalar" });
    expect(answer.statusCode).toBe(200);
    const again = answer.json().data;
    expect(again).toMatchObject({ applicationNo: start.applicationNo, applicationStatus: "Pending", paymentStatus: "Pending", applicationFee: 300 });
    expect(start.orderId).toBe(`${start.applicationNo.replace(/-/g, "")}P1`);
    expect(again.orderId).toBe(`${start.applicationNo.replace(/-/g, "")}P2`);
    expect(readSandboxRequest(again.encRequest, again.accessCode)).toMatchObject({ order_id: again.orderId, amount: "300.00", merchant_param1: start.applicationNo });
    expect(await orderOf(again.orderId)).toMatchObject({ purpose: "application", userId: user.id, amountPaise: 30_000, status: "Awaiting" });
    expect((await ordersOfApplication(start.applicationNo)).map((order) => order.orderId)).toEqual([start.orderId, again.orderId]);

    const [row] = await test.db.select().from(applications).where(eq(applications.applicationNo, start.applicationNo));
    expect((row!.data as { caste: string }).caste).toBe("VELLALAR");
    const [entry] = await test.db.select().from(activityLog).where(eq(activityLog.summary, `Updated the application; payment order ${again.orderId} started`));
    expect(entry).toMatchObject({
      actorUserId: user.id,
      action: "application.updated",
      entityType: "application",
      entityId: start.applicationNo,
      details: { degree: "B.SC. COMPUTER SCIENCE", status: "Pending", paymentOrder: again.orderId },
    });
    expect((await test.app.inject({ url: "/booking/admission/draft", headers: { cookie } })).json().data).toBeNull();
  });

  // Only a PostgreSQL server has sessions that wait for each other's locks (PGlite has one connection).
  it.runIf(process.env.TEST_DATABASE_URL)("made twice at the same moment gives each its own order", async () => {
    const { cookie, user, start, payload } = await applicantAtTheGateway();
    const waitingForLocks = async () =>
      (await rowsOf<{ waiting: number }>(test.db, sql`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`))[0]!.waiting;
    // Both saves begin while another session holds the application's row, so both statements see the
    // orders as they were: the second one to get the row numbers the same order as the first.
    let saves: Promise<Awaited<ReturnType<typeof resave>>[]> | undefined;
    await test.db.transaction(async (tx) => {
      await tx.select().from(applications).where(eq(applications.userId, user.id)).for("update");
      saves = Promise.all([resave(cookie, payload), resave(cookie, { ...payload, caste: "Vellalar" })]);
      for (let poll = 0; poll < 250 && (await waitingForLocks()) < 2; poll++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await waitingForLocks()).toBe(2);
    });
    const answers = await saves!;
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const orderIds = answers.map((answer) => answer.json().data.orderId as string);
    expect(new Set(orderIds).size).toBe(2);
    expect((await ordersOfApplication(start.applicationNo)).map((order) => order.orderId).sort()).toEqual([start.orderId, ...orderIds].sort());
  });

  it("made by several applicants at the same moment, or twice by one, gives each save its own row, order and entry", async () => {
    const applicants = [await applicantAtTheGateway(), await applicantAtTheGateway(), await applicantAtTheGateway()];
    const prefixOf = (index: number) => applicants[index]!.start.applicationNo.replace(/-/g, "");
    const saveAll = async (saves: [applicant: number, caste: string][]) => {
      const answers = await Promise.all(saves.map(([index, caste]) => resave(applicants[index]!.cookie, { ...applicants[index]!.payload, caste })));
      expect(answers.map((answer) => answer.statusCode)).toEqual(saves.map(() => 200));
      return answers.map((answer) => answer.json().data as { applicationNo: string; orderId: string });
    };
    const expectSavedAs = async (index: number, saved: { applicationNo: string; orderId: string }) => {
      const applicant = applicants[index]!;
      expect(saved.applicationNo).toBe(applicant.start.applicationNo);
      expect(await orderOf(saved.orderId)).toMatchObject({ userId: applicant.user.id, amountPaise: 30_000, status: "Awaiting" });
      const entries = await test.db.select().from(activityLog).where(eq(activityLog.summary, `Updated the application; payment order ${saved.orderId} started`));
      expect(entries).toEqual([expect.objectContaining({ actorUserId: applicant.user.id, entityId: applicant.start.applicationNo, details: expect.objectContaining({ paymentOrder: saved.orderId }) })]);
    };
    const casteOf = async (index: number) =>
      ((await test.db.select().from(applications).where(eq(applications.applicationNo, applicants[index]!.start.applicationNo)))[0]!.data as { caste: string }).caste;

    // Three applicants at once: their saves go to the database as one statement.
    const first = await saveAll([[0, "Vellalar"], [1, "Chettiar"], [2, "Nadar"]]);
    for (const index of [0, 1, 2]) {
      expect(first[index]!.orderId).toBe(`${prefixOf(index)}P2`);
      await expectSavedAs(index, first[index]!);
    }
    expect([await casteOf(0), await casteOf(1), await casteOf(2)]).toEqual(["VELLALAR", "CHETTIAR", "NADAR"]);

    // One applicant twice beside another: two saves of one applicant never share a statement.
    const second = await saveAll([[0, "Mudaliar"], [1, "Pillai"], [0, "Iyer"]]);
    expect([second[0]!.orderId, second[2]!.orderId].sort()).toEqual([`${prefixOf(0)}P3`, `${prefixOf(0)}P4`]);
    expect(second[1]!.orderId).toBe(`${prefixOf(1)}P3`);
    for (const [index, saved] of [[0, second[0]!], [1, second[1]!], [0, second[2]!]] as const) await expectSavedAs(index, saved);
    expect(["MUDALIAR", "IYER"]).toContain(await casteOf(0));
    expect(await casteOf(1)).toBe("PILLAI");
  });

  it("is refused once the fee is paid, and starts no order", async () => {
    const { cookie, start, payload } = await applicantAtTheGateway();
    await postBack("return", { encResp: (await gatewayAnswer(start, "Success")).encResp });
    const refused = await resave(cookie, { ...payload, caste: "Vellalar" });
    expect(refused.statusCode).toBe(409);
    expect(await ordersOfApplication(start.applicationNo)).toEqual([{ orderId: start.orderId }]);
  });

  it("made by several applicants at the same moment checks each one's own degree and documents", async () => {
    const [valid, thief, wrongDegree] = [await applicantAtTheGateway(), await applicantAtTheGateway(), await applicantAtTheGateway()];
    const pgDegree = (await test.db.select().from(degrees).where(eq(degrees.name, "M.COM.")))[0]!.id;
    const answers = await Promise.all([
      resave(valid.cookie, valid.payload),
      resave(thief.cookie, { ...thief.payload, photoUrl: valid.payload.photoUrl }),
      resave(wrongDegree.cookie, { ...wrongDegree.payload, courseSubjectId: pgDegree }),
      resave(wrongDegree.cookie, { ...wrongDegree.payload, courseSubjectId: 2_147_483_648 }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 400, 400]);
    expect(answers[1]!.json().data.errors).toEqual([{ field: "photoUrl", message: messages.documentNotYours }]);
    expect(answers[2]!.json().data.errors).toEqual([{ field: "courseSubjectId", message: messages.degreeRequired }]);
    expect(answers[3]!.json().data.errors).toEqual([{ field: "courseSubjectId", message: messages.degreeRequired }]);
  });
});

describe("the orders a save asks about", () => {
  it("are read through the applicant's own index, not by walking everybody's awaiting orders", async () => {
    // A deadline day: thousands of applicants left at the gateway, a few orders each, more every
    // minute than the statistics have seen. Each save asks only about its applicant's own. On
    // PostgreSQL autovacuum may analyze the table at any moment, which would make the statistics
    // current before the first plans below: it waits until the end, and current ones are checked last.
    await test.db.execute(sql`alter table payment_orders set (autovacuum_enabled = false)`);
    onTestFinished(() => test.db.execute(sql`alter table payment_orders reset (autovacuum_enabled)`).then(() => undefined));
    await test.db.execute(sql`analyze payment_orders`);
    const crowd = await test.db
      .insert(users)
      .values(Array.from({ length: 400 }, (_, index) => ({ userName: uniqueEmail(`crowd${index}`), passwordHash: "never signs in", role: ROLE_USER })))
      .returning({ id: users.id });
    await test.db
      .insert(paymentOrders)
      .values(Array.from({ length: 4_000 }, (_, index) => ({ orderId: `CROWD${index}`, purpose: "application", userId: crowd[index % crowd.length]!.id, amountPaise: 30_000 })));
    const planOf = async (query: SQL) => (await rowsOf<{ "QUERY PLAN": string }>(test.db, sql`explain ${query}`)).map((row) => row["QUERY PLAN"]).join("\n");
    // Whether a bitmap of a few rows is cheaper than an ordered index scan of them turns on the pages
    // the table happens to take: on PostgreSQL it went either way from one run to the next (a bitmap
    // scan of the applicant's index and a sort of its rows failed CI once). The first plans are asked
    // for with bitmaps left out, so they say which index serves the claim and whether in its order.
    const planWithoutBitmaps = (query: SQL) =>
      test.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_bitmapscan = off`);
        return (await rowsOf<{ "QUERY PLAN": string }>(tx, sql`explain ${query}`)).map((row) => row["QUERY PLAN"]).join("\n");
      });

    // The saves of a moment claim their applicants' orders in one statement. When the planner took
    // the index of everybody's awaiting orders for its order, the claim walked all of them once for
    // each applicant (93 ms for 100 applicants among 8,000 awaiting orders, against 2 ms through
    // their own). Their own index now holds them in the order they are asked in: no sort is left
    // for the other index to save.
    const askers = sql`${`{${crowd.map((asker) => asker.id).join(",")}}`}`;
    const plansOfTheClaims = (plan = planOf) => Promise.all([true, false].map((notAskedRecently) => plan(claimAwaitingOrdersOfUsersStatement(test.db, askers, notAskedRecently).getSQL())));
    for (const plan of await plansOfTheClaims(planWithoutBitmaps)) {
      expect(plan).toContain("Index Scan using payment_orders_user_awaiting_idx");
      expect(plan).not.toContain("payment_orders_awaiting_idx");
      expect(plan).not.toContain("Sort");
    }
    // With the statistics current, the planner may read the applicant's orders in a bitmap and sort
    // those few, but still through their own index.
    await test.db.execute(sql`analyze payment_orders`);
    for (const plan of await plansOfTheClaims()) {
      expect(plan).toContain("payment_orders_user_awaiting_idx");
      expect(plan).not.toContain("payment_orders_awaiting_idx");
    }
  });
});
