import { ROLE_STUDENT, ROLE_USER, type studentFilterSchema } from "@admissions/shared";
import { and, asc, count, desc, eq, exists, inArray, ne, not, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { activityLog, cancelledFeePayments, courses, degrees, feePayments, feeTerms, paymentOrders, students, users } from "../../db/schema/index.js";
import { copyFeeStructureToStudents } from "../academic/academic.repository.js";
import { searchCondition, type SearchTargets } from "../../db/search.js";
import { findCancelledPaymentsOf, isOwedNow, termStatus } from "../fees/fees.repository.js";
import { degreeScopeCondition, type DegreeScope } from "../users/degree-scope.js";

type StudentFilter = z.output<typeof studentFilterSchema>;

/** The student's terms owed now (isOwedNow): the list's "fees due" and its fee status filter, as Fees Transaction's Due view counts them. */
const dueTermsOfStudent = and(eq(feeTerms.studentId, students.id), isOwedNow);

/** Per student, read only for the rows answered: the fee terms owed now and what they add up to. */
const feesDue = sql<number>`(select count(*) from ${feeTerms} where ${dueTermsOfStudent})`.mapWith(Number);
const duePaise = sql<number>`(select coalesce(sum(${feeTerms.amountPaise}), 0) from ${feeTerms} where ${dueTermsOfStudent})`.mapWith(Number);

/** What the list and the student's page show of a student. */
const studentColumns = {
  id: students.id,
  userId: students.userId,
  applicationId: students.applicationId,
  admissionNo: students.admissionNo,
  name: students.name,
  userName: users.userName,
  email: students.email,
  mobile: students.mobile,
  courseId: students.courseId,
  course: courses.name,
  degreeId: students.degreeId,
  degree: degrees.name,
  currentYear: students.currentYear,
  admissionYear: students.admissionYear,
  status: students.status,
  createdAt: students.createdAt,
  updatedAt: students.updatedAt,
  feesDue,
  duePaise,
};

/** Students with their account, course and degree names. */
function selectStudents(db: Database) {
  return db
    .select(studentColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(degrees, eq(degrees.id, students.degreeId))
    .innerJoin(courses, eq(courses.id, students.courseId));
}

/** A name's or an admission number's start, the student's or the account's e-mail, or the mobile. */
const searchTargets: SearchTargets = { name: students.name, startsWith: [students.admissionNo], emails: [students.email, users.userName], mobile: students.mobile };

function filtersOf(filter: StudentFilter, scope: DegreeScope): SQL | undefined {
  const hasDueTerm = exists(sql`(select 1 from ${feeTerms} where ${dueTermsOfStudent})`);
  return and(
    degreeScopeCondition(scope, students.degreeId),
    filter.search ? searchCondition(filter.search, searchTargets) : undefined,
    filter.courseId ? eq(students.courseId, filter.courseId) : undefined,
    filter.degreeId ? eq(students.degreeId, filter.degreeId) : undefined,
    filter.currentYear ? eq(students.currentYear, filter.currentYear) : undefined,
    filter.status ? eq(students.status, filter.status) : undefined,
    filter.feeStatus === "Due" ? hasDueTerm : filter.feeStatus === "Paid" ? not(hasDueTerm) : undefined,
  );
}

const sortColumns = {
  admissionNo: students.admissionNo,
  name: students.name,
  currentYear: students.currentYear,
  admissionYear: students.admissionYear,
  amountDue: duePaise,
} as const;

/** One page of the students the filter finds within the actor's degrees, and how many it finds. */
export async function findStudentsPage(db: Database, filter: StudentFilter, scope: DegreeScope) {
  const where = filtersOf(filter, scope);
  const direction = filter.order === "desc" ? desc : asc;
  const [rows, totals] = await Promise.all([
    selectStudents(db)
      .where(where)
      // The id breaks ties, so every row has one place and pages never repeat or skip one.
      .orderBy(direction(sortColumns[filter.sort]), direction(students.id))
      .limit(filter.pageSize)
      .offset(filter.pageNo * filter.pageSize),
    db.select({ total: count() }).from(students).innerJoin(users, eq(users.id, students.userId)).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export type StudentRecord = Awaited<ReturnType<typeof findStudentsPage>>["rows"][number];

/** One student as the list shows them; `forUpdate` locks the student's row until the transaction ends. */
export async function getStudent(db: Database, id: number, options: { forUpdate?: boolean } = {}): Promise<StudentRecord | undefined> {
  const query = selectStudents(db).where(eq(students.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for("update", { of: students }) : await query;
  return row;
}

/**
 * A student's payments in the order they were made, each with the year and term it paid, and those
 * cancelled among them with when and why (a payment keeps its id when cancelled, so the order holds).
 */
export async function findPaymentsOf(db: Database, studentId: number) {
  const [standing, cancelled] = await Promise.all([
    db
      .select({
        id: feePayments.id,
        receiptNo: feePayments.receiptNo,
        paidAt: feePayments.paidAt,
        amountPaise: feePayments.amountPaise,
        mode: feePayments.mode,
        reference: feePayments.reference,
        academicYear: feeTerms.academicYear,
        termNo: feeTerms.termNo,
      })
      .from(feePayments)
      .innerJoin(feeTerms, eq(feeTerms.id, feePayments.feeTermId))
      .where(eq(feePayments.studentId, studentId)),
    findCancelledPaymentsOf(db, studentId),
  ]);
  const payments = [...standing.map((payment) => ({ ...payment, cancelledAt: null, cancelledBy: null, cancelReason: null })), ...cancelled];
  return payments.sort((one, other) => one.paidAt.getTime() - other.paidAt.getTime() || one.id - other.id);
}

export type PaymentRecord = Awaited<ReturnType<typeof findPaymentsOf>>[number];

/** Whether anybody has ever signed in to the account: the activity log keeps every sign-in. */
export async function hasEverSignedIn(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(and(eq(activityLog.actorUserId, userId), eq(activityLog.action, "user.signin")))
    .limit(1);
  return row !== undefined;
}

/**
 * Gives a student's account the role its record's status goes with, as a decision does: ROLE_USER
 * while the admission is Cancelled, ROLE_STUDENT otherwise. Only an applicant's or a student's
 * account changes, never staff's. Answers the account's id when its role changed.
 */
export async function matchAccountRoleToStatus(db: Database, studentId: number, status: string): Promise<number | undefined> {
  const role = status === "Cancelled" ? ROLE_USER : ROLE_STUDENT;
  const [changed] = await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(
      and(
        sql`${users.id} = (select ${students.userId} from ${students} where ${students.id} = ${studentId})`,
        inArray(users.role, [ROLE_USER, ROLE_STUDENT]),
        ne(users.role, role),
      ),
    )
    .returning({ id: users.id });
  return changed?.id;
}

/** Whether a student has the admission number. */
export async function isAdmissionNoTaken(db: Database, admissionNo: string): Promise<boolean> {
  const [row] = await db.select({ id: students.id }).from(students).where(eq(students.admissionNo, admissionNo)).limit(1);
  return row !== undefined;
}

/**
 * Whether any of the student's fees was paid, begun online or cancelled after being paid: their
 * terms are then money's record, not only a copy of the degree's fee structure.
 */
export async function hasFeeHistory(db: Database, studentId: number): Promise<boolean> {
  const ofTerm = (table: typeof paymentOrders | typeof cancelledFeePayments) => exists(db.select({ one: sql`1` }).from(table).where(eq(table.feeTermId, feeTerms.id)));
  const [row] = await db
    .select({ id: feeTerms.id })
    .from(feeTerms)
    .where(and(eq(feeTerms.studentId, studentId), or(eq(feeTerms.status, termStatus.paid), ofTerm(paymentOrders), ofTerm(cancelledFeePayments))))
    .limit(1);
  return row !== undefined;
}

/**
 * The student's fee terms made again from their degree's fee structure (the current year's and the
 * later ones, as the import makes them), in the caller's transaction: for a degree corrected while
 * no fee of theirs has a history (`hasFeeHistory`). Answers how many terms were made.
 */
export async function remakeFeeTerms(db: Database, studentId: number): Promise<number> {
  await db.delete(feeTerms).where(eq(feeTerms.studentId, studentId));
  return copyFeeStructureToStudents(db, [studentId], { andLaterYears: true, newStudents: true });
}
