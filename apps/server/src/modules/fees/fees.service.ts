import { ROLE_STUDENT, isStaffRole, notices, staffNotices, type FeePayment, type FeeStatus } from "@admissions/shared";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { recordActivity } from "../activity/activity.repository.js";
import { formatAmount } from "../payments/gateway.js";
import { paymentPurposes, type PaymentOrderRow } from "../payments/payments.repository.js";
import { startGatewayPayment, type PaymentStart } from "../payments/payments.service.js";
import { buildReceiptPdf } from "../payments/receipt.js";
import { assertDegreeInScope, degreeScopeOf, isDegreeInScope } from "../users/degree-scope.js";
import { describeTerm, termDetails, presentCancelledReceipt, presentRefund, presentFeeStudent, presentFeeTerm, presentOfflinePayment } from "./fees.presenter.js";
import {
  findCancelledPaymentsOf,
  findCancelledReceipt,
  findReceiptByNumber,
  findReceiptOfOrder,
  findStudentByUserName,
  findStudentOfUser,
  findRefundsOfUser,
  findTermsWithPayments,
  lockTermToPay,
  recordTermPayment,
  termStatus,
  type CancelledReceiptRecord,
  type FeeReceiptRecord,
  type FeeStudentRecord,
  type FeeTermRow,
} from "./fees.repository.js";

/** The signed-in user's own student record; anybody else's is answered as absent (DESIGN.md: 404). */
async function ownStudent(db: Database, actor: Actor, userName: string | undefined): Promise<FeeStudentRecord> {
  if (userName && userName !== actor.userName) throw new NotFoundError();
  const student = await findStudentOfUser(db, actor.id);
  if (!student) throw new NotFoundError(notices.notAStudent);
  return student;
}

/** A student staff name by e-mail, within the staff member's degrees (403 outside them). */
async function studentInScope(db: Database, actor: Actor, userName: string): Promise<FeeStudentRecord> {
  const student = await findStudentByUserName(db, userName);
  if (!student) throw new NotFoundError(notices.notAStudent);
  assertDegreeInScope(await degreeScopeOf(db, actor), student.degreeId);
  return student;
}

/** GET feeStatus: a student sees their own terms, staff any student's of their degrees. */
export async function getFeeStatus(db: Database, actor: Actor, userName: string | undefined): Promise<FeeStatus> {
  const student = isStaffRole(actor.role) && userName ? await studentInScope(db, actor, userName) : await ownStudent(db, actor, userName);
  const [terms, refunds, cancelled] = await Promise.all([findTermsWithPayments(db, student.id), findRefundsOfUser(db, student.userId), findCancelledPaymentsOf(db, student.id)]);
  return {
    student: presentFeeStudent(student),
    terms: terms.map(presentFeeTerm),
    refunds: refunds.map(presentRefund),
    cancelledReceipts: cancelled.map(presentCancelledReceipt),
  };
}

/**
 * The student's term the payment names, locked, and still owed. The amount the payer was shown must be
 * the term's: a changed amount is reported, never charged or trusted.
 */
async function lockPayableTerm(db: Database, student: FeeStudentRecord, payment: FeePayment): Promise<FeeTermRow> {
  if (student.status === "Cancelled") throw new ConflictError(notices.feeAdmissionCancelled);
  const term = await lockTermToPay(db, student.id, payment);
  if (!term) throw new NotFoundError(notices.feeTermNotFound);
  if (term.status === termStatus.paid) throw new ConflictError(notices.feeTermPaid);
  if (payment.feeAmount !== undefined && payment.feeAmount !== term.amountPaise) throw new ConflictError(notices.feeAmountChanged);
  return term;
}

/** Who an online payment is for: only a student, paying their own fee. */
export async function onlinePayerOf(db: Database, actor: Actor, payment: FeePayment): Promise<FeeStudentRecord> {
  if (isStaffRole(actor.role)) throw new ForbiddenError(staffNotices.onlineFeeStudentOnly);
  if (actor.role !== ROLE_STUDENT) throw new ForbiddenError();
  return ownStudent(db, actor, payment.userName);
}

/**
 * A student starts paying a term online: a new gateway order (a fresh order id per attempt) for the
 * term's own amount. The remarks have no place on the gateway's order, so the log keeps them.
 */
export async function startOnlineFeePayment(ctx: AppContext, actor: Actor, student: FeeStudentRecord, payment: FeePayment, meta: RequestMeta): Promise<PaymentStart> {
  return ctx.db.transaction(async (tx) => {
    const term = await lockPayableTerm(tx, student, payment);
    const start = await startGatewayPayment(
      ctx,
      tx,
      {
        purpose: paymentPurposes.fee,
        feeTermId: term.id,
        userId: student.userId,
        amountPaise: term.amountPaise,
      },
      `${student.admissionNo.replace(/-/g, "")}F${term.id}P`,
      { name: student.name, email: student.email, mobile: student.mobile },
      student.admissionNo,
    );
    await recordActivity(tx, {
      actor: { id: actor.id, userName: actor.userName },
      action: "fee.payment_started",
      entityType: "payment_order",
      entityId: start.orderId,
      summary: `Started paying Rs.${formatAmount(term.amountPaise)} online for ${describeTerm(term)}`,
      details: { amount: formatAmount(term.amountPaise), admissionNo: student.admissionNo, ...termDetails(term), remarks: payment.remarks ?? null },
      ip: meta.ip,
    });
    return start;
  });
}

/** Who a fee paid at the office is for: a student of the staff member's degrees; only staff record one. */
export async function offlinePayerOf(db: Database, actor: Actor, payment: FeePayment): Promise<FeeStudentRecord> {
  if (!isStaffRole(actor.role)) throw new ForbiddenError();
  return studentInScope(db, actor, payment.userName!);
}

/**
 * Staff record a fee paid at the college (cash, cheque, demand draft, bank transfer) for a student of
 * their degrees: the payment with its receipt number, the term Paid and the log entry, in one
 * transaction on the locked term.
 */
export async function recordOfflineFeePayment(ctx: AppContext, actor: Actor, student: FeeStudentRecord, payment: FeePayment, meta: RequestMeta) {
  return ctx.db.transaction(async (tx) => {
    const term = await lockPayableTerm(tx, student, payment);
    const saved = await recordTermPayment(tx, term, {
      feeTermId: term.id,
      studentId: student.id,
      amountPaise: term.amountPaise,
      mode: payment.mode!,
      reference: payment.reference ?? null,
      remarks: payment.remarks ?? null,
      paymentOrderId: null,
      recordedBy: actor.id,
    }, ctx.settings.timeZone);
    await recordActivity(tx, {
      actor: { id: actor.id, userName: actor.userName },
      action: "fee.recorded_offline",
      entityType: "fee_payment",
      entityId: saved.receiptNo,
      summary: `Recorded Rs.${formatAmount(saved.amountPaise)} by ${saved.mode} from ${student.admissionNo} for ${describeTerm(term)}`,
      details: {
        amount: formatAmount(saved.amountPaise),
        admissionNo: student.admissionNo,
        ...termDetails(term),
        mode: saved.mode,
        reference: saved.reference,
        remarks: saved.remarks,
      },
      ip: meta.ip,
    });
    return presentOfflinePayment(term, saved);
  });
}

/**
 * A student reads only their own receipts (anyone else's are absent); staff those paid to their
 * degrees, and those of the students now in them (one admitted again elsewhere brings their receipts).
 */
async function assertMayReadReceipt(db: Database, actor: Actor, receipt: Pick<FeeReceiptRecord, "studentUserId" | "studentDegreeId" | "degreeId">): Promise<void> {
  if (!isStaffRole(actor.role)) {
    if (receipt.studentUserId !== actor.id) throw new NotFoundError();
    return;
  }
  const scope = await degreeScopeOf(db, actor);
  if (!isDegreeInScope(scope, receipt.studentDegreeId)) assertDegreeInScope(scope, receipt.degreeId);
}

export interface FeeReceiptFile {
  fileName: string;
  pdf: Buffer;
}

/**
 * The receipt's PDF; a cancelled one's says so on its face, with when, by whom and why, so that a copy
 * still in someone's hands can be told from one that stands.
 */
async function receiptFile(ctx: AppContext, actor: Actor, receipt: FeeReceiptRecord | CancelledReceiptRecord | undefined): Promise<FeeReceiptFile> {
  if (!receipt) throw new NotFoundError();
  await assertMayReadReceipt(ctx.db, actor, receipt);
  const order = "orderId" in receipt && receipt.orderId ? receipt : undefined;
  const cancelled = "cancelledAt" in receipt ? receipt : undefined;
  const pdf = await buildReceiptPdf({
    collegeName: ctx.settings.collegeName,
    timeZone: ctx.settings.timeZone,
    number: receipt.receiptNo,
    payer: [
      ["Receipt No", receipt.receiptNo],
      ["Received from", receipt.name],
      ["Admission No", receipt.admissionNo],
      ["Degree", receipt.degree],
      ["Year / Term", `Year ${receipt.academicYear}, Term ${receipt.termNo}`],
      ["Fee code", receipt.feeCode],
      ["Towards", "Term fee"],
    ],
    amountPaise: receipt.amountPaise,
    payment: [
      ["Payment mode", receipt.mode],
      ["Reference", receipt.reference],
      ...(order ? ([["Order ID", order.orderId], ["Bank reference", order.bankRefNo]] as const) : []),
      ...(receipt.remarks ? ([["Remarks", receipt.remarks]] as const) : []),
    ],
    paidAt: receipt.paidAt,
    cancelled: cancelled && { at: cancelled.cancelledAt, by: cancelled.cancelledBy, reason: cancelled.cancelReason },
  });
  return { fileName: `receipt-${receipt.receiptNo}.pdf`, pdf };
}

/** GET feeReceipt/{receiptNo}: the PDF receipt of a term fee, standing or cancelled. */
export async function feeReceiptByNumber(ctx: AppContext, actor: Actor, receiptNo: string): Promise<FeeReceiptFile> {
  return receiptFile(ctx, actor, (await findReceiptByNumber(ctx.db, receiptNo)) ?? (await findCancelledReceipt(ctx.db, receiptNo)));
}

/** The receipt of a term paid online, asked for by its order (the payments module's receipt call). */
export async function feeReceiptOfOrder(ctx: AppContext, actor: Actor, order: PaymentOrderRow): Promise<FeeReceiptFile> {
  return receiptFile(ctx, actor, await findReceiptOfOrder(ctx.db, order.id));
}
