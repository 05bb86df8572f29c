import type { applicationListQuerySchema } from "@admissions/shared";
import { and, asc, count, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { applications, courses, degrees, users } from "../../db/schema/index.js";
import { searchCondition, type SearchTargets } from "../../db/search.js";
import { degreeScopeCondition, type DegreeScope } from "../users/degree-scope.js";
import { isCountKept, keptCountsByStatus } from "./status-counts.repository.js";

export type ListQuery = z.output<typeof applicationListQuerySchema>;
/** The list's filters without paging or order: what the export and the dashboard narrow by too. */
export type ApplicationFilters = Omit<ListQuery, "pageNo" | "pageSize" | "sort" | "order">;

/** A name's start, an application number's start, the e-mail or the mobile. */
const searchTargets: SearchTargets = { startsWith: [applications.name, applications.applicationNo], emails: [applications.email], mobile: applications.mobile };

export function filtersOf(query: ApplicationFilters, scope: DegreeScope, withStatus: boolean): SQL | undefined {
  return and(
    degreeScopeCondition(scope, applications.degreeId),
    query.search ? searchCondition(query.search, searchTargets) : undefined,
    withStatus && query.status ? eq(applications.status, query.status) : undefined,
    query.paymentStatus ? eq(applications.paymentStatus, query.paymentStatus) : undefined,
    query.courseId ? eq(applications.courseId, query.courseId) : undefined,
    query.degreeId ? eq(applications.degreeId, query.degreeId) : undefined,
    query.mode ? eq(applications.isOffline, query.mode === "offline") : undefined,
    query.dateFrom ? gte(applications.applicationDate, query.dateFrom) : undefined,
    query.dateTo ? lte(applications.applicationDate, query.dateTo) : undefined,
  );
}

const sortColumns = {
  applicationDate: applications.createdAt,
  applicationNo: applications.applicationNo,
  name: applications.name,
  totalMarkPercent: applications.totalMarkPercent,
  status: applications.status,
} as const;

/**
 * One page of applications for the staff list, its total, and the count per status under the other
 * filters, the total being one of those counts (or their sum). The page's ids are chosen first, from
 * the applications table and its (column, id) indexes alone, and only those rows are joined: a deep
 * page then costs an index walk, not a join of every row before it. The counts come from the kept
 * totals when the filters allow (status-counts.repository.ts): counting 100,000 applications took
 * most of PostgreSQL's time on each page (docs/PERFORMANCE.md, tenth round).
 */
export async function findApplicationsPage(db: Database, query: ListQuery, scope: DegreeScope) {
  const where = filtersOf(query, scope, true);
  const direction = query.order === "asc" ? asc : desc;
  // The id breaks ties, so every row has one place and pages never repeat or skip one.
  const order = [direction(sortColumns[query.sort]), direction(applications.id)];
  const page = db
    .select({ id: applications.id })
    .from(applications)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(query.pageNo * query.pageSize)
    .as("page");
  const [rows, counts] = await Promise.all([
    db
      .select({
        applicationNo: applications.applicationNo,
        userName: users.userName,
        name: applications.name,
        email: applications.email,
        mobile: applications.mobile,
        course: courses.name,
        degree: degrees.name,
        applicationStatus: applications.status,
        paymentStatus: applications.paymentStatus,
        isOffline: applications.isOffline,
        applicationDate: applications.applicationDate,
        totalMarkPercent: applications.totalMarkPercent,
      })
      .from(page)
      .innerJoin(applications, eq(applications.id, page.id))
      .innerJoin(users, eq(users.id, applications.userId))
      .innerJoin(degrees, eq(degrees.id, applications.degreeId))
      .innerJoin(courses, eq(courses.id, applications.courseId))
      .orderBy(...order),
    isCountKept(query)
      ? keptCountsByStatus(db, query, scope)
      : db.select({ status: applications.status, total: count() }).from(applications).where(filtersOf(query, scope, false)).groupBy(applications.status),
  ]);
  const statusCounts: Record<string, number> = Object.fromEntries(counts.map((row) => [row.status, row.total]));
  // The counts are taken under every filter but the status, so the page's total is among them.
  const total = query.status ? (statusCounts[query.status] ?? 0) : counts.reduce((sum, row) => sum + row.total, 0);
  return { rows, total, statusCounts };
}
