import { asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { applicationDecisions, applications, courses, degrees, feeStructures, feeTerms, students, users } from "../../db/schema/index.js";

export type StudentRow = typeof students.$inferSelect;
export type NewStudent = Omit<typeof students.$inferInsert, "id" | "createdAt" | "updatedAt">;
export type NewDecision = Omit<typeof applicationDecisions.$inferInsert, "id" | "createdAt">;
export type FeeStructureRow = typeof feeStructures.$inferSelect;

export async function getApplicationByNumber(db: Database, applicationNo: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(applications).where(eq(applications.applicationNo, applicationNo)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** SPEC.md's course name (UG or PG), which prefixes application and admission numbers. */
export async function getCourseName(db: Database, courseId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId)).limit(1);
  return row?.name;
}

export async function getDegreeName(db: Database, degreeId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: degrees.name }).from(degrees).where(eq(degrees.id, degreeId)).limit(1);
  return row?.name;
}

export async function findFeeStructureOf(db: Database, degreeId: number): Promise<FeeStructureRow[]> {
  return db.select().from(feeStructures).where(eq(feeStructures.degreeId, degreeId)).orderBy(asc(feeStructures.year), asc(feeStructures.term));
}

export async function getStudentOfUser(db: Database, userId: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(students).where(eq(students.userId, userId)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/**
 * The highest number already given in a series of admission numbers (`ADM-UG-2026-`), 0 when none:
 * students imported from the office's own register may carry numbers of the series the counter has
 * not reached, and an approval must not hand one out again.
 */
export async function highestAdmissionNumberIn(db: Database, prefix: string): Promise<number> {
  const pattern = `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([0-9]{1,9})$`;
  const [row] = await db
    .select({ highest: sql<number | null>`max(substring(${students.admissionNo} from ${pattern})::int)` })
    .from(students)
    .where(sql`${students.admissionNo} ~ ${pattern}`);
  return Number(row?.highest ?? 0);
}

export async function insertStudent(db: Database, student: NewStudent): Promise<StudentRow> {
  const [row] = await db.insert(students).values(student).returning();
  return row!;
}

export async function updateStudent(db: Database, id: number, changes: Partial<NewStudent>): Promise<StudentRow> {
  const [row] = await db
    .update(students)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(students.id, id))
    .returning();
  return row!;
}

/**
 * Copies a degree's fee structure into a student's fee terms. A term the student already has is kept;
 * when the student comes from another degree (`fromOtherDegree`, a transfer approved), a term still
 * Due that came from that degree's structure (another fee code) takes this degree's amount and code.
 * Paid terms are never touched, nor, on an approval in the same degree, what the student owes: a
 * structure changed since (new codes and amounts for a later intake) is not theirs. Answers how many
 * terms were created or changed.
 */
export async function copyFeeStructureToTerms(db: Database, studentId: number, structure: FeeStructureRow[], fromOtherDegree: boolean): Promise<number> {
  const terms = db
    .insert(feeTerms)
    .values(structure.map((row) => ({ studentId, academicYear: row.year, termNo: row.term, amountPaise: row.amountPaise, feeCode: row.feeCode })));
  const target = [feeTerms.studentId, feeTerms.academicYear, feeTerms.termNo];
  const written = await (fromOtherDegree
    ? terms.onConflictDoUpdate({
        target,
        set: { amountPaise: sql`excluded.amount_paise`, feeCode: sql`excluded.fee_code` },
        setWhere: sql`${feeTerms.status} = 'Due' and ${feeTerms.feeCode} <> excluded.fee_code`,
      })
    : terms.onConflictDoNothing({ target })
  ).returning({ id: feeTerms.id });
  return written.length;
}

export async function updateUserRole(db: Database, userId: number, role: string): Promise<void> {
  await db.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function insertDecision(db: Database, decision: NewDecision): Promise<void> {
  await db.insert(applicationDecisions).values(decision);
}

const fromDegree = alias(degrees, "from_degree");
const toDegree = alias(degrees, "to_degree");

/** The decisions on an application, newest first, with the degrees by name. */
export async function findDecisionsOf(db: Database, applicationId: number) {
  return db
    .select({
      id: applicationDecisions.id,
      createdAt: applicationDecisions.createdAt,
      actorName: applicationDecisions.actorName,
      fromStatus: applicationDecisions.fromStatus,
      toStatus: applicationDecisions.toStatus,
      fromDegree: fromDegree.name,
      toDegree: toDegree.name,
      remarks: applicationDecisions.remarks,
    })
    .from(applicationDecisions)
    .leftJoin(fromDegree, eq(fromDegree.id, applicationDecisions.fromDegreeId))
    .leftJoin(toDegree, eq(toDegree.id, applicationDecisions.toDegreeId))
    .where(eq(applicationDecisions.applicationId, applicationId))
    // By id, not time: created_at is when the transaction began, and a decision that waited for the
    // application's lock may have begun before the one it follows.
    .orderBy(desc(applicationDecisions.id));
}

export type DecisionRecord = Awaited<ReturnType<typeof findDecisionsOf>>[number];

/**
 * A user's application (its user and degree, for findReadable) with the latest decision on it: when,
 * the status it set, the degree it left the application in and its remarks; all null before any.
 */
export async function findLatestDecisionOfUser(db: Database, userId: number) {
  const [row] = await db
    .select({
      userId: applications.userId,
      degreeId: applications.degreeId,
      decidedAt: applicationDecisions.createdAt,
      status: applicationDecisions.toStatus,
      degree: toDegree.name,
      remarks: applicationDecisions.remarks,
    })
    .from(applications)
    .leftJoin(applicationDecisions, eq(applicationDecisions.applicationId, applications.id))
    .leftJoin(toDegree, eq(toDegree.id, applicationDecisions.toDegreeId))
    .where(eq(applications.userId, userId))
    // The newest by id, as findDecisionsOf orders them; with no decision, the one row has none.
    .orderBy(desc(applicationDecisions.id))
    .limit(1);
  return row;
}
