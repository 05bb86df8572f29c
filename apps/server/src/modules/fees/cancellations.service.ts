import { isStaffRole, notices, type ReceiptCancellation, type ReceiptCancelled } from "@admissions/shared";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { recordActivity } from "../activity/activity.repository.js";
import type { OutgoingMail } from "../mail/mail.repository.js";
import { formatAmount } from "../payments/gateway.js";
import { assertDegreeInScope, degreeScopeOf } from "../users/degree-scope.js";
import { describeTerm, termDetails } from "./fees.presenter.js";
import { cancelTermPayment, findCancelledReceipt, lockPaymentByReceipt } from "./fees.repository.js";

/**
 * Staff cancel a fee recorded at the office by mistake (the wrong student or term, a cheque that
 * bounced): the payment leaves the money held, its receipt no longer counts, and the term is Due
 * again, all in one transaction with its log entry and the student's e-mail. Only staff of the
 * degree it was paid to, and never a payment the gateway made: that money really came in, and goes
 * back only as a refund.
 */
export async function cancelReceipt(ctx: AppContext, actor: Actor, receiptNo: string, cancellation: ReceiptCancellation, meta: RequestMeta): Promise<ReceiptCancelled> {
  if (!isStaffRole(actor.role)) throw new ForbiddenError();
  const answer = await ctx.db.transaction(async (tx) => {
    const scope = await degreeScopeOf(tx, actor);
    const found = await lockPaymentByReceipt(tx, receiptNo);
    if (!found) {
      // Cancelled already (from another tab, by a colleague): said so, rather than that it is unknown.
      const cancelled = await findCancelledReceipt(tx, receiptNo);
      if (!cancelled) throw new NotFoundError();
      assertDegreeInScope(scope, cancelled.degreeId);
      throw new ConflictError(notices.receiptAlreadyCancelled);
    }
    const { payment, term, student } = found;
    assertDegreeInScope(scope, payment.degreeId);
    if (payment.paymentOrderId !== null) throw new ConflictError(notices.onlinePaymentNotCancellable);
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
    await ctx.mailer.enqueue(tx, cancellationMail(ctx, student, payment, cancellation.reason));
    return { receiptNo: cancelled.receiptNo, academicYear: term.academicYear, termNo: term.termNo, cancelledAt: cancelled.cancelledAt.toISOString() };
  });
  // Sent once the cancellation has committed.
  ctx.mailer.kick();
  return answer;
}

/**
 * The student hears of it from the college, not first from a fee screen that asks for the term
 * again: which receipt, why, and that the term is due.
 */
function cancellationMail(
  ctx: AppContext,
  student: { name: string; userName: string },
  payment: { receiptNo: string; amountPaise: number; mode: string; paidAt: Date },
  reason: string,
): OutgoingMail {
  const paidOn = payment.paidAt.toLocaleDateString("en-IN", { timeZone: ctx.settings.timeZone, dateStyle: "long" });
  return {
    to: student.userName,
    subject: `${ctx.settings.collegeName}: fee receipt ${payment.receiptNo} has been cancelled`,
    body: [
      `Dear ${student.name},`,
      ``,
      `The office has cancelled fee receipt ${payment.receiptNo} (Rs.${formatAmount(payment.amountPaise)} by ${payment.mode}, ${paidOn}).`,
      `Reason: ${reason}`,
      ``,
      `That term's fee is due again. Sign in at ${ctx.settings.publicUrl}/signin to see your fees, or contact the office if you think this is a mistake.`,
      ``,
      `${ctx.settings.collegeName} accounts office`,
    ].join("\n"),
  };
}
