import type { applicationListQuerySchema } from "@admissions/shared";
import { and, asc, count, desc, eq, gte, like, lte, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { applications, courses, degrees, users } from "../../db/schema/index.js";

type ListQuery = z.output<typeof applicationListQuerySchema>;

/** A search term as the office types it: a name's start, an application number, an e-mail or a mobile. */
function searchCondition(term: string): SQL {
  const digits = term.replace(/\D/g, "");
  // LIKE's own wildcards are not search terms; what is left of the term is matched from its start.
  const start = term.toUpperCase().replace(/[%_\\]/g, "");
  const options = [
    start ? like(applications.name, `${start}%`) : undefined,
    start ? like(applications.applicationNo, `${start}%`) : undefined,
    eq(sql`lower(${applications.email})`, term.toLowerCase()),
    digits.length === 10 ? eq(applications.mobile, digits) : undefined,
  ];
  return or(...options) ?? sql`false`;
}

function filtersOf(query: ListQuery, withStatus: boolean): SQL | undefined {
  return and(
    query.search ? searchCondition(query.search) : undefined,
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

/** One page of applications for the staff list, its total, and the count per status under the other filters. */
export async function findApplicationsPage(db: Database, query: ListQuery) {
  const where = filtersOf(query, true);
  const direction = query.order === "asc" ? asc : desc;
  const [rows, totals, counts] = await Promise.all([
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
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .innerJoin(degrees, eq(degrees.id, applications.degreeId))
      .innerJoin(courses, eq(courses.id, applications.courseId))
      .where(where)
      // The id breaks ties, so every row has one place and pages never repeat or skip one.
      .orderBy(direction(sortColumns[query.sort]), direction(applications.id))
      .limit(query.pageSize)
      .offset(query.pageNo * query.pageSize),
    db.select({ total: count() }).from(applications).where(where),
    db.select({ status: applications.status, total: count() }).from(applications).where(filtersOf(query, false)).groupBy(applications.status),
  ]);
  return {
    rows,
    total: totals[0]?.total ?? 0,
    statusCounts: Object.fromEntries(counts.map((row) => [row.status, row.total])),
  };
}
