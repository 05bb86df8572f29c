import { ROLE_STUDENT, editableApplicationStatuses } from "@admissions/shared";
import { and, count, desc, eq, inArray, max, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { listOf, rowsOf } from "../../db/sql-lists.js";
import { applications, courses, degrees, feeStructures, importLogs, students, users } from "../../db/schema/index.js";

/** `column IN (the list)`, the list as one parameter. */
function inList(column: AnyPgColumn, values: readonly string[] | readonly number[]): SQL {
  return inArray(column, listOf(values));
}

export async function findCourseNames(db: Database) {
  return db.select({ id: courses.id, name: courses.name, isActive: courses.isActive }).from(courses);
}

/** Every degree with the last year and the number of rows of its fee structure (none: null and 0). */
export async function findDegreesWithFeeYears(db: Database) {
  return db
    .select({
      id: degrees.id,
      name: degrees.name,
      courseId: degrees.courseId,
      isActive: degrees.isActive,
      lastFeeYear: max(feeStructures.year),
      feeRows: count(feeStructures.id),
    })
    .from(degrees)
    .leftJoin(feeStructures, eq(feeStructures.degreeId, degrees.id))
    .groupBy(degrees.id)
    .orderBy(degrees.courseId, degrees.name);
}

/** Applications still on their way to a decision (unpaid, paid, or moved to another degree): their applicant is not to be made a student behind it. */
const undecidedStatuses = [...editableApplicationStatuses, "Submitted", "Transferred"];

/** The accounts of these user names (lower-cased e-mails): their role, whether they may sign in, and whether an application of theirs awaits a decision. */
export async function findUsersNamed(db: Database, userNames: readonly string[]) {
  if (userNames.length === 0) return [];
  return db
    .select({
      id: users.id,
      userName: users.userName,
      role: users.role,
      isActive: users.isActive,
      applicationUndecided: sql<boolean>`exists (select 1 from ${applications} where ${and(eq(applications.userId, users.id), inArray(applications.status, undecidedStatuses))})`,
    })
    .from(users)
    .where(inList(users.userName, userNames));
}

/** The students holding any of these admission numbers or belonging to any of these accounts, with the account's e-mail. */
export async function findStudentsMatching(db: Database, admissionNos: readonly string[], userIds: readonly number[]) {
  if (admissionNos.length === 0 && userIds.length === 0) return [];
  return db
    .select({
      admissionNo: students.admissionNo,
      email: students.email,
      userId: students.userId,
      userName: users.userName,
      name: students.name,
      degreeId: students.degreeId,
      admissionYear: students.admissionYear,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(
      or(
        admissionNos.length > 0 ? inList(students.admissionNo, admissionNos) : undefined,
        userIds.length > 0 ? inList(students.userId, userIds) : undefined,
      ),
    );
}

/**
 * New student accounts; answers each one's id by user name. The rows travel as one JSON parameter
 * (here and for the students), so ten thousand of them are one statement with nothing to batch.
 */
export async function insertStudentAccounts(db: Database, accounts: readonly { userName: string; mobile: string }[], passwordHash: string) {
  if (accounts.length === 0) return new Map<string, number>();
  const inserted = await rowsOf<{ id: number; userName: string }>(
    db,
    sql`insert into users (user_name, mobile, password_hash, role)
      select r."userName", r.mobile, ${passwordHash}, ${ROLE_STUDENT}
      from jsonb_to_recordset(${JSON.stringify(accounts)}::jsonb) as r("userName" text, mobile text)
      returning id, user_name as "userName"`,
  );
  return new Map(inserted.map((row) => [row.userName, row.id]));
}

/** Applicants' accounts that an import makes students. */
export async function makeStudentAccounts(db: Database, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ role: ROLE_STUDENT, updatedAt: sql`now()` })
    .where(inList(users.id, userIds));
}

export type NewImportedStudent = Pick<
  typeof students.$inferInsert,
  "userId" | "admissionNo" | "name" | "email" | "mobile" | "courseId" | "degreeId" | "currentYear" | "admissionYear"
>;

/** Answers the new students' ids. */
export async function insertStudents(db: Database, rows: readonly NewImportedStudent[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await rowsOf<{ id: number }>(
    db,
    sql`insert into students (user_id, admission_no, name, email, mobile, course_id, degree_id, current_year, admission_year)
      select r."userId", r."admissionNo", r.name, r.email, r.mobile, r."courseId", r."degreeId", r."currentYear", r."admissionYear"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
        "userId" int, "admissionNo" text, name text, email text, mobile text, "courseId" int, "degreeId" int, "currentYear" int, "admissionYear" int)
      returning id`,
  );
  return inserted.map((row) => row.id);
}

export type ImportLogRow = typeof importLogs.$inferSelect;

export async function insertImportLog(db: Database, log: Omit<typeof importLogs.$inferInsert, "id" | "createdAt">): Promise<ImportLogRow> {
  const [row] = await db.insert(importLogs).values(log).returning();
  return row!;
}

/** One page of the log, newest first (the id breaks ties), and how many entries there are; `actorUserId` narrows it to one person's. */
export async function findImportLogPage(db: Database, page: { pageNo: number; pageSize: number }, actorUserId: number | null) {
  const where = actorUserId === null ? undefined : eq(importLogs.actorUserId, actorUserId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(importLogs)
      .where(where)
      .orderBy(desc(importLogs.createdAt), desc(importLogs.id))
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ total: count() }).from(importLogs).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
