import { paiseToRupees, type CancelledReceipt, type PaymentRefund, type FeeStatusTerm, type FeeStudent, type FeeTermStatus, type FeeTransaction, type OfflineFeeMode, type RefundStatus } from "@admissions/shared";
import type { CancelledPaymentRow, FeePaymentRow, RefundRow, FeeStudentRecord, FeeTermRow, TermWithPayment } from "./fees.repository.js";
import type { TransactionRecord } from "./transactions.repository.js";

/** A term as the activity log names it: `FART-Y1T1 (year 1, term 1)`. */
export const describeTerm = (term: FeeTermRow) => `${term.feeCode} (year ${term.academicYear}, term ${term.termNo})`;

/** The same term as an entry's details, from which the log's screen names it in the reader's language. */
export const termDetails = (term: FeeTermRow) => ({ feeTermId: term.id, feeCode: term.feeCode, academicYear: term.academicYear, termNo: term.termNo });

export function presentFeeStudent(student: FeeStudentRecord): FeeStudent {
  return {
    userName: student.userName,
    name: student.name,
    admissionNo: student.admissionNo,
    degree: student.degree,
    course: student.course,
    currentYear: student.currentYear,
    status: student.status,
  };
}

/** SPEC.md's fee term on the wire: termAmount in rupees. */
export function presentFeeTerm(term: TermWithPayment): FeeStatusTerm {
  return {
    id: term.id,
    academicYear: term.academicYear,
    termNo: term.termNo,
    termAmount: paiseToRupees(term.amountPaise),
    feeCode: term.feeCode,
    status: term.status as FeeTermStatus,
    paidAt: term.paidAt?.toISOString() ?? null,
    receiptNo: term.receiptNo,
    mode: term.mode,
  };
}

/** A cancelled receipt as its student is shown it: the amount in rupees, instants as ISO strings. */
export function presentCancelledReceipt(row: CancelledPaymentRow): CancelledReceipt {
  return {
    receiptNo: row.receiptNo,
    amount: paiseToRupees(row.amountPaise),
    academicYear: row.academicYear,
    termNo: row.termNo,
    paidAt: row.paidAt.toISOString(),
    cancelledAt: row.cancelledAt.toISOString(),
    reason: row.cancelReason,
  };
}

export function presentRefund(refund: RefundRow): PaymentRefund {
  return {
    orderId: refund.orderId,
    amount: paiseToRupees(refund.amountPaise),
    academicYear: refund.academicYear,
    termNo: refund.termNo,
    paidAt: refund.settledAt?.toISOString() ?? null,
    status: refund.refundStatus as RefundStatus,
    refundedAt: refund.refundedAt?.toISOString() ?? null,
    reference: refund.refundReference,
  };
}

/** The answer to an offline payment: its receipt, ready to print. */
export function presentOfflinePayment(term: FeeTermRow, payment: FeePaymentRow) {
  return {
    receiptNo: payment.receiptNo,
    feeCode: term.feeCode,
    academicYear: term.academicYear,
    termNo: term.termNo,
    amount: paiseToRupees(payment.amountPaise),
    mode: payment.mode as OfflineFeeMode,
    reference: payment.reference,
    paidAt: payment.paidAt.toISOString(),
  };
}

/** A row of Fees Transaction: amounts in rupees, the date as an ISO instant. */
export function presentTransaction(row: TransactionRecord): FeeTransaction {
  return {
    id: row.rowId,
    kind: row.kind,
    paidAt: row.paidAt?.toISOString() ?? null,
    receiptNo: row.receiptNo,
    orderId: row.orderId,
    name: row.name,
    userName: row.userName,
    admissionNo: row.admissionNo,
    applicationNo: row.applicationNo,
    degree: row.degree,
    year: row.year,
    term: row.term,
    amount: paiseToRupees(row.amountPaise),
    mode: row.mode,
    reference: row.reference,
    status: row.status,
    refundReference: row.refundReference,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
  };
}
