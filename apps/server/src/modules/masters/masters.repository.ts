import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { batchedPerDatabase, isOneOfTheKeys } from "../../db/batched.js";
import type { Database } from "../../db/client.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { applications, courses, degrees, feeStructures, students } from "../../db/schema/index.js";

export type CourseRow = typeof courses.$inferSelect;
export type DegreeRow = typeof degrees.$inferSelect;

export async function findCourses(db: Database, { includeInactive }: { includeInactive: boolean }) {
  return db
    .select()
    .from(courses)
    .where(includeInactive ? undefined : eq(courses.isActive, true))
    .orderBy(asc(courses.id));
}

/** Without inactive ones, a degree shows only while its course is active too: the admission form offers neither. */
export async function findDegrees(db: Database, { includeInactive }: { includeInactive: boolean }) {
  const query = db.select({ degree: degrees }).from(degrees).innerJoin(courses, eq(courses.id, degrees.courseId));
  const rows = await (includeInactive ? query : query.where(and(eq(degrees.isActive, true), eq(courses.isActive, true)))).orderBy(
    asc(degrees.courseId),
    asc(degrees.name),
  );
  return rows.map((row) => row.degree);
}

/** An open degree with its course's fee; every save asks for one, and the saves of a moment share one query. */
export const getActiveDegree = batchedPerDatabase(
  (db, degreeIds: readonly number[]) => activeDegreesQuery(db).execute({ degreeIds }),
  (row) => row.id,
);

const activeDegreesQuery = preparedPerDatabase((db) =>
  db
    .select({ id: degrees.id, name: degrees.name, courseId: degrees.courseId, applicationFee: courses.applicationFee })
    .from(degrees)
    .innerJoin(courses, eq(courses.id, degrees.courseId))
    .where(and(isOneOfTheKeys(degrees.id, "degreeIds"), eq(degrees.isActive, true), eq(courses.isActive, true)))
    .prepare("active_degrees"),
);

/**
 * Writers of one master table take turns (reads go on): a course's id is max(id) + 1, and a
 * uniqueness check stays true until the transaction that made it commits. Call inside the transaction.
 */
export async function lockForWriting(db: Database, table: "courses" | "degrees" | "fee_structures") {
  await db.execute(sql.raw(`LOCK TABLE "${table}" IN SHARE ROW EXCLUSIVE MODE`));
}

export async function getCourse(db: Database, id: number) {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

/** Another course already called this, if any. */
export async function findCourseNamed(db: Database, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.name, name), exceptId === undefined ? undefined : ne(courses.id, exceptId)))
    .limit(1);
  return row;
}

/** Course ids are not generated (SPEC.md fixes UG at 1 and PG at 2): a new one is the next number. Lock first. */
export async function insertCourse(db: Database, values: { name: string; applicationFee: number }) {
  const [{ nextId }] = (await db.select({ nextId: sql<number>`coalesce(max(${courses.id}), 0)::int + 1` }).from(courses)) as [{ nextId: number }];
  const [row] = await db
    .insert(courses)
    .values({ id: nextId, ...values })
    .returning();
  return row!;
}

export async function updateCourse(db: Database, id: number, values: { name: string; applicationFee: number; isActive: boolean }) {
  const [row] = await db.update(courses).set(values).where(eq(courses.id, id)).returning();
  return row!;
}

export async function getDegree(db: Database, id: number) {
  const [row] = await db.select().from(degrees).where(eq(degrees.id, id)).limit(1);
  return row;
}

/** Another degree of the course already called this, if any. */
export async function findDegreeNamed(db: Database, courseId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: degrees.id })
    .from(degrees)
    .where(and(eq(degrees.courseId, courseId), eq(degrees.name, name), exceptId === undefined ? undefined : ne(degrees.id, exceptId)))
    .limit(1);
  return row;
}

export async function insertDegree(db: Database, values: { name: string; courseId: number }) {
  const [row] = await db.insert(degrees).values(values).returning();
  return row!;
}

export async function updateDegree(db: Database, id: number, values: { name: string; courseId: number; isActive: boolean }) {
  const [row] = await db.update(degrees).set(values).where(eq(degrees.id, id)).returning();
  return row!;
}

/** Whether any application or student names the degree (they carry its course too). */
export async function isDegreeInUse(db: Database, degreeId: number): Promise<boolean> {
  const [application] = await db.select({ id: applications.id }).from(applications).where(eq(applications.degreeId, degreeId)).limit(1);
  if (application) return true;
  const [student] = await db.select({ id: students.id }).from(students).where(eq(students.degreeId, degreeId)).limit(1);
  return student !== undefined;
}

export async function findFeeStructure(db: Database, degreeId: number) {
  return db.select().from(feeStructures).where(eq(feeStructures.degreeId, degreeId)).orderBy(asc(feeStructures.year), asc(feeStructures.term));
}

/** The first of these fee codes that another degree's structure already uses. */
export async function findFeeCodeOfOtherDegree(db: Database, degreeId: number, feeCodes: string[]) {
  if (feeCodes.length === 0) return undefined;
  const [row] = await db
    .select({ feeCode: feeStructures.feeCode })
    .from(feeStructures)
    .where(and(inArray(feeStructures.feeCode, feeCodes), ne(feeStructures.degreeId, degreeId)))
    .orderBy(asc(feeStructures.feeCode))
    .limit(1);
  return row?.feeCode;
}

export async function replaceFeeStructure(db: Database, degreeId: number, terms: { year: number; term: number; amountPaise: number; feeCode: string }[]) {
  await db.delete(feeStructures).where(eq(feeStructures.degreeId, degreeId));
  if (terms.length > 0) await db.insert(feeStructures).values(terms.map((term) => ({ degreeId, ...term })));
}
