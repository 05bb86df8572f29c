import type { FeeMode } from "@admissions/shared";
import type { RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { recordActivity } from "../activity/activity.repository.js";
import { formatAmount } from "../payments/gateway.js";
import type { PaymentOrderRow } from "../payments/payments.repository.js";
import { lockTermById, recordTermPayment, termStatus } from "./fees.repository.js";

const ONLINE: FeeMode = "Online";

/**
 * A term fee order's answer from the gateway, inside the transaction that settles the order. Success
 * pays the term and issues its receipt; Failure and Aborted leave it Due. A Success for a term that is
 * already paid (two orders both paid, or the office took the fee meanwhile) records nothing more: the
 * money has to go back, so the activity log says so for the office to refund it by hand. Answers what
 * happened, for the order's own activity entry.
 */
export async function applyToFeeTerm(db: Database, order: PaymentOrderRow, outcome: "Success" | "Failure" | "Aborted", trackingId: string | null, meta: RequestMeta) {
  const term = order.feeTermId === null ? undefined : await lockTermById(db, order.feeTermId);
  if (!term) throw new Error(`fee order ${order.orderId} names no fee term`);
  const about = { feeTermId: term.id, feeCode: term.feeCode, academicYear: term.academicYear, termNo: term.termNo };
  if (outcome !== "Success") return about;

  const rupees = `Rs.${formatAmount(order.amountPaise)}`;
  if (term.status === termStatus.paid) {
    await recordActivity(db, {
      actor: null,
      action: "payment.duplicate",
      entityType: "payment_order",
      entityId: order.orderId,
      summary: `${rupees} received for ${term.feeCode} (year ${term.academicYear}, term ${term.termNo}), which was already paid: refund it to the payer by hand`,
      details: { ...about, trackingId },
      ip: meta.ip,
    });
    return { ...about, duplicate: true };
  }

  const payment = await recordTermPayment(db, term, {
    feeTermId: term.id,
    studentId: term.studentId,
    amountPaise: order.amountPaise,
    mode: ONLINE,
    reference: trackingId,
    paymentOrderId: order.id,
    recordedBy: null,
  });
  await recordActivity(db, {
    actor: null,
    action: "fee.paid_online",
    entityType: "fee_payment",
    entityId: payment.receiptNo,
    summary: `${rupees} paid online for ${term.feeCode} (year ${term.academicYear}, term ${term.termNo}), order ${order.orderId}`,
    details: { ...about, orderId: order.orderId, trackingId },
    ip: meta.ip,
  });
  return { ...about, receiptNo: payment.receiptNo };
}
