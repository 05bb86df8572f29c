import type { applicationListQuerySchema } from "@admissions/shared";
import { and, asc, count, desc, eq, gte, lte, ne, notInArray, sql, type SQL } from "drizzle-orm";
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
const searchTargets: SearchTargets = { name: applications.name, startsWith: [applications.applicationNo], emails: [applications.email], mobile: applications.mobile };

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

/**
 * The percentage as the office's lists show it: none while the HSC result is awaited (APPEARED), whose
 * stored 0 would read as marks of nothing.
 */
export const shownMarkPercent = sql`case when ${applications.tweleveStatus} = 'APPEARED' then null else ${applications.totalMarkPercent} end`.mapWith(
  applications.totalMarkPercent,
);

const sortColumns = {
  applicationDate: applications.createdAt,
  applicationNo: applications.applicationNo,
  name: applications.name,
  totalMarkPercent: applications.totalMarkPercent,
  status: applications.status,
} as const;

/** Where a page's rows are reached from: the list's start, or its end walked backwards. */
export interface PageWalk {
  fromEnd: boolean;
  offset: number;
  limit: number;
}

/**
 * The shorter walk to a page of `total` rows: a page past the middle is counted back from the end, so
 * the last page costs an index walk as short as the first's rather than one over every row before it
 * (docs/PERFORMANCE.md, eighteenth round). A page beyond the end is walked from the start, and is empty.
 */
export function shorterWalk(pageNo: number, pageSize: number, total: number): PageWalk {
  const rowsBefore = pageNo * pageSize;
  const rowsAfter = total - rowsBefore - pageSize;
  if (rowsBefore <= rowsAfter || rowsBefore >= total) return { fromEnd: false, offset: rowsBefore, limit: pageSize };
  return { fromEnd: true, offset: Math.max(0, rowsAfter), limit: Math.min(pageSize, total - rowsBefore) };
}

type StatusCount = { status: string; total: number };

/** The number of applications per status under every filter but the status, kept or counted. */
async function countsByStatus(db: Database, query: ListQuery, scope: DegreeScope): Promise<StatusCount[]> {
  if (isCountKept(query)) return keptCountsByStatus(db, query, scope);
  return db.select({ status: applications.status, total: count() }).from(applications).where(filtersOf(query, scope, false)).groupBy(applications.status);
}

/**
 * One page of applications for the staff list, its total, and the count per status under the other
 * filters, the total being one of those counts (or their sum). The page's ids are chosen first, from
 * the applications table and its (column, id) indexes alone, and only those rows are joined: a deep
 * page then costs an index walk, not a join of every row before it. The counts come from the kept
 * totals when the filters allow (status-counts.repository.ts): counting 100,000 applications took
 * most of PostgreSQL's time on each page (docs/PERFORMANCE.md, tenth round).
 */
export async function findApplicationsPage(db: Database, query: ListQuery, scope: DegreeScope) {
  const pageOf = (rows: Awaited<ReturnType<typeof pageRows>>, counts: StatusCount[]) => ({
    rows,
    total: totalOf(query, counts),
    statusCounts: Object.fromEntries(counts.map((row) => [row.status, row.total])) as Record<string, number>,
  });
  if (query.pageNo === 0) {
    const [rows, counts] = await Promise.all([pageRows(db, query, scope, { fromEnd: false, offset: 0, limit: query.pageSize }), countsByStatus(db, query, scope)]);
    return pageOf(rows, counts);
  }
  // A later page may be walked to from the end, which takes the total first; both are read in one
  // snapshot, so a save between the two reads cannot shift the page by a row.
  return db.transaction(
    async (tx) => {
      const counts = await countsByStatus(tx, query, scope);
      return pageOf(await pageRows(tx, query, scope, shorterWalk(query.pageNo, query.pageSize, totalOf(query, counts))), counts);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The counts are taken under every filter but the status, so the page's total is among them. */
function totalOf(query: ListQuery, counts: StatusCount[]): number {
  return query.status ? (counts.find((row) => row.status === query.status)?.total ?? 0) : counts.reduce((sum, row) => sum + row.total, 0);
}

function pageRows(db: Database, query: ListQuery, scope: DegreeScope, walk: PageWalk) {
  const listOrder = query.order === "asc" ? asc : desc;
  const walkOrder = walk.fromEnd ? (query.order === "asc" ? desc : asc) : listOrder;
  // The id breaks ties, so every row has one place and pages never repeat or skip one; reversing
  // both keys walks exactly the same order backwards.
  const page = db
    .select({ id: applications.id })
    .from(applications)
    .where(filtersOf(query, scope, true))
    .orderBy(walkOrder(sortColumns[query.sort]), walkOrder(applications.id))
    .limit(walk.limit)
    .offset(walk.offset)
    .as("page");
  return db
    .select(listedColumns)
    .from(page)
    .innerJoin(applications, eq(applications.id, page.id))
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(degrees, eq(degrees.id, applications.degreeId))
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .orderBy(listOrder(sortColumns[query.sort]), listOrder(applications.id));
}

/** An application as the office's lists show it; needs `users`, `degrees` and `courses` joined. */
const listedColumns = {
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
  totalMarkPercent: shownMarkPercent,
};

/** At most this many applications sharing a number are listed: more means a mistake in the data, not a person. */
const SHARING_LISTED = 20;

/**
 * The applications (other than `exceptId`) whose form gives this Aadhaar number: those of the scope
 * listed, oldest first, with how many more there are, and how many of degrees outside it.
 */
export async function findApplicationsWithAadhaar(db: Database, aadhaar: string, scope: DegreeScope, exceptId?: number) {
  const sameNumber = and(eq(applications.aadharNo, aadhaar), exceptId === undefined ? undefined : ne(applications.id, exceptId));
  const listed = await db
    // Each row also counts them all, before the limit.
    .select({ ...listedColumns, inScope: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(degrees, eq(degrees.id, applications.degreeId))
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .where(and(sameNumber, degreeScopeCondition(scope, applications.degreeId)))
    .orderBy(asc(applications.id))
    .limit(SHARING_LISTED);
  const rows = listed.map(({ inScope: _inScope, ...row }) => row);
  const notListed = (listed[0]?.inScope ?? 0) - rows.length;
  if (scope === null) return { applications: rows, notListed, outOfScope: 0 };
  const [outside] = await db
    .select({ total: count() })
    .from(applications)
    .where(and(sameNumber, scope.length > 0 ? notInArray(applications.degreeId, [...scope]) : undefined));
  return { applications: rows, notListed, outOfScope: outside!.total };
}
