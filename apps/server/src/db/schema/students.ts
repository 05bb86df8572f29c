import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { nameWords } from "../search.js";
import { applications } from "./applications.js";
import { degrees } from "./masters.js";
import { paymentOrders } from "./payments.js";
import { users } from "./users.js";

/**
 * What a degree charges: one row per year (1-3) and term (1-2). Approval copies the rows of the
 * student's degree into their fee terms, so a later change of the structure never rewrites what a
 * student already owes.
 */
export const feeStructures = pgTable(
  "fee_structures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    degreeId: integer("degree_id")
      .notNull()
      .references(() => degrees.id),
    year: integer("year").notNull(),
    term: integer("term").notNull(),
    /** In paise, as payment orders are, so no amount is ever rounded. */
    amountPaise: integer("amount_paise").notNull(),
    feeCode: text("fee_code").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("fee_structures_degree_year_term_key").on(table.degreeId, table.year, table.term),
    uniqueIndex("fee_structures_fee_code_key").on(table.feeCode),
    check("fee_structures_year_check", sql`${table.year} between 1 and 3`),
    check("fee_structures_term_check", sql`${table.term} between 1 and 2`),
    check("fee_structures_amount_check", sql`${table.amountPaise} >= 0`),
  ],
);

/** An admitted student: made by approval (or, later, by import), one per account. */
/** The unique index of admission numbers, which a correction to a number taken meanwhile runs into. */
export const STUDENT_ADMISSION_NO_KEY = "students_admission_no_key";

export const students = pgTable(
  "students",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    applicationId: integer("application_id").references(() => applications.id),
    admissionNo: text("admission_no").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobile: text("mobile").notNull(),
    courseId: integer("course_id").notNull(),
    degreeId: integer("degree_id")
      .notNull()
      .references(() => degrees.id),
    /** The year of the course the student is in now (1-3). */
    currentYear: integer("current_year").notNull().default(1),
    /** The calendar year of admission, e.g. 2026. */
    admissionYear: integer("admission_year").notNull(),
    /** Active or Completed. */
    status: text("status").notNull().default("Active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("students_user_id_key").on(table.userId),
    uniqueIndex("students_application_id_key").on(table.applicationId),
    uniqueIndex(STUDENT_ADMISSION_NO_KEY).on(table.admissionNo),
    index("students_degree_idx").on(table.degreeId, table.currentYear),
    // Staff search a name by the starts of its words (db/search.ts).
    index("students_name_words_idx").using("gin", nameWords(table.name)),
  ],
);

/** What a student owes for one year and term, copied from the fee structure; paid once. */
export const feeTerms = pgTable(
  "fee_terms",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id),
    /** The year of the course (1-3), SPEC.md's academicYear. */
    academicYear: integer("academic_year").notNull(),
    termNo: integer("term_no").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    feeCode: text("fee_code").notNull(),
    /** Due or Paid. */
    status: text("status").notNull().default("Due"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("fee_terms_student_year_term_key").on(table.studentId, table.academicYear, table.termNo),
    index("fee_terms_status_idx").on(table.status, table.academicYear),
  ],
);

/** Every staff decision on an application: who, when, from which status and degree to which, and why. */
export const applicationDecisions = pgTable(
  "application_decisions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    fromDegreeId: integer("from_degree_id").references(() => degrees.id),
    toDegreeId: integer("to_degree_id").references(() => degrees.id),
    remarks: text("remarks").notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("application_decisions_application_idx").on(table.applicationId, table.createdAt)],
);

/** The degrees a department admin looks after; they see and decide only those degrees' records. */
export const staffDegrees = pgTable(
  "staff_degrees",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    degreeId: integer("degree_id")
      .notNull()
      .references(() => degrees.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.degreeId] }), index("staff_degrees_degree_idx").on(table.degreeId)],
);

/** What a term fee payment records, and keeps when it is cancelled (cancelledFeePayments). */
const termPaymentColumns = {
  feeTermId: integer("fee_term_id")
    .notNull()
    .references(() => feeTerms.id),
  studentId: integer("student_id")
    .notNull()
    .references(() => students.id),
  amountPaise: integer("amount_paise").notNull(),
  /** Online, Cash, Cheque, Demand Draft or Bank Transfer. */
  mode: text("mode").notNull(),
  /** The gateway's tracking id, or the cheque, draft or transfer number staff typed. */
  reference: text("reference"),
  remarks: text("remarks"),
  receiptNo: text("receipt_no").notNull(),
  /**
   * The degree the fee was paid to: the student's when it was paid. A student transferred and
   * admitted again moves to another degree, and the receipts and collections of the old one stay its.
   */
  degreeId: integer("degree_id")
    .notNull()
    .references(() => degrees.id),
  recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
};

/**
 * A term fee paid: online through a payment order, or recorded by staff (cash, cheque, demand draft,
 * bank transfer). One payment per term, so a term is never charged twice.
 */
export const feePayments = pgTable(
  "fee_payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ...termPaymentColumns,
    paymentOrderId: integer("payment_order_id").references(() => paymentOrders.id),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("fee_payments_fee_term_key").on(table.feeTermId),
    uniqueIndex("fee_payments_receipt_no_key").on(table.receiptNo),
    index("fee_payments_paid_at_idx").on(table.paidAt),
    index("fee_payments_student_idx").on(table.studentId),
    // The receipt of an online order (payments/receipt/{orderId}) is found by its order.
    index("fee_payments_payment_order_idx").on(table.paymentOrderId).where(sql`${table.paymentOrderId} is not null`),
  ],
);

/** One student import: what the file held, what was written, and every rejected row with its reasons. */
export const importLogs = pgTable(
  "import_logs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    fileName: text("file_name").notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    totalRows: integer("total_rows").notNull(),
    importedRows: integer("imported_rows").notNull(),
    /** Rows already imported earlier (same admission number), left as they were. */
    skippedRows: integer("skipped_rows").notNull(),
    rejectedRows: integer("rejected_rows").notNull(),
    rejected: jsonb("rejected").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("import_logs_created_at_idx").on(table.createdAt)],
);

/** A closed academic year of a course: recorded so that closing it again moves nobody twice. */
export const academicYearClosings = pgTable(
  "academic_year_closings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id").notNull(),
    /** The academic year closed, e.g. 2026 for 2026-27. */
    year: integer("year").notNull(),
    movedCount: integer("moved_count").notNull(),
    completedCount: integer("completed_count").notNull(),
    closedBy: integer("closed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("academic_year_closings_course_year_key").on(table.courseId, table.year)],
);

/**
 * An office payment staff cancelled (entered for the wrong student or term, or a cheque that
 * bounced): moved here whole, with who cancelled it, when and why, in the transaction that makes its
 * term Due again. Every other reader of fee_payments sees only the money held; the receipt number
 * stays taken, here, and is never issued again.
 */
export const cancelledFeePayments = pgTable(
  "cancelled_fee_payments",
  {
    /** The payment's own id in fee_payments, kept. */
    id: integer("id").primaryKey(),
    ...termPaymentColumns,
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    cancelledBy: integer("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }).notNull().defaultNow(),
    cancelReason: text("cancel_reason").notNull(),
  },
  (table) => [uniqueIndex("cancelled_fee_payments_receipt_no_key").on(table.receiptNo), index("cancelled_fee_payments_paid_at_idx").on(table.paidAt)],
);
