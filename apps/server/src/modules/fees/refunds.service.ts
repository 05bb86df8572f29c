import { isStaffRole, staffNotices, type RefundRecord } from "@admissions/shared";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { recordActivity } from "../activity/activity.repository.js";
import { formatAmount } from "../payments/gateway.js";
import { degreeIdOfOrder, getOrderForUpdate, recordRefundGiven } from "../payments/payments.repository.js";
import { assertDegreeInScope, degreeScopeOf } from "../users/degree-scope.js";

/**
 * Staff record that a payment the gateway took for nothing (a fee already in, a term whose fee had
 * changed) was given back, and how: the refunds view then shows it Refunded, and the money the
 * college holds leaves it out. Only staff, within their degrees, and only for a refund still due.
 */
export async function recordRefund(ctx: AppContext, actor: Actor, orderId: string, refund: RefundRecord, meta: RequestMeta) {
  if (!isStaffRole(actor.role)) throw new ForbiddenError();
  return ctx.db.transaction(async (tx) => {
    const order = await getOrderForUpdate(tx, orderId);
    if (!order) throw new NotFoundError();
    const degreeId = await degreeIdOfOrder(tx, order.id);
    if (degreeId !== undefined) assertDegreeInScope(await degreeScopeOf(tx, actor), degreeId);
    if (order.refundStatus !== "Due") throw new ConflictError(staffNotices.refundNotDue);
    const refunded = await recordRefundGiven(tx, order.id, { reference: refund.reference, refundedBy: actor.id });
    await recordActivity(tx, {
      actor: { id: actor.id, userName: actor.userName },
      action: "payment.refunded",
      entityType: "payment_order",
      entityId: order.orderId,
      summary: `Refunded Rs.${formatAmount(order.amountPaise)} of order ${order.orderId} (${refund.reference})`,
      details: { amount: formatAmount(order.amountPaise), reference: refund.reference, trackingId: order.trackingId },
      ip: meta.ip,
    });
    return { orderId: refunded.orderId, refundStatus: refunded.refundStatus, refundReference: refunded.refundReference };
  });
}
