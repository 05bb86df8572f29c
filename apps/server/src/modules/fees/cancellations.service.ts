import { isStaffRole, notices, type ReceiptCancellation, type ReceiptCancelled } from "@admissions/shared";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { recordActivity } from "../activity/activity.repository.js";
import { formatAmount } from "../payments/gateway.js";
import { assertDegreeInScope, degreeScopeOf } from "../users/degree-scope.js";
import { describeTerm, termDetails } from "./fees.presenter.js";
import { cancelTermPayment, findCancelledReceipt, lockPaymentByReceipt } from "./fees.repository.js";

/**
 * Staff cancel a fee recorded at the office by mistake (the wrong student or term, a cheque that
 * bounced): the payment leaves the money held, its receipt no longer counts, and the term is Due
 * again, all in one transaction with its log entry. Only staff of the degree it was paid to, and never a
 * payment the gateway made: that money really came in, and goes back only as a refund.
 */
export async function cancelReceipt(ctx: AppContext, actor: Actor, receiptNo: string, cancellation: ReceiptCancellation, meta: RequestMeta): Promise<ReceiptCancelled> {
  if (!isStaffRole(actor.role)) throw new ForbiddenError();
  return ctx.db.transaction(async (tx) => {
    const scope = await degreeScopeOf(tx, actor);
    const found = await lockPaymentByReceipt(tx, receiptNo);
    if (!found) {
      // Cancelled already (from another tab, by a colleague): said so, rather than that it is unknown.
      const cancelled = await findCancelledReceipt(tx, receiptNo);
      if (!cancelled) throw new NotFoundError();
      assertDegreeInScope(scope, cancelled.degreeId);
      throw new ConflictError(notices.receiptAlreadyCancelled);
    }
    const { payment, term, admissionNo } = found;
    assertDegreeInScope(scope, payment.degreeId);
    if (payment.paymentOrderId !== null) throw new ConflictError(notices.onlinePaymentNotCancellable);
    const cancelled = await cancelTermPayment(tx, payment, { cancelledBy: actor.id, cancelReason: cancellation.reason });
    await recordActivity(tx, {
      actor: { id: actor.id, userName: actor.userName },
      action: "fee.cancelled",
      entityType: "fee_payment",
      entityId: payment.receiptNo,
      summary: `Cancelled receipt ${payment.receiptNo}: Rs.${formatAmount(payment.amountPaise)} by ${payment.mode} from ${admissionNo} for ${describeTerm(term)} (${cancellation.reason})`,
      details: {
        amount: formatAmount(payment.amountPaise),
        admissionNo,
        ...termDetails(term),
        mode: payment.mode,
        reference: payment.reference,
        reason: cancellation.reason,
      },
      ip: meta.ip,
    });
    return { receiptNo: cancelled.receiptNo, academicYear: term.academicYear, termNo: term.termNo, cancelledAt: cancelled.cancelledAt.toISOString() };
  });
}
