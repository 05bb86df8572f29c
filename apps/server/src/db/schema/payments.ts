import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { applications } from "./applications.js";
import { feeTerms } from "./students.js";
import { users } from "./users.js";

/**
 * One row per attempt to pay through the gateway. The amount is taken from our own records when the
 * order is made (in paise, so no rounding), and the gateway's answer must match it.
 */
/** The unique index of order ids, which a save that numbered an order at the same moment as another runs into. */
export const PAYMENT_ORDER_ID_KEY = "payment_orders_order_id_key";

export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: text("order_id").notNull(),
    /** application (the application fee) or fee (a term fee) */
    purpose: text("purpose").notNull(),
    applicationId: integer("application_id").references(() => applications.id),
    /** The term a fee order pays (purpose fee). */
    feeTermId: integer("fee_term_id").references(() => feeTerms.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    /** Awaiting, Success, Failure, Aborted */
    status: text("status").notNull().default("Awaiting"),
    trackingId: text("tracking_id"),
    bankRefNo: text("bank_ref_no"),
    paymentMode: text("payment_mode"),
    statusMessage: text("status_message"),
    /** How the result arrived: return (the browser came back) or status (the order status call). */
    settledBy: text("settled_by"),
    gatewayResponse: jsonb("gateway_response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /** When the order status call last asked about it, while it awaits; the longest unasked are asked first. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /**
     * Due when the gateway took money that pays nothing (the fee was already in, or the term's fee
     * changed), Refunded once staff record giving it back; null for every other order.
     */
    refundStatus: text("refund_status"),
    /** How the money went back (the gateway's refund number, a bank transfer's), who recorded it and when. */
    refundReference: text("refund_reference"),
    refundedBy: integer("refunded_by").references(() => users.id),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex(PAYMENT_ORDER_ID_KEY).on(table.orderId),
    uniqueIndex("payment_orders_tracking_id_key").on(table.trackingId),
    index("payment_orders_application_idx").on(table.applicationId),
    // A term fee order is numbered by counting its term's orders (numberedOrderId), and a receipt's
    // cancellation looks for the term's payment held for refund: without it both read every order
    // there is, the hundred thousand application fees' too.
    index("payment_orders_fee_term_idx").on(table.feeTermId).where(sql`${table.feeTermId} is not null`),
    index("payment_orders_awaiting_idx")
      .on(table.checkedAt.asc().nullsFirst(), table.createdAt)
      .where(sql`${table.status} = 'Awaiting'`),
    // Every applicant's save asks about their own unanswered orders (Verify and Pay); without this
    // it walked all the awaiting orders of everyone, which on a deadline day grow by the thousand.
    // The user's orders are kept in the order they are asked in: with the user id alone, the claims of
    // many applicants at once (one statement for all) were planned on the index above, which walked
    // everybody's awaiting orders once for each applicant to skip the sort.
    // The refunds view lists the few orders with a refund among every order there is.
    index("payment_orders_refund_idx").on(table.id).where(sql`${table.refundStatus} is not null`),
    index("payment_orders_user_awaiting_idx")
      .on(table.userId, table.checkedAt.asc().nullsFirst(), table.createdAt)
      .where(sql`${table.status} = 'Awaiting'`),
  ],
);

/** The built-in sandbox gateway's memory of what the tester chose, so it can answer the order status call. */
export const sandboxTransactions = pgTable("sandbox_transactions", {
  orderId: text("order_id").primaryKey(),
  trackingId: text("tracking_id").notNull(),
  /** Initiated from when the payer reaches the payment page, then what they chose: Success, Failure or Aborted. */
  outcome: text("outcome").notNull(),
  amount: text("amount").notNull(),
  currency: text("currency").notNull(),
  bankRefNo: text("bank_ref_no").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
