import { isStaffRole, staffNotices, type ReceiptCancellation, type ReceiptCancelled } from "@admissions/shared";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { recordActivity } from "../activity/activity.repository.js";
import type { OutgoingMail } from "../mail/mail.repository.js";
import { formatAmount } from "../payments/gateway.js";
import { assertDegreeInScope, degreeScopeOf } from "../users/degree-scope.js";
import { payTermWithHeldOrder } from "./fee-settlement.js";
import { describeTerm, termDetails } from "./fees.presenter.js";
import { cancelTermPayment, findCancelledReceipt, lockPaymentByReceipt } from "./fees.repository.js";

/**
 * Staff cancel a fee recorded at the office by mistake (the wrong student or term, a cheque that
 * bounced): the payment leaves the money held, its receipt no longer counts, and the term is Due
 * again, all in one transaction with its log entry and the student's e-mail. Only staff of the
 * degree it was paid to, and never a payment the gateway made: that money really came in, and goes
 * back only as a refund. If the student's online payment of the term was held for refund (it came
 * while the office took the fee), that money pays the term now, in the same transaction.
 */
export async function cancelReceipt(
  ctx: AppContext,
  actor: Actor,
  receiptNo: string,
  cancellation: ReceiptCancellation,
  meta: RequestMeta,
): Promise<{ answer: ReceiptCancelled; notice: string }> {
  if (!isStaffRole(actor.role)) throw new ForbiddenError();
  const answer = await ctx.db.transaction(async (tx) => {
    const scope = await degreeScopeOf(tx, actor);
    const found = await lockPaymentByReceipt(tx, receiptNo);
    if (!found) {
      // Cancelled already (from another tab, by a colleague): said so, rather than that it is unknown.
      const cancelled = await findCancelledReceipt(tx, receiptNo);
      if (!cancelled) throw new NotFoundError();
      assertDegreeInScope(scope, cancelled.degreeId);
      throw new ConflictError(staffNotices.receiptAlreadyCancelled);
    }
    const { payment, term, student } = found;
    assertDegreeInScope(scope, payment.degreeId);
    if (payment.paymentOrderId !== null) throw new ConflictError(staffNotices.onlinePaymentNotCancellable);
    const cancelled = await cancelTermPayment(tx, payment, { cancelledBy: actor.id, cancelReason: cancellation.reason });
    await recordActivity(tx, {
      actor: { id: actor.id, userName: actor.userName },
      action: "fee.cancelled",
      entityType: "fee_payment",
      entityId: payment.receiptNo,
      summary: `Cancelled receipt ${payment.receiptNo}: Rs.${formatAmount(payment.amountPaise)} by ${payment.mode} from ${student.admissionNo} for ${describeTerm(term)} (${cancellation.reason})`,
      details: {
        amount: formatAmount(payment.amountPaise),
        admissionNo: student.admissionNo,
        ...termDetails(term),
        mode: payment.mode,
        reference: payment.reference,
        reason: cancellation.reason,
      },
      ip: meta.ip,
    });
    // A withdrawn admission owes nothing: money held for its term stays to be refunded.
    const paidByHeldOrder = student.status === "Cancelled" ? undefined : await payTermWithHeldOrder(tx, term, cancelled, actor, meta, ctx.settings.timeZone);
    await ctx.mailer.enqueue(tx, cancellationMail(ctx, student, payment, cancellation.reason, paidByHeldOrder));
    return {
      answer: {
        receiptNo: cancelled.receiptNo,
        academicYear: term.academicYear,
        termNo: term.termNo,
        cancelledAt: cancelled.cancelledAt.toISOString(),
        paidByHeldOrder: paidByHeldOrder ? { orderId: paidByHeldOrder.orderId, receiptNo: paidByHeldOrder.receiptNo } : null,
      },
      notice: paidByHeldOrder ? staffNotices.receiptCancelledHeldPaymentApplied : staffNotices.receiptCancelled,
    };
  });
  // Sent once the cancellation has committed.
  ctx.mailer.kick();
  return answer;
}

/** The online payment that pays the term now, with its new receipt. */
type HeldOrderApplied = NonNullable<Awaited<ReturnType<typeof payTermWithHeldOrder>>>;

/**
 * The student hears of it from the college, not first from a fee screen that asks for the term
 * again: which receipt, why, and that the term is due, or that their online payment, held to be
 * refunded, pays it now.
 */
function cancellationMail(
  ctx: AppContext,
  student: { name: string; userName: string },
  payment: { receiptNo: string; amountPaise: number; mode: string; paidAt: Date },
  reason: string,
  paidByHeldOrder: HeldOrderApplied | undefined,
): OutgoingMail {
  const dateOf = (instant: Date) => instant.toLocaleDateString("en-IN", { timeZone: ctx.settings.timeZone, dateStyle: "long" });
  const termNow = paidByHeldOrder
    ? `Your online payment of Rs.${formatAmount(paidByHeldOrder.amountPaise)} on ${dateOf(paidByHeldOrder.paidAt)} (order ${paidByHeldOrder.orderId}), which was to be refunded to you, now pays that term: its receipt is ${paidByHeldOrder.receiptNo}, and you need not pay the term again. Sign in at ${ctx.settings.publicUrl}/signin to download it.`
    : `That term's fee is due again. Sign in at ${ctx.settings.publicUrl}/signin to see your fees, or contact the office if you think this is a mistake.`;
  return {
    to: student.userName,
    subject: `${ctx.settings.collegeName}: fee receipt ${payment.receiptNo} has been cancelled`,
    body: [
      `Dear ${student.name},`,
      ``,
      `The office has cancelled fee receipt ${payment.receiptNo} (Rs.${formatAmount(payment.amountPaise)} by ${payment.mode}, ${dateOf(payment.paidAt)}).`,
      `Reason: ${reason}`,
      ``,
      termNow,
      ``,
      `${ctx.settings.collegeName} accounts office`,
    ].join("\n"),
  };
}
