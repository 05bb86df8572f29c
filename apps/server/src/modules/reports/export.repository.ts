import { and, asc, count, gt, inArray, lte, max } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { applications, courses, degrees } from "../../db/schema/index.js";
import { filtersOf, shownMarkPercent, type ApplicationFilters } from "../admissions/applications-list.repository.js";
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
 * rows are read by them: EXPLAIN on PostgreSQL shows the 250 or 500 ids, then their rows. The form
 * fields the sheet adds are columns that PostgreSQL keeps from `data` (migration 0014), so the
 * compressed form is not read at all.
 */
export async function findExportBatch(db: Database, filters: ApplicationFilters, scope: DegreeScope, window: { afterId: number; lastId: number }, limit: number) {
  const batchIds = db
    .select({ id: applications.id })
    .from(applications)
    .where(and(filtersOf(filters, scope, true), gt(applications.id, window.afterId), lte(applications.id, window.lastId)))
    .orderBy(asc(applications.id))
    .limit(limit);
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
      totalMarkPercent: shownMarkPercent,
      gender: applications.gender,
      community: applications.community,
      dob: applications.dob,
      district: applications.district,
    })
    .from(applications)
    .where(inArray(applications.id, batchIds))
    .orderBy(asc(applications.id));
}

export type ExportRecord = Awaited<ReturnType<typeof findExportBatch>>[number];
