import { and, asc, count, gt, inArray, lte, max, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { applications, courses, degrees } from "../../db/schema/index.js";
import { filtersOf, type ApplicationFilters } from "../admissions/applications-list.repository.js";
import type { DegreeScope } from "../users/degree-scope.js";

/** What an export will write: how many applications match now, and the highest id among them. */
export interface ExportExtent {
  total: number;
  lastId: number;
}

export async function measureExport(db: Database, filters: ApplicationFilters, scope: DegreeScope): Promise<ExportExtent> {
  const [row] = await db
    .select({ total: count(), lastId: max(applications.id) })
    .from(applications)
    .where(filtersOf(filters, scope, true));
  return { total: row?.total ?? 0, lastId: row?.lastId ?? 0 };
}

/** Course and degree names by id, read once per export: small tables, so batches need no joins. */
export async function findMasterNames(db: Database) {
  const [courseRows, degreeRows] = await Promise.all([
    db.select({ id: courses.id, name: courses.name }).from(courses),
    db.select({ id: degrees.id, name: degrees.name }).from(degrees),
  ]);
  return {
    courses: new Map(courseRows.map((row) => [row.id, row.name])),
    degrees: new Map(degreeRows.map((row) => [row.id, row.name])),
  };
}

export type MasterNames = Awaited<ReturnType<typeof findMasterNames>>;

/**
 * The next batch of matching applications after `afterId`, by id: each batch is a short walk of the
 * primary key however far the export has gone (an OFFSET would rescan every row already written).
 * The ids are chosen first (PGlite has no autovacuum, so its statistics may be missing), and the
 * form fields are read from the rows joined to them: EXPLAIN on PostgreSQL shows the 250 or 500
 * ids, then their rows, then `jsonb_to_record` for each.
 *
 * The form fields the sheet adds are read from `data` (JSONB) in SQL, so the rest of the form never
 * leaves the database, and by one `jsonb_to_record` a row: PostgreSQL keeps the form compressed, and
 * each `#>>` would decompress all of it again (docs/PERFORMANCE.md, nineteenth round).
 */
export async function findExportBatch(db: Database, filters: ApplicationFilters, scope: DegreeScope, window: { afterId: number; lastId: number }, limit: number) {
  const batchIds = db
    .select({ id: applications.id })
    .from(applications)
    .where(and(filtersOf(filters, scope, true), gt(applications.id, window.afterId), lte(applications.id, window.lastId)))
    .orderBy(asc(applications.id))
    .limit(limit);
  const form = db
    .select({
      gender: sql<string | null>`form.gender`.as("gender"),
      community: sql<string | null>`form.community`.as("community"),
      dob: sql<string | null>`form.dob`.as("dob"),
      district: sql<string | null>`form."addressDetails" ->> 'district'`.as("district"),
    })
    .from(sql`jsonb_to_record(${applications.data}) as form(gender text, community text, dob text, "addressDetails" jsonb)`)
    .as("form_fields");
  return db
    .select({
      id: applications.id,
      applicationNo: applications.applicationNo,
      admissionNo: applications.admissionNo,
      name: applications.name,
      email: applications.email,
      mobile: applications.mobile,
      courseId: applications.courseId,
      degreeId: applications.degreeId,
      status: applications.status,
      paymentStatus: applications.paymentStatus,
      paymentRefNo: applications.paymentRefNo,
      isOffline: applications.isOffline,
      applicationDate: applications.applicationDate,
      totalMarkPercent: applications.totalMarkPercent,
      gender: form.gender,
      community: form.community,
      dob: form.dob,
      district: form.district,
    })
    .from(applications)
    .crossJoinLateral(form)
    .where(inArray(applications.id, batchIds))
    .orderBy(asc(applications.id));
}

export type ExportRecord = Awaited<ReturnType<typeof findExportBatch>>[number];
