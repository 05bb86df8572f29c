import { z } from "zod";
import { feeModes, feeModesWithReference, feeTermStatuses, feeTransactionKinds, feeTransactionRowStatuses, feeTransactionStatuses, offlineFeeModes, refundStatuses } from "../constants/statuses.js";
import { messages } from "../messages.js";
import { calendarDay, dayRangeInOrder, dayRangeReversed, timeZoneField } from "./activity.js";
import { pageQuerySchema, pageSchema } from "./envelope.js";
import { feeAmountField, feeCodeField } from "./masters.js";
import { recordId } from "./record-id.js";

export const FEE_REMARKS_MAX_LENGTH = 200;
export const FEE_REFERENCE_MAX_LENGTH = 100;

/** Optional, and absent when null or "": the original client sends empty values rather than leaving a key out. */
function absentWhenEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value), schema.optional());
}

/** A student named by their account's e-mail. */
const userNameField = absentWhenEmpty(z.string().trim().toLowerCase().max(254));

/** GET feeStatus: a student's own terms, or (staff) the named student's. */
export const feeStatusQuerySchema = z.object({ userName: userNameField });
export type FeeStatusQuery = z.input<typeof feeStatusQuerySchema>;

/** Who the fee terms belong to, as the fee screens head them. */
export const feeStudentSchema = z.object({
  userName: z.string(),
  name: z.string(),
  admissionNo: z.string(),
  degree: z.string(),
  course: z.string(),
  currentYear: z.number().int(),
  status: z.string(),
});
export type FeeStudent = z.infer<typeof feeStudentSchema>;

/** SPEC.md's fee term (academicYear, termNo, termAmount in rupees, feeCode, status) with what paid it. */
export const feeStatusTermSchema = z.object({
  id: z.number().int(),
  academicYear: z.number().int(),
  termNo: z.number().int(),
  termAmount: z.number(),
  feeCode: z.string(),
  status: z.enum(feeTermStatuses),
  /** ISO 8601 instant; null while Due. */
  paidAt: z.string().nullable(),
  receiptNo: z.string().nullable(),
  mode: z.string().nullable(),
});
export type FeeStatusTerm = z.infer<typeof feeStatusTermSchema>;

/** A later year's term: Due once the student reaches that year, as the office's lists count what is owed now. */
export function isNotYetDue(term: Pick<FeeStatusTerm, "status" | "academicYear">, currentYear: number): boolean {
  return term.status === "Due" && term.academicYear > currentYear;
}

/**
 * Money the gateway took that paid nothing (the application fee or the term was paid already, or its
 * fee had changed): owed back until the office records giving it back, and then shown with how.
 */
export const paymentRefundSchema = z.object({
  orderId: z.string(),
  amount: z.number(),
  /** The year and term the money came for; both null when it came for the application fee. */
  academicYear: z.number().int().nullable(),
  termNo: z.number().int().nullable(),
  /** ISO 8601 instant the gateway's word came. */
  paidAt: z.string().nullable(),
  status: z.enum(refundStatuses),
  refundedAt: z.string().nullable(),
  reference: z.string().nullable(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/** A receipt of the student's that the office cancelled (entered by mistake, a cheque that bounced). */
export const cancelledReceiptSchema = z.object({
  receiptNo: z.string(),
  amount: z.number(),
  academicYear: z.number().int(),
  termNo: z.number().int(),
  /** ISO 8601 instants: when the fee had been taken, and when the receipt was cancelled. */
  paidAt: z.string(),
  cancelledAt: z.string(),
  reason: z.string(),
});
export type CancelledReceipt = z.infer<typeof cancelledReceiptSchema>;

export const feeStatusSchema = z.object({
  student: feeStudentSchema,
  terms: z.array(feeStatusTermSchema),
  refunds: z.array(paymentRefundSchema),
  cancelledReceipts: z.array(cancelledReceiptSchema),
});
export type FeeStatus = z.infer<typeof feeStatusSchema>;

/**
 * POST feePayment: SPEC.md's fee payment request. The term is the student's chosen year and term
 * (`academicYear`, `termNo`, which this app sends) and must carry feeCode; without them (SPEC.md's own
 * shape) it is found by feeCode, an unpaid one first. The amount is always the term's own. `feeAmount` (rupees) is only compared with it, so a payer who was
 * shown an old amount is told to reload rather than charged something they did not see. Offline
 * (staff) entries name the student and say how the fee was paid.
 */
export const feePaymentRequestSchema = z
  .object({
    feeCode: feeCodeField,
    academicYear: absentWhenEmpty(z.coerce.number().int().min(1).max(3)),
    termNo: absentWhenEmpty(z.coerce.number().int().min(1).max(2)),
    feeAmount: absentWhenEmpty(feeAmountField),
    userName: userNameField,
    remarks: absentWhenEmpty(z.string().trim().max(FEE_REMARKS_MAX_LENGTH, messages.feeRemarksTooLong)),
    isOffline: z.boolean(),
    mode: absentWhenEmpty(z.enum(offlineFeeModes, { error: messages.feeModeRequired })),
    reference: absentWhenEmpty(z.string().trim().max(FEE_REFERENCE_MAX_LENGTH, messages.feeReferenceTooLong)),
  })
  .superRefine((payment, context) => {
    if ((payment.academicYear === undefined) !== (payment.termNo === undefined)) {
      context.addIssue({ code: "custom", path: [payment.academicYear === undefined ? "academicYear" : "termNo"], message: payment.academicYear === undefined ? messages.feeYearRequired : messages.feeTermRequired });
    }
    if (!payment.isOffline) return;
    if (!payment.userName) context.addIssue({ code: "custom", path: ["userName"], message: messages.feeStudentRequired });
    if (!payment.mode) context.addIssue({ code: "custom", path: ["mode"], message: messages.feeModeRequired });
    else if (feeModesWithReference.includes(payment.mode) && !payment.reference) {
      context.addIssue({ code: "custom", path: ["reference"], message: messages.feeReferenceRequired });
    }
  });
export type FeePaymentRequest = z.input<typeof feePaymentRequestSchema>;
export type FeePayment = z.output<typeof feePaymentRequestSchema>;

/** An online payment starts at the gateway: the hidden form's fields, as POST admission answers them. */
export const onlineFeePaymentSchema = z.object({
  accessCode: z.string(),
  encRequest: z.string(),
  transactionUrl: z.string(),
  orderId: z.string(),
});

/** An offline payment is recorded at once: its receipt, ready to print. */
export const offlineFeePaymentSchema = z.object({
  receiptNo: z.string(),
  feeCode: z.string(),
  academicYear: z.number().int(),
  termNo: z.number().int(),
  amount: z.number(),
  mode: z.enum(offlineFeeModes),
  reference: z.string().nullable(),
  paidAt: z.string(),
});

export const feePaymentAnswerSchema = z.union([onlineFeePaymentSchema, offlineFeePaymentSchema]);
export type FeePaymentAnswer = z.infer<typeof feePaymentAnswerSchema>;

/** GET feeReceipt/{receiptNo}: receipt numbers are FEE-2026-000001. */
export const feeReceiptParamsSchema = z.object({ receiptNo: z.string().trim().toUpperCase().max(40) });

/** A receipt downloads as a file, or with print=true opens in the browser's PDF viewer, ready to print. */
export const receiptQuerySchema = z.object({ print: z.stringbool().default(false) });

const feeTransactionFilterShape = {
  /** Inclusive days of payment, read in `timeZone`. */
  dateFrom: calendarDay.optional(),
  dateTo: calendarDay.optional(),
  timeZone: timeZoneField,
  degreeId: recordId().optional(),
  /** The year and term of a term fee; application fees have none, so either filter leaves them out. */
  year: z.coerce.number().int().min(1).max(3).optional(),
  term: z.coerce.number().int().min(1).max(2).optional(),
  status: z.enum(feeTransactionStatuses).default("Paid"),
  mode: z.enum(feeModes).optional(),
  kind: z.enum(feeTransactionKinds).optional(),
  /**
   * The student's (or applicant's) name by the starts of its words, an admission or application
   * number's start, a receipt or order number whole, or the e-mail or mobile.
   */
  search: z.string().trim().max(100).optional(),
};

/** GET exportFeeTransactions: the list's filters without paging. */
export const feeTransactionExportQuerySchema = z.object(feeTransactionFilterShape).refine(dayRangeInOrder, dayRangeReversed);
export type FeeTransactionExportQuery = z.input<typeof feeTransactionExportQuerySchema>;

/** GET feeTransactions: a page of payments (newest first) or of due terms (by year and term), with the filters. */
export const feeTransactionListQuerySchema = pageQuerySchema.extend(feeTransactionFilterShape).refine(dayRangeInOrder, dayRangeReversed);
export type FeeTransactionListQuery = z.input<typeof feeTransactionListQuerySchema>;

export const feeTransactionSchema = z.object({
  /** Unique in the list, for a table's row key: `fee-<payment id>`, `application-<order id>`, `due-<term id>`. */
  id: z.string(),
  kind: z.enum(feeTransactionKinds),
  /** ISO 8601 instant; null for a Due term. */
  paidAt: z.string().nullable(),
  /** A term fee's receipt number (FEE-2026-000001); null for application fees and Due terms. */
  receiptNo: z.string().nullable(),
  /** The gateway order that paid it; null for offline payments and Due terms. */
  orderId: z.string().nullable(),
  name: z.string(),
  userName: z.string(),
  admissionNo: z.string().nullable(),
  applicationNo: z.string().nullable(),
  degree: z.string(),
  year: z.number().int().nullable(),
  term: z.number().int().nullable(),
  /** Rupees. */
  amount: z.number(),
  /** Online, Cash, Cheque, Demand Draft or Bank Transfer; null for a Due term. */
  mode: z.string().nullable(),
  /** The gateway's tracking id, or the cheque, draft or transfer number. */
  reference: z.string().nullable(),
  status: z.enum(feeTransactionRowStatuses),
  /** How a refunded payment went back (the gateway's refund or the bank transfer's number); null otherwise. */
  refundReference: z.string().nullable(),
  /** A cancelled receipt's cancellation: when (ISO 8601), by whom (their user name) and why; null otherwise. */
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type FeeTransaction = z.infer<typeof feeTransactionSchema>;

/** POST refunds/{orderId}: staff record how a payment to refund was given back. */
export const refundRecordSchema = z.object({
  reference: z.string({ error: messages.refundReferenceRequired }).trim().min(1, messages.refundReferenceRequired).max(100, messages.refundReferenceRequired),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

/** POST feeReceipt/{receiptNo}/cancellation: staff cancel an office payment, saying why. */
export const receiptCancellationSchema = z.object({
  reason: z.string({ error: messages.cancelReasonRequired }).trim().min(1, messages.cancelReasonRequired).max(500, messages.cancelReasonRequired),
});
export type ReceiptCancellation = z.infer<typeof receiptCancellationSchema>;

/**
 * What a cancellation answers: the receipt, now cancelled, and the term it paid, due again unless an
 * online payment of it held for refund pays it now (`paidByHeldOrder`: that order and its new receipt).
 */
export const receiptCancelledSchema = z.object({
  receiptNo: z.string(),
  academicYear: z.number().int(),
  termNo: z.number().int(),
  cancelledAt: z.string(),
  paidByHeldOrder: z.object({ orderId: z.string(), receiptNo: z.string() }).nullable(),
});
export type ReceiptCancelled = z.infer<typeof receiptCancelledSchema>;

export const refundParamsSchema = z.object({ orderId: z.string().trim().min(1).max(60) });

/** The paged shape plus the count and sum (rupees) of everything the filters match, not just the page. */
export const feeTransactionPageSchema = pageSchema(feeTransactionSchema).extend({
  totals: z.object({ count: z.number().int(), amount: z.number() }),
});
export type FeeTransactionPage = z.infer<typeof feeTransactionPageSchema>;
