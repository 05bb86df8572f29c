import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { applications, courses, degrees, feePayments, paymentOrders } from "../../db/schema/index.js";
import { startOfDay } from "../activity/activity.repository.js";
import { filtersOf } from "../admissions/applications-list.repository.js";
import { degreeScopeCondition, type DegreeScope } from "../users/degree-scope.js";

export interface DateRange {
  dateFrom?: string;
  dateTo?: string;
}

/** Term fees paid on the range's days (read in `timeZone`) to the actor's degrees. */
function termFeesPaid(db: Database, range: DateRange & { timeZone: string }, scope: DegreeScope) {
  return db
    .select({ paise: sql<number>`coalesce(sum(${feePayments.amountPaise}), 0)`.mapWith(Number), count: count() })
    .from(feePayments)
    .where(
      and(
        degreeScopeCondition(scope, feePayments.degreeId),
        range.dateFrom ? gte(feePayments.paidAt, startOfDay(range.dateFrom, range.timeZone)) : undefined,
        range.dateTo ? lt(feePayments.paidAt, startOfDay(range.dateTo, range.timeZone, 1)) : undefined,
      ),
    );
}

/** Every figure of the dashboard, each counted by the database (GROUP BY), for the applications in the range. */
export async function countDashboardFigures(db: Database, range: DateRange & { timeZone: string }, period: Required<DateRange>, scope: DegreeScope) {
  const inRange = filtersOf(range, scope, true);
  const [perDay, byStatus, byCourse, byDegree, fees, termFees] = await Promise.all([
    db
      .select({ date: applications.applicationDate, count: count() })
      .from(applications)
      // The period always lies within the range, so its bounds are the only dates to apply.
      .where(filtersOf(period, scope, true))
      .groupBy(applications.applicationDate),
    db.select({ status: applications.status, count: count() }).from(applications).where(inRange).groupBy(applications.status),
    db
      .select({ course: courses.name, count: count() })
      .from(applications)
      .innerJoin(courses, eq(courses.id, applications.courseId))
      .where(inRange)
      .groupBy(courses.id, courses.name)
      .orderBy(asc(courses.id)),
    db
      .select({ degree: degrees.name, count: count() })
      .from(applications)
      .innerJoin(degrees, eq(degrees.id, applications.degreeId))
      .where(inRange)
      .groupBy(degrees.id, degrees.name)
      .orderBy(desc(count()), asc(degrees.name)),
    db
      .select({ paise: sql<number>`coalesce(sum(${paymentOrders.amountPaise}), 0)`.mapWith(Number), count: count() })
      .from(paymentOrders)
      .innerJoin(applications, eq(applications.id, paymentOrders.applicationId))
      .where(and(inRange, eq(paymentOrders.purpose, "application"), eq(paymentOrders.status, "Success"))),
    termFeesPaid(db, range, scope),
  ]);
  const none = { paise: 0, count: 0 };
  return { perDay, byStatus, byCourse, byDegree, fees: fees[0] ?? none, termFees: termFees[0] ?? none };
}
