import type { RefundPaidFor } from "@admissions/shared";
import type { RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { recordActivity } from "../activity/activity.repository.js";
import { formatAmount } from "./gateway.js";
import { markRefundDue, type PaymentOrderRow } from "./payments.repository.js";

/** The application or the fee term the money came for, and anything else worth keeping. */
type RefundDueDetails = RefundPaidFor & Record<string, unknown>;

/**
 * Why an order's money pays nothing: the log's action and what the money was for, with why not;
 * `paidFor` reads "application UG-2026-000123, whose fee was already in (Offline)", say.
 */
export type Unpayable =
  | { action: "payment.duplicate"; paidFor: string; details: RefundDueDetails }
  | { action: "payment.amount_changed"; paidFor: string; details: RefundDueDetails & { feeNow: string } };

/**
 * Money the gateway took that pays nothing, inside the transaction that settles its order: the order
 * owes it back (Fees Transaction lists it under Refunds until staff record the refund) and the
 * activity log says why, for the office to give it back through the gateway's panel.
 */
export async function keepToRefund(db: Database, order: PaymentOrderRow, unpayable: Unpayable, meta: RequestMeta): Promise<void> {
  const amount = formatAmount(order.amountPaise);
  const entry = { actor: null, entityType: "payment_order", entityId: order.orderId, summary: `Rs.${amount} received for ${unpayable.paidFor}: refund it to the payer by hand`, ip: meta.ip };
  // Alike but for the type check, which pairs each action with its own details only once it is narrowed.
  await recordActivity(
    db,
    unpayable.action === "payment.duplicate"
      ? { ...entry, action: unpayable.action, details: { amount, ...unpayable.details } }
      : { ...entry, action: unpayable.action, details: { amount, ...unpayable.details } },
  );
  await markRefundDue(db, order.id);
}
