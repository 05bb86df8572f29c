import { editableApplicationStatuses, type ActivityAction, type GatewayRefusal, type RefusalValues } from "@admissions/shared";
import type { SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pLimit from "p-limit";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { recordActivity } from "../activity/activity.repository.js";
import { getApplicationById, updateApplication, type ApplicationRow } from "../admissions/admissions.repository.js";
import { applyToFeeTerm } from "../fees/fee-settlement.js";
import { assertDegreeInScope, degreeScopeOf } from "../users/degree-scope.js";
import { decryptFromGateway, encryptForGateway } from "./ccavenue-cipher.js";
import { formatAmount, gatewayOf, returnUrls } from "./gateway.js";
import { outcomeOf, queryOrderStatus, type GatewayResult, type Outcome } from "./order-status.js";
import {
  applicationOrderIdPrefix,
  claimAwaitingOrders,
  claimAwaitingOrdersOfUser,
  findOrderByTrackingId,
  getOrderForUpdate,
  insertNumberedOrder,
  paymentPurposes,
  settleOrder,
  type NewPaymentOrder,
  type PaymentOrderRow,
} from "./payments.repository.js";
import { buildReceiptPdf } from "./receipt.js";
import { keepToRefund, type Unpayable } from "./refund-due.js";

/** What the browser needs to post the hidden form to the gateway (SPEC.md: encRequest and access_code). */
export interface PaymentStart {
  accessCode: string;
  encRequest: string;
  transactionUrl: string;
  orderId: string;
}

/** What the gateway is asked to take for an order. */
export type PayableOrder = Pick<PaymentOrderRow, "orderId" | "currency" | "amountPaise" | "purpose">;

/** Who pays, as the gateway's billing fields want them. */
export interface Payer {
  name: string;
  email: string;
  mobile: string;
}

/**
 * A new gateway order and the encrypted request for it, built from our own records (the order's
 * amount, never the browser's). Its id is `orderIdPrefix` and the attempt's number, so each attempt
 * has a fresh one. `reference` names what is paid (an application or admission number) for the
 * merchant's reports at the gateway. Runs inside the caller's transaction, which holds the lock of
 * what is paid for.
 */
export async function startGatewayPayment(
  ctx: AppContext,
  db: Database,
  order: Omit<NewPaymentOrder, "orderId">,
  orderIdPrefix: string | SQL,
  payer: Payer,
  reference: string,
): Promise<PaymentStart> {
  return gatewayRequestFor(ctx, await insertNumberedOrder(db, order, orderIdPrefix), payer, reference);
}

/** What the browser posts to the gateway to pay a saved order. */
export function gatewayRequestFor(ctx: AppContext, order: PayableOrder, payer: Payer, reference: string): PaymentStart {
  const gateway = gatewayOf(ctx.settings);
  const { redirectUrl, cancelUrl } = returnUrls(ctx.settings);
  const request = new URLSearchParams({
    merchant_id: gateway.merchantId,
    order_id: order.orderId,
    currency: order.currency,
    amount: formatAmount(order.amountPaise),
    redirect_url: redirectUrl,
    cancel_url: cancelUrl,
    language: "EN",
    billing_name: payer.name,
    billing_email: payer.email,
    billing_tel: payer.mobile,
    merchant_param1: reference,
    merchant_param2: order.purpose,
  });
  return {
    accessCode: gateway.accessCode,
    encRequest: encryptForGateway(request.toString(), gateway.workingKey),
    transactionUrl: gateway.transactionUrl,
    orderId: order.orderId,
  };
}

/** The application fee's order for an application, but for the order id and the application's id. */
export function applicationFeeOrder(application: Pick<ApplicationRow, "userId" | "applicationFee">) {
  return { purpose: paymentPurposes.application, userId: application.userId, amountPaise: application.applicationFee * 100 };
}

/** Who pays an application's fee: the applicant, as the form names them. */
export function applicantPayer(application: Pick<ApplicationRow, "name" | "email" | "mobile">): Payer {
  return { name: application.name, email: application.email, mobile: application.mobile };
}

/**
 * A new order for the application fee, with a fresh order id per attempt and the amount from the
 * application, never from the browser. Runs inside the caller's transaction.
 */
export async function startApplicationPayment(ctx: AppContext, db: Database, application: ApplicationRow): Promise<PaymentStart> {
  return startGatewayPayment(
    ctx,
    db,
    { ...applicationFeeOrder(application), applicationId: application.id },
    applicationOrderIdPrefix(application.applicationNo),
    applicantPayer(application),
    application.applicationNo,
  );
}

/**
 * Why a gateway answer was not believed; nothing changes, the attempt is logged. `order` is ours
 * when the answer named a known order: the log entry names it, and the browser lands on that
 * payment's screen.
 */
export class RejectedPaymentResponse extends Error {
  constructor(
    readonly refusal: GatewayRefusal,
    readonly quoted: RefusalValues,
    readonly order?: Pick<PaymentOrderRow, "orderId" | "purpose">,
  ) {
    super(refusalReasons[refusal](quoted));
  }
}

/** Each refusal in the server's words; the staff screen has its own in each language. */
const refusalReasons: Record<GatewayRefusal, (quoted: RefusalValues) => string> = {
  undecryptable: () => "encResp could not be decrypted",
  orderNoMismatch: ({ orderNo, orderId }) => `orderNo ${orderNo} differs from the encrypted order ${orderId}`,
  unknownOrder: ({ orderId }) => `unknown order ${orderId}`,
  trackingIdTaken: ({ trackingId, otherOrderId }) => `tracking id ${trackingId} already belongs to order ${otherOrderId}`,
  amountMissing: ({ orderId }) => `a payment of order ${orderId} without its amount or currency`,
  amountMismatch: ({ amount, expected, orderId }) => `amount ${amount} does not match ${expected} of order ${orderId}`,
  currencyMismatch: ({ currency, orderId }) => `currency ${currency} of order ${orderId}`,
};

/** A refused gateway answer changes nothing but is kept in the activity log, where staff can see it. */
async function recordRejectedResponse(ctx: AppContext, error: RejectedPaymentResponse, orderId: string | null, meta: RequestMeta) {
  await recordActivity(ctx.db, {
    actor: null,
    action: "payment.rejected",
    entityType: "payment_order",
    entityId: orderId,
    summary: `Gateway response refused: ${error.message}`,
    details: { reason: error.message, refusal: error.refusal, ...error.quoted },
    ip: meta.ip,
  });
}

/**
 * What a settlement did: moved the order now, found it already moved (a replay), or left it waiting;
 * `refundDue` when the money came for a fee already in, or a term fee the term could not take.
 */
export type Settlement = { result: "settled" | "already" | "awaiting"; order: PaymentOrderRow; refundDue?: boolean };

type SettledOutcome = Exclude<Outcome, "Awaiting">;

/** The activity log's action for each way an order ends. */
const settledActions = { Success: "payment.success", Failure: "payment.failure", Aborted: "payment.aborted" } as const satisfies Record<SettledOutcome, ActivityAction>;

/** Payment statuses that say the application fee is in: through the gateway, or at the office. */
const feeReceivedStatuses: readonly string[] = ["Success", "Offline"];

/**
 * The application fee's answer moves the application while the applicant may still pay. Once staff
 * have acted on it (a decision, or a walk-in entry over the online form) its status stays theirs, but
 * money that came in is still written down: a Success records the payment on the application. Money
 * that cannot pay it is kept to refund, and the log says why: the fee was already in (another order,
 * or paid at the office), or the order was made for another fee (a UG order paid after the applicant
 * changed to PG, whose fee is higher, from a gateway tab left open).
 */
async function applyToApplication(db: Database, order: PaymentOrderRow, outcome: SettledOutcome, trackingId: string | null, meta: RequestMeta) {
  const application = order.applicationId ? await getApplicationById(db, order.applicationId, { forUpdate: true }) : undefined;
  const about = { application: application?.applicationNo, applicationStatusBefore: application?.status };
  if (!application) return about;
  const editable = editableApplicationStatuses.includes(application.status);
  if (outcome === "Success") {
    const feePaise = application.applicationFee * 100;
    const feeNow = formatAmount(feePaise);
    const paidFor = { ...about, application: application.applicationNo, trackingId };
    const why: Unpayable | undefined =
      !editable && feeReceivedStatuses.includes(application.paymentStatus)
        ? {
            action: "payment.duplicate",
            paidFor: `application ${application.applicationNo}, whose fee was already in (${application.paymentStatus})`,
            details: { ...paidFor, paymentStatus: application.paymentStatus },
          }
        : order.amountPaise !== feePaise
          ? { action: "payment.amount_changed", paidFor: `application ${application.applicationNo}, whose fee is now Rs.${feeNow} and still due`, details: { ...paidFor, feeNow } }
          : undefined;
    if (why) {
      await keepToRefund(db, order, why, meta);
      return { ...about, refundDue: true };
    }
  }
  if (editable) {
    const moves = {
      Success: { status: "Submitted", paymentStatus: "Success", paymentRefNo: trackingId },
      Failure: { status: "Payment Failure", paymentStatus: "Failure", paymentRefNo: application.paymentRefNo },
      Aborted: { status: "Pending", paymentStatus: "Aborted", paymentRefNo: application.paymentRefNo },
    } as const;
    await updateApplication(db, application.id, moves[outcome]);
    return about;
  }
  if (outcome === "Success") await updateApplication(db, application.id, { paymentStatus: "Success", paymentRefNo: trackingId });
  return about;
}

/**
 * Moves an order and what it pays for (the application, or the fee term) once and only once,
 * whichever of the browser's return and the status call brings the answer first; the other finds it
 * settled and changes nothing.
 */
export async function applyGatewayResult(
  ctx: AppContext,
  orderId: string,
  result: GatewayResult,
  settledBy: "return" | "status",
  meta: RequestMeta,
): Promise<Settlement> {
  return ctx.db.transaction(async (tx) => {
    const order = await getOrderForUpdate(tx, orderId);
    if (!order) throw new RejectedPaymentResponse("unknownOrder", { orderId });
    assertAnswerMatches(order, result);
    // An order moves once, but for one case: the gateway's Success for an order that had ended
    // Failure or Aborted (the payer went back to the gateway's page and paid after all, or the bank
    // confirmed late). The money was taken, so it is applied as any Success is, or kept to refund;
    // ignored, it was taken and recorded nowhere.
    const lateSuccess = result.outcome === "Success" && (order.status === "Failure" || order.status === "Aborted");
    if (order.status !== "Awaiting" && !lateSuccess) return { result: "already" as const, order };
    if (result.outcome === "Awaiting") return { result: "awaiting" as const, order };
    const trackingId = result.trackingId && result.trackingId !== "null" ? result.trackingId : null;
    if (trackingId) {
      const other = await findOrderByTrackingId(tx, trackingId);
      if (other && other.id !== order.id) throw new RejectedPaymentResponse("trackingIdTaken", { trackingId, otherOrderId: other.orderId }, order);
    }

    await settleOrder(tx, order.id, {
      status: result.outcome,
      trackingId,
      bankRefNo: result.bankRefNo && result.bankRefNo !== "null" ? result.bankRefNo : null,
      paymentMode: result.paymentMode ?? null,
      statusMessage: result.message?.slice(0, 500) ?? null,
      settledBy,
      gatewayResponse: result.raw,
    });
    const effect =
      order.purpose === paymentPurposes.fee
        ? await applyToFeeTerm(tx, order, result.outcome, trackingId, meta, ctx.settings.timeZone)
        : await applyToApplication(tx, order, result.outcome, trackingId, meta);
    await recordActivity(tx, {
      actor: null,
      action: settledActions[result.outcome],
      entityType: "payment_order",
      entityId: order.orderId,
      summary: `Rs.${formatAmount(order.amountPaise)} ${result.outcome.toLowerCase()} (${settledBy === "return" ? "gateway return" : "order status call"})${lateSuccess ? `, after the order had ended ${order.status}` : ""}`,
      details: { amount: formatAmount(order.amountPaise), settledBy, trackingId, ...(lateSuccess && { endedBefore: order.status }), ...effect },
      ip: meta.ip,
    });
    return { result: "settled" as const, order: { ...order, status: result.outcome }, refundDue: "refundDue" in effect && effect.refundDue === true };
  });
}

/**
 * What the gateway's POST back came to: the order's purpose (when known) and its outcome, a refusal,
 * or a payment taken for a term fee that the term could not take (to be refunded).
 */
export interface ReturnResult {
  purpose: string | undefined;
  outcome: Outcome | "rejected" | "refund";
}

/**
 * Where the browser lands after the gateway: Payment Details for the application fee, Fees History
 * for a term fee, with the outcome for the fee screen to announce.
 */
export function landingOf({ purpose, outcome }: ReturnResult): string {
  if (purpose === paymentPurposes.fee) return outcome === "Awaiting" ? "/feesHistory" : `/feesHistory?payment=${outcome.toLowerCase()}`;
  return outcome === "rejected" || outcome === "refund" ? `/transactionStatus?payment=${outcome}` : "/transactionStatus";
}

/** The gateway's POST back (return or cancel URL): decrypted, checked against our order, applied once. */
export async function settleFromReturn(ctx: AppContext, form: { encResp?: string; orderNo?: string }, meta: RequestMeta, log: FastifyBaseLogger): Promise<ReturnResult> {
  const gateway = gatewayOf(ctx.settings);
  try {
    let fields: Record<string, string>;
    try {
      fields = Object.fromEntries(new URLSearchParams(decryptFromGateway(form.encResp ?? "", gateway.workingKey)));
    } catch {
      throw new RejectedPaymentResponse("undecryptable", {});
    }
    const orderId = fields.order_id ?? "";
    if (form.orderNo && form.orderNo !== orderId) throw new RejectedPaymentResponse("orderNoMismatch", { orderNo: form.orderNo, orderId });
    const settlement = await applyGatewayResult(
      ctx,
      orderId,
      {
        outcome: outcomeOf(fields.order_status),
        trackingId: fields.tracking_id,
        bankRefNo: fields.bank_ref_no,
        paymentMode: fields.payment_mode,
        amount: fields.amount,
        currency: fields.currency,
        message: fields.status_message || fields.failure_message,
        raw: fields,
      },
      "return",
      meta,
    );
    // A replay or a late return finds the order settled: the browser is told what the order came to.
    return { purpose: settlement.order.purpose, outcome: settlement.refundDue ? "refund" : (settlement.order.status as Outcome) };
  } catch (error) {
    if (!(error instanceof RejectedPaymentResponse)) throw error;
    log.warn({ reason: error.message, ip: meta.ip }, "gateway response rejected");
    await recordRejectedResponse(ctx, error, error.order?.orderId ?? null, meta);
    return { purpose: error.order?.purpose, outcome: "rejected" };
  }
}

/** The PDF receipt of a paid application fee, known by its order id. */
/** The receipt of an application fee: to its payer, or to staff of the application's degree. */
export async function applicationReceiptOf(ctx: AppContext, actor: Actor, order: PaymentOrderRow): Promise<{ fileName: string; pdf: Buffer }> {
  const application = order.applicationId ? await getApplicationById(ctx.db, order.applicationId) : undefined;
  if (application && order.userId !== actor.id) assertDegreeInScope(await degreeScopeOf(ctx.db, actor), application.degreeId);
  const pdf = await buildReceiptPdf({
    collegeName: ctx.settings.collegeName,
    timeZone: ctx.settings.timeZone,
    number: order.orderId,
    payer: [
      ["Received from", application?.name ?? null],
      ["E-mail", application?.email ?? null],
      ["Application No", application?.applicationNo ?? null],
      ["Towards", "Application fee"],
    ],
    amountPaise: order.amountPaise,
    payment: [
      ["Order ID", order.orderId],
      ["Gateway reference", order.trackingId],
      ["Bank reference", order.bankRefNo],
      ["Payment mode", order.paymentMode],
    ],
    paidAt: order.settledAt ?? order.createdAt,
  });
  return { fileName: `receipt-${order.orderId}.pdf`, pdf };
}

/**
 * A gateway answer must name the order's own amount and currency; anything else is refused. A
 * payment must name them at all: one that left them out would settle an order without saying what
 * was paid.
 */
function assertAnswerMatches(order: PaymentOrderRow, result: GatewayResult): void {
  if (result.outcome === "Success" && (result.amount === undefined || result.currency === undefined)) {
    throw new RejectedPaymentResponse("amountMissing", { orderId: order.orderId }, order);
  }
  if (result.amount !== undefined && result.amount !== formatAmount(order.amountPaise)) {
    throw new RejectedPaymentResponse("amountMismatch", { amount: result.amount, expected: formatAmount(order.amountPaise), orderId: order.orderId }, order);
  }
  if ((result.currency ?? order.currency) !== order.currency) throw new RejectedPaymentResponse("currencyMismatch", { currency: result.currency, orderId: order.orderId }, order);
}

/**
 * A payment that has not happened a day after its order never will: the gateway's payment page has
 * long expired. The gateway still answering "not paid" (Initiated) by then closes the order as
 * Aborted, so orders of people who left at the gateway are not asked about for ever. An order it
 * answers nothing about (no record of it, a refusal) is not closed: see StatusAnswer.
 */
export const ABANDONED_AFTER_MS = 24 * 3_600_000;

/**
 * How many of one round's orders the gateway is asked about at once. A real gateway answers each
 * call over the internet, and an applicant's save waits for them: asked together, their waits overlap.
 */
const GATEWAY_CALLS_AT_ONCE = 4;

/**
 * Asks the gateway about orders that never came back: one user's (all of them, or with
 * `notAskedRecently` those not asked about within the last minute: see claimAwaitingOrdersOfUser),
 * or everybody's due ones on the schedule.
 */
export async function settleAwaitingOrders(
  ctx: AppContext,
  filter: { userId: number; notAskedRecently: boolean } | { createdBefore: Date },
  log: FastifyBaseLogger,
): Promise<number> {
  const gateway = gatewayOf(ctx.settings);
  // The status call is ours, not a browser's: there is no client address to record.
  const meta: RequestMeta = { ip: null, userAgent: null };
  const orders = "userId" in filter ? await claimAwaitingOrdersOfUser(ctx.db, filter.userId, filter) : await claimAwaitingOrders(ctx.db, filter);
  const askingTurn = pLimit(GATEWAY_CALLS_AT_ONCE);
  const answers = orders.map((order) => askingTurn(() => queryOrderStatus(ctx.db, gateway, order.orderId)));
  // Each is awaited in its turn below; one that fails before then must not end the process as unhandled.
  for (const answer of answers) answer.catch(() => undefined);
  // Each answer is applied as soon as it and those of the older orders are in, oldest order first,
  // so a paid order is not held back by a slow call about a newer one.
  let settled = 0;
  for (const [index, order] of orders.entries()) {
    try {
      const answer = await answers[index]!;
      // Kept waiting and asked again in its turn; the reason shows a gateway that refuses every call
      // (credentials, an address it does not know) apart from one that has no record of the order.
      if (!answer.known) log.info({ orderId: order.orderId, reason: answer.message }, "the gateway told nothing of the order's payment");
      const abandoned = answer.known && answer.outcome === "Awaiting" && Date.now() - order.createdAt.getTime() > ABANDONED_AFTER_MS;
      const result = abandoned ? { ...answer, outcome: "Aborted" as const, message: `Not paid at the gateway a day after the order (${answer.message ?? "no status"})` } : answer;
      if (result.outcome === "Awaiting") {
        // Nothing to record yet, so no transaction: the answer is only checked (a save asks about
        // the applicant's earlier orders each time, and this spares it a lock and a commit per order).
        assertAnswerMatches(order, result);
        continue;
      }
      const settlement = await applyGatewayResult(ctx, order.orderId, result, "status", meta);
      if (settlement.result === "settled") settled += 1;
    } catch (error) {
      log.warn({ err: error, orderId: order.orderId }, "order status could not be settled");
      if (error instanceof RejectedPaymentResponse) await recordRejectedResponse(ctx, error, order.orderId, meta);
    }
  }
  return settled;
}

