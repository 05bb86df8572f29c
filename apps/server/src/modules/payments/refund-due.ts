import type { RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { recordActivity } from "../activity/activity.repository.js";
import { formatAmount } from "./gateway.js";
import { markRefundDue, type PaymentOrderRow } from "./payments.repository.js";

/** Why an order's money pays nothing: the log's action and what the money was for, with why not. */
export interface Unpayable {
  action: "payment.duplicate" | "payment.amount_changed";
  /** "application UG-2026-000123, whose fee was already in (Offline)", say. */
  paidFor: string;
  details: Record<string, unknown>;
}

/**
 * Money the gateway took that pays nothing, inside the transaction that settles its order: the order
 * owes it back (Fees Transaction lists it under Refunds until staff record the refund) and the
 * activity log says why, for the office to give it back through the gateway's panel.
 */
export async function keepToRefund(db: Database, order: PaymentOrderRow, unpayable: Unpayable, meta: RequestMeta): Promise<void> {
  await recordActivity(db, {
    actor: null,
    action: unpayable.action,
    entityType: "payment_order",
    entityId: order.orderId,
    summary: `Rs.${formatAmount(order.amountPaise)} received for ${unpayable.paidFor}: refund it to the payer by hand`,
    details: { amount: formatAmount(order.amountPaise), ...unpayable.details },
    ip: meta.ip,
  });
  await markRefundDue(db, order.id);
}
