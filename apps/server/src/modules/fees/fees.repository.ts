import { yearIn } from "@admissions/shared";
import { and, asc, eq, isNotNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { cancelledFeePayments, courses, degrees, feePayments, feeTerms, paymentOrders, students, users } from "../../db/schema/index.js";
import { takeApplicationNumber } from "../admissions/admissions.repository.js";

export type FeeTermRow = typeof feeTerms.$inferSelect;
export type FeePaymentRow = typeof feePayments.$inferSelect;
/** A payment to record: paid now, unless it is money the gateway took earlier (paidAt). */
export type NewFeePayment = Omit<typeof feePayments.$inferInsert, "id" | "receiptNo" | "degreeId">;

/** The account that cancelled a receipt, beside the student's own in the same statement. */
export const canceller = alias(users, "canceller");

/** When, by whom (their user name: join `canceller`) and why a receipt was cancelled. */
export const cancellationColumns = {
  cancelledAt: cancelledFeePayments.cancelledAt,
  cancelledBy: canceller.userName,
  cancelReason: cancelledFeePayments.cancelReason,
} as const;

/** A fee term's two states (SPEC.md's fee term status). */
export const termStatus = { due: "Due", paid: "Paid" } as const;

/**
 * A term owed now: still Due, of a year its student has reached, unless the admission was withdrawn
 * (Cancelled). Approval writes every year's terms at once, and a withdrawn admission keeps its terms,
 * so "Due" alone counted the whole course's fees of every student ever admitted. A student who has
 * completed the course with a term unpaid still owes it: colleges hold back the leaving papers until
 * it is paid. Needs `students` joined on (or correlated with) the term's student.
 */
export const isOwedNow = and(eq(feeTerms.status, termStatus.due), ne(students.status, "Cancelled"), lte(feeTerms.academicYear, students.currentYear))!;

/** A student as the fee screens and receipts name them: the account, the degree and the course by name. */
async function findStudent(db: Database, condition: SQL) {
  const [row] = await db
    .select({
      id: students.id,
      userId: students.userId,
      userName: users.userName,
      name: students.name,
      email: students.email,
      mobile: students.mobile,
      admissionNo: students.admissionNo,
      degreeId: students.degreeId,
      degree: degrees.name,
      course: courses.name,
      currentYear: students.currentYear,
      status: students.status,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(degrees, eq(degrees.id, students.degreeId))
    .innerJoin(courses, eq(courses.id, students.courseId))
    .where(condition)
    .limit(1);
  return row;
}

export type FeeStudentRecord = NonNullable<Awaited<ReturnType<typeof findStudent>>>;

export function findStudentOfUser(db: Database, userId: number) {
  return findStudent(db, eq(students.userId, userId));
}

export function findStudentByUserName(db: Database, userName: string) {
  return findStudent(db, eq(users.userName, userName));
}

/** A student's fee terms by year and term, each with the payment that paid it, if any. */
export async function findTermsWithPayments(db: Database, studentId: number) {
  return db
    .select({
      id: feeTerms.id,
      academicYear: feeTerms.academicYear,
      termNo: feeTerms.termNo,
      amountPaise: feeTerms.amountPaise,
      feeCode: feeTerms.feeCode,
      status: feeTerms.status,
      paidAt: feeTerms.paidAt,
      receiptNo: feePayments.receiptNo,
      mode: feePayments.mode,
    })
    .from(feeTerms)
    .leftJoin(feePayments, eq(feePayments.feeTermId, feeTerms.id))
    .where(eq(feeTerms.studentId, studentId))
    .orderBy(asc(feeTerms.academicYear), asc(feeTerms.termNo));
}

export type TermWithPayment = Awaited<ReturnType<typeof findTermsWithPayments>>[number];

/**
 * The user's orders whose money is owed back or was given back, oldest first: term fees, and the
 * application fee, which an applicant paying from two tabs can pay twice (its year and term are null).
 */
export async function findRefundsOfUser(db: Database, userId: number) {
  return db
    .select({
      orderId: paymentOrders.orderId,
      amountPaise: paymentOrders.amountPaise,
      academicYear: feeTerms.academicYear,
      termNo: feeTerms.termNo,
      settledAt: paymentOrders.settledAt,
      refundStatus: paymentOrders.refundStatus,
      refundedAt: paymentOrders.refundedAt,
      refundReference: paymentOrders.refundReference,
    })
    .from(paymentOrders)
    .leftJoin(feeTerms, eq(feeTerms.id, paymentOrders.feeTermId))
    .where(and(eq(paymentOrders.userId, userId), isNotNull(paymentOrders.refundStatus)))
    .orderBy(asc(paymentOrders.id));
}

export type RefundRow = Awaited<ReturnType<typeof findRefundsOfUser>>[number];

/** A student's receipts the office cancelled, in the order they were paid, with the term each had paid and who cancelled it. */
export async function findCancelledPaymentsOf(db: Database, studentId: number) {
  return db
    .select({
      id: cancelledFeePayments.id,
      receiptNo: cancelledFeePayments.receiptNo,
      paidAt: cancelledFeePayments.paidAt,
      amountPaise: cancelledFeePayments.amountPaise,
      mode: cancelledFeePayments.mode,
      reference: cancelledFeePayments.reference,
      academicYear: feeTerms.academicYear,
      termNo: feeTerms.termNo,
      ...cancellationColumns,
    })
    .from(cancelledFeePayments)
    .innerJoin(feeTerms, eq(feeTerms.id, cancelledFeePayments.feeTermId))
    .leftJoin(canceller, eq(canceller.id, cancelledFeePayments.cancelledBy))
    .where(eq(cancelledFeePayments.studentId, studentId))
    .orderBy(asc(cancelledFeePayments.paidAt), asc(cancelledFeePayments.id));
}

export type CancelledPaymentRow = Awaited<ReturnType<typeof findCancelledPaymentsOf>>[number];

/**
 * The student's term a payment names, locked: the chosen year and term when given (carrying the fee
 * code), else the term with the fee code, an unpaid one first, since a code can recur after the
 * degree's fee structure was rearranged.
 */
export async function lockTermToPay(db: Database, studentId: number, named: { feeCode: string; academicYear?: number; termNo?: number }): Promise<FeeTermRow | undefined> {
  const chosen = named.academicYear !== undefined && named.termNo !== undefined ? and(eq(feeTerms.academicYear, named.academicYear), eq(feeTerms.termNo, named.termNo)) : undefined;
  const [row] = await db
    .select()
    .from(feeTerms)
    .where(and(eq(feeTerms.studentId, studentId), eq(feeTerms.feeCode, named.feeCode), chosen))
    .orderBy(sql`${feeTerms.status} = ${termStatus.paid}`, asc(feeTerms.academicYear), asc(feeTerms.termNo))
    .limit(1)
    .for("update");
  return row;
}

export async function lockTermById(db: Database, id: number): Promise<FeeTermRow | undefined> {
  const [row] = await db.select().from(feeTerms).where(eq(feeTerms.id, id)).limit(1).for("update");
  return row;
}

/**
 * The next receipt number of the year in the college's time zone, FEE-2026-000001, from the same
 * atomic counters as application numbers.
 */
async function takeReceiptNumber(db: Database, timeZone: string): Promise<string> {
  const year = yearIn(timeZone);
  return `FEE-${year}-${String(await takeApplicationNumber(db, "FEE", year)).padStart(6, "0")}`;
}

/**
 * Records the payment of a locked, Due term to the student's degree and marks the term Paid, in the
 * caller's transaction. The unique index on the payment's term is the last guard against a second
 * payment of the same term.
 */
export async function recordTermPayment(db: Database, term: FeeTermRow, payment: NewFeePayment, timeZone: string): Promise<FeePaymentRow> {
  const degreeOfStudent = sql<number>`(select ${students.degreeId} from ${students} where ${students.id} = ${payment.studentId})`;
  const [saved] = await db
    .insert(feePayments)
    .values({ ...payment, degreeId: degreeOfStudent, receiptNo: await takeReceiptNumber(db, timeZone) })
    .returning();
  await db.update(feeTerms).set({ status: termStatus.paid, paidAt: saved!.paidAt }).where(eq(feeTerms.id, term.id));
  return saved!;
}

/**
 * A payment by its receipt number with its term, both locked until the transaction ends (a payment is
 * decided on its locked term, as paying it was), and its student's name, admission number, status and account.
 */
export async function lockPaymentByReceipt(db: Database, receiptNo: string) {
  const [row] = await db
    .select({ payment: feePayments, term: feeTerms, student: { name: students.name, admissionNo: students.admissionNo, status: students.status, userName: users.userName } })
    .from(feePayments)
    .innerJoin(feeTerms, eq(feeTerms.id, feePayments.feeTermId))
    .innerJoin(students, eq(students.id, feePayments.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(feePayments.receiptNo, receiptNo))
    .limit(1)
    .for("update", { of: [feePayments, feeTerms] });
  return row;
}

/**
 * Cancels a locked payment in the caller's transaction: the row moves whole to cancelled_fee_payments
 * with who cancelled it and why, and its term is Due again. Answers the cancelled row.
 */
export async function cancelTermPayment(db: Database, payment: FeePaymentRow, cancellation: { cancelledBy: number; cancelReason: string }) {
  const { id, feeTermId, studentId, amountPaise, mode, reference, remarks, receiptNo, degreeId, recordedBy, paidAt } = payment;
  const [cancelled] = await db
    .insert(cancelledFeePayments)
    .values({ id, feeTermId, studentId, amountPaise, mode, reference, remarks, receiptNo, degreeId, recordedBy, paidAt, ...cancellation })
    .returning();
  await db.delete(feePayments).where(eq(feePayments.id, payment.id));
  await db.update(feeTerms).set({ status: termStatus.due, paidAt: null }).where(eq(feeTerms.id, payment.feeTermId));
  return cancelled!;
}

/** What a fee receipt says of a payment, standing or cancelled, and of its term, student and degree. */
const receiptColumns = (payment: typeof feePayments | typeof cancelledFeePayments) => ({
  receiptNo: payment.receiptNo,
  amountPaise: payment.amountPaise,
  mode: payment.mode,
  reference: payment.reference,
  remarks: payment.remarks,
  paidAt: payment.paidAt,
  academicYear: feeTerms.academicYear,
  termNo: feeTerms.termNo,
  feeCode: feeTerms.feeCode,
  studentUserId: students.userId,
  name: students.name,
  admissionNo: students.admissionNo,
  studentDegreeId: students.degreeId,
  degreeId: payment.degreeId,
  degree: degrees.name,
});

/** Everything a fee receipt says about one payment: the payment, its term, the student and the order. */
async function findReceipt(db: Database, condition: SQL) {
  const [row] = await db
    .select({ ...receiptColumns(feePayments), orderId: paymentOrders.orderId, bankRefNo: paymentOrders.bankRefNo })
    .from(feePayments)
    .innerJoin(feeTerms, eq(feeTerms.id, feePayments.feeTermId))
    .innerJoin(students, eq(students.id, feePayments.studentId))
    // The degree paid to, which a student admitted again elsewhere has left.
    .innerJoin(degrees, eq(degrees.id, feePayments.degreeId))
    .leftJoin(paymentOrders, eq(paymentOrders.id, feePayments.paymentOrderId))
    .where(condition)
    .limit(1);
  return row;
}

/** A cancelled receipt (only office payments are), with when, by whom and why it was cancelled. */
export async function findCancelledReceipt(db: Database, receiptNo: string) {
  const [row] = await db
    .select({ ...receiptColumns(cancelledFeePayments), ...cancellationColumns })
    .from(cancelledFeePayments)
    .innerJoin(feeTerms, eq(feeTerms.id, cancelledFeePayments.feeTermId))
    .innerJoin(students, eq(students.id, cancelledFeePayments.studentId))
    .innerJoin(degrees, eq(degrees.id, cancelledFeePayments.degreeId))
    .leftJoin(canceller, eq(canceller.id, cancelledFeePayments.cancelledBy))
    .where(eq(cancelledFeePayments.receiptNo, receiptNo))
    .limit(1);
  return row;
}

export type CancelledReceiptRecord = NonNullable<Awaited<ReturnType<typeof findCancelledReceipt>>>;

export type FeeReceiptRecord = NonNullable<Awaited<ReturnType<typeof findReceipt>>>;

export function findReceiptByNumber(db: Database, receiptNo: string) {
  return findReceipt(db, eq(feePayments.receiptNo, receiptNo));
}

/** The receipt of the term an online order paid; none for an order that paid a term already paid. */
export function findReceiptOfOrder(db: Database, paymentOrderId: number) {
  return findReceipt(db, eq(feePayments.paymentOrderId, paymentOrderId));
}
