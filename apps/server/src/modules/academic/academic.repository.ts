import { defaultCourseYears } from "@admissions/shared";
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { academicYearClosings, users } from "../../db/schema/index.js";
import { listOf, rowsOf } from "../../db/sql-lists.js";

/**
 * Each degree of the course with its last year: the highest year of its fee structure, or the
 * course's usual length when it has none (UG three years, PG two).
 */
function degreeLengths(courseId: number): SQL {
  return sql`(
    select d.id as degree_id, d.name as degree_name, coalesce(max(fs.year), ${defaultCourseYears(courseId)}) as last_year
    from degrees d left join fee_structures fs on fs.degree_id = d.id
    where d.course_id = ${courseId}
    group by d.id, d.name
  )`;
}

/**
 * The Active students of the course whom closing `year` concerns, with their degree's last year, as
 * `s` joined to `l`: those whose current year of study began in that academic year or before it
 * (admitted in `admission_year`, year N began in `admission_year + N - 1`). The next intake, admitted
 * before the year closes, stays in year 1, and closing two years one after the other moves a student
 * twice only when they have been there two years.
 */
function activeStudentsOf(courseId: number, year: number): SQL {
  return sql`students s join ${degreeLengths(courseId)} l on l.degree_id = s.degree_id
    where s.course_id = ${courseId} and s.status = 'Active' and s.admission_year + s.current_year - 1 <= ${year}`;
}

export async function getClosing(db: Database, courseId: number, year: number) {
  const [row] = await db
    .select({
      movedCount: academicYearClosings.movedCount,
      completedCount: academicYearClosings.completedCount,
      createdAt: academicYearClosings.createdAt,
      closedBy: users.userName,
    })
    .from(academicYearClosings)
    .leftJoin(users, eq(users.id, academicYearClosings.closedBy))
    .where(and(eq(academicYearClosings.courseId, courseId), eq(academicYearClosings.year, year)))
    .limit(1);
  return row;
}

export async function hasLaterClosing(db: Database, courseId: number, year: number): Promise<boolean> {
  const [row] = await db
    .select({ id: academicYearClosings.id })
    .from(academicYearClosings)
    .where(and(eq(academicYearClosings.courseId, courseId), gt(academicYearClosings.year, year)))
    .limit(1);
  return !!row;
}

/** How many of the students closing the year concerns are in each year, split by whether that year is their degree's last. */
export async function countActiveByYear(db: Database, courseId: number, year: number) {
  return rowsOf<{ currentYear: number; completing: boolean; count: number }>(
    db,
    sql`select s.current_year as "currentYear", s.current_year >= l.last_year as completing, count(*)::int as count
      from ${activeStudentsOf(courseId, year)}
      group by 1, 2 order by 1`,
  );
}

/** The first students closing the year concerns, by degree, year and admission number. */
export async function findActiveStudents(db: Database, courseId: number, year: number, limit: number) {
  return rowsOf<{ admissionNo: string; name: string; degree: string; currentYear: number; lastYear: number }>(
    db,
    sql`select s.admission_no as "admissionNo", s.name, l.degree_name as degree, s.current_year as "currentYear", l.last_year as "lastYear"
      from ${activeStudentsOf(courseId, year)}
      order by l.degree_name, s.current_year, s.admission_no
      limit ${limit}`,
  );
}

/**
 * Records the close of the course's year; answers false, changing nothing, when it is already
 * recorded. The unique (course, year) index makes a second close wait for the first and then find it.
 */
export async function insertClosing(db: Database, closing: { courseId: number; year: number; closedBy: number }): Promise<boolean> {
  const inserted = await db
    .insert(academicYearClosings)
    .values({ ...closing, movedCount: 0, completedCount: 0 })
    .onConflictDoNothing({ target: [academicYearClosings.courseId, academicYearClosings.year] })
    .returning({ id: academicYearClosings.id });
  return inserted.length > 0;
}

export async function updateClosingCounts(db: Database, closing: { courseId: number; year: number; movedCount: number; completedCount: number }) {
  await db
    .update(academicYearClosings)
    .set({ movedCount: closing.movedCount, completedCount: closing.completedCount })
    .where(and(eq(academicYearClosings.courseId, closing.courseId), eq(academicYearClosings.year, closing.year)));
}

/** Students closing the year concerns in their degree's last year complete the course; answers how many. */
export async function completeFinalYearStudents(db: Database, courseId: number, year: number): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update students set status = 'Completed', updated_at = now()
      where id in (select s.id from ${activeStudentsOf(courseId, year)} and s.current_year >= l.last_year)
      returning id`,
  );
  return rows.length;
}

/** Every other student closing the year concerns moves up a year; answers their ids. */
export async function moveStudentsUp(db: Database, courseId: number, year: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update students set current_year = current_year + 1, updated_at = now()
      where id in (select s.id from ${activeStudentsOf(courseId, year)} and s.current_year < l.last_year)
      returning id`,
  );
  return rows.map((row) => row.id);
}

/**
 * Copies each student's degree fee structure into their fee terms: the terms of their current year,
 * and with `andLaterYears` those of the years after it too. A term a student already has is kept as
 * it is, unless `newStudents` says that the students were created in this transaction and have no
 * terms: checking each term for one already there took a sixth of an import's 30,000 terms' time
 * (docs/PERFORMANCE.md, forty-fifth round). Answers how many were created.
 */
export async function copyFeeStructureToStudents(
  db: Database,
  studentIds: readonly number[],
  options: { andLaterYears: boolean; newStudents?: boolean },
): Promise<number> {
  if (studentIds.length === 0) return 0;
  const years = options.andLaterYears ? sql`fs.year >= s.current_year` : sql`fs.year = s.current_year`;
  const keepingExistingTerms = options.newStudents ? sql`` : sql`on conflict (student_id, academic_year, term_no) do nothing`;
  // Counted in the database: sixty thousand ids are not worth sending back.
  const [created] = await rowsOf<{ count: number }>(
    db,
    sql`with created as (
        insert into fee_terms (student_id, academic_year, term_no, amount_paise, fee_code)
        select s.id, fs.year, fs.term, fs.amount_paise, fs.fee_code
        from students s join fee_structures fs on fs.degree_id = s.degree_id and ${years}
        where s.id in ${listOf(studentIds)}
        ${keepingExistingTerms}
        returning 1
      )
      select count(*)::int as count from created`,
  );
  return created?.count ?? 0;
}
