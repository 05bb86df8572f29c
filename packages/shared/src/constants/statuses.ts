/*
 * The lists of statuses, modes and kinds, kept apart from the zod schemas that check them: a screen
 * that only shows or filters by them (the staff lists) then loads no validation code.
 */

/** Statuses an application can have (DESIGN.md's lifecycle). */
export const applicationStatuses = ["Draft", "Pending", "Payment Failure", "Submitted", "Approved", "Transferred", "Cancelled", "Rejected"] as const;
/** Until the fee is paid (or staff have entered it), the applicant may still change the form, and a payment may still move it. */
export const editableApplicationStatuses: readonly string[] = ["Draft", "Pending", "Payment Failure"];

export const paymentStatuses = ["Pending", "Success", "Failure", "Aborted", "Offline"] as const;

/** A student's fee term is Due until it is paid, once (SPEC.md's fee term status). */
export const feeTermStatuses = ["Due", "Paid"] as const;
export type FeeTermStatus = (typeof feeTermStatuses)[number];

/** How staff record a fee paid at the college; online payments go through the gateway. */
export const offlineFeeModes = ["Cash", "Cheque", "Demand Draft", "Bank Transfer"] as const;
export type OfflineFeeMode = (typeof offlineFeeModes)[number];
export const feeModes = ["Online", ...offlineFeeModes] as const;
export type FeeMode = (typeof feeModes)[number];

/** The offline modes whose payment carries a number the bank can trace: the office must type it. */
export const feeModesWithReference: readonly FeeMode[] = ["Cheque", "Demand Draft", "Bank Transfer"];

/** A transaction is a term fee (fee_payments) or an application fee (a successful gateway order). */
export const feeTransactionKinds = ["fee", "application"] as const;
export type FeeTransactionKind = (typeof feeTransactionKinds)[number];
/**
 * The list's views. Paid: money received and held (the default: every payment, those still to be
 * refunded too). Due: instead of payments, the fee terms still unpaid, which have no date, mode or
 * receipt (the date range does not apply to them). Refund: gateway payments of a fee that was already
 * in (two tabs, say) or that a term could not take, to be given back by hand, and those given back.
 * Cancelled: office payments staff cancelled, whose receipts no longer count and whose terms are due again.
 */
export const feeTransactionStatuses = ["Paid", "Due", "Refund", "Cancelled"] as const;
export type FeeTransactionStatus = (typeof feeTransactionStatuses)[number];

/** A listed row's state: a payment, a term still due, a payment to be refunded or refunded, or a cancelled receipt. */
export const feeTransactionRowStatuses = ["Paid", "Due", "Refund due", "Refunded", "Cancelled"] as const;
export type FeeTransactionRowStatus = (typeof feeTransactionRowStatuses)[number];

/** A gateway payment to give back: Due until staff record that it was refunded. */
export const refundStatuses = ["Due", "Refunded"] as const;
export type RefundStatus = (typeof refundStatuses)[number];
