import type { FeeMode } from "@admissions/shared";
import type { Actor, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { recordActivity } from "../activity/activity.repository.js";
import { formatAmount } from "../payments/gateway.js";
import { clearRefundDue, lockHeldOrderOfTerm, type PaymentOrderRow } from "../payments/payments.repository.js";
import { keepToRefund, type Unpayable } from "../payments/refund-due.js";
import { describeTerm, termDetails } from "./fees.presenter.js";
import { lockTermById, recordTermPayment, termStatus, type FeeTermRow, type NewFeePayment } from "./fees.repository.js";

const ONLINE: FeeMode = "Online";

/** The term's payment by a gateway order: the gateway's tracking id is its reference. */
const onlinePayment = (term: FeeTermRow, order: PaymentOrderRow, trackingId: string | null): NewFeePayment => ({
  feeTermId: term.id,
  studentId: term.studentId,
  amountPaise: order.amountPaise,
  mode: ONLINE,
  reference: trackingId,
  paymentOrderId: order.id,
  recordedBy: null,
});

/**
 * A term fee order's answer from the gateway, inside the transaction that settles the order. Success
 * pays the term and issues its receipt; Failure and Aborted leave it Due. A Success the term cannot
 * take records nothing on it: the term is already paid (two orders both paid, or the office took the
 * fee meanwhile), or its fee is no longer the order's (a transfer re-priced it while the payer was at
 * the gateway, and paying the term with the old amount would mark it paid for less than it costs).
 * The money has to go back: the order owes it (the fee transactions' refunds list it until staff
 * record giving it back), the activity log says so, and the answer says `refundDue` for the payer to
 * be told. Answers what happened, for the order's own activity entry.
 */
export async function applyToFeeTerm(
  db: Database,
  order: PaymentOrderRow,
  outcome: "Success" | "Failure" | "Aborted",
  trackingId: string | null,
  meta: RequestMeta,
  timeZone: string,
) {
  const term = order.feeTermId === null ? undefined : await lockTermById(db, order.feeTermId);
  if (!term) throw new Error(`fee order ${order.orderId} names no fee term`);
  const about = termDetails(term);
  if (outcome !== "Success") return about;

  const feeNow = formatAmount(term.amountPaise);
  const why: Unpayable | undefined =
    term.status === termStatus.paid
      ? { action: "payment.duplicate", paidFor: `${describeTerm(term)}, which was already paid`, details: { ...about, trackingId } }
      : term.amountPaise !== order.amountPaise
        ? { action: "payment.amount_changed", paidFor: `${describeTerm(term)}, whose fee is now Rs.${feeNow} and still due`, details: { ...about, feeNow, trackingId } }
        : undefined;
  if (why) {
    await keepToRefund(db, order, why, meta);
    return { ...about, refundDue: true };
  }

  const payment = await recordTermPayment(db, term, onlinePayment(term, order, trackingId), timeZone);
  await recordActivity(db, {
    actor: null,
    action: "fee.paid_online",
    entityType: "fee_payment",
    entityId: payment.receiptNo,
    summary: `Rs.${formatAmount(order.amountPaise)} paid online for ${describeTerm(term)}, order ${order.orderId}`,
    details: { amount: formatAmount(order.amountPaise), ...about, orderId: order.orderId, trackingId },
    ip: meta.ip,
  });
  return { ...about, receiptNo: payment.receiptNo };
}

/**
 * The office cancelled the receipt that made the term's online payment a duplicate (the cash was
 * another student's, the cheque bounced): the money the gateway took for the term and held to be
 * refunded pays it after all, inside the cancellation's transaction, rather than the student being
 * asked to pay a term they paid. Only an order of the term's fee now, not yet given back; the receipt
 * is dated when the gateway took the money, and names the staff member whose cancellation applied it.
 * Answers the order and the new receipt, or undefined when nothing is held.
 */
export async function payTermWithHeldOrder(db: Database, term: FeeTermRow, cancelled: { receiptNo: string }, actor: Actor, meta: RequestMeta, timeZone: string) {
  const order = await lockHeldOrderOfTerm(db, term);
  if (!order) return undefined;
  const payment = await recordTermPayment(db, term, { ...onlinePayment(term, order, order.trackingId), paidAt: order.settledAt ?? undefined, recordedBy: actor.id }, timeZone);
  await clearRefundDue(db, order.id);
  await recordActivity(db, {
    actor: { id: actor.id, userName: actor.userName },
    action: "fee.held_payment_applied",
    entityType: "fee_payment",
    entityId: payment.receiptNo,
    summary: `Rs.${formatAmount(order.amountPaise)} of order ${order.orderId}, held for refund, now pays ${describeTerm(term)} in place of cancelled receipt ${cancelled.receiptNo}`,
    details: { amount: formatAmount(order.amountPaise), ...termDetails(term), orderId: order.orderId, cancelledReceipt: cancelled.receiptNo, trackingId: order.trackingId },
    ip: meta.ip,
  });
  return { orderId: order.orderId, receiptNo: payment.receiptNo, amountPaise: order.amountPaise, paidAt: payment.paidAt };
}
