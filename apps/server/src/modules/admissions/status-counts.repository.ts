import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { applicationStatusCountChanges, applicationStatusCounts } from "../../db/schema/index.js";
import { degreeScopeCondition, type DegreeScope } from "../users/degree-scope.js";
import type { ApplicationFilters, ListQuery } from "./applications-list.repository.js";

/** What the kept totals know of an application, besides its status; paging and order do not narrow a count. */
const keptNarrowings: ReadonlySet<string> = new Set(["status", "courseId", "degreeId", "pageNo", "pageSize", "sort", "order"] satisfies (keyof ListQuery)[]);

/**
 * Whether the count per status under this query can be read from the kept totals, which know each
 * application's course, degree and status and nothing else. Any other filter that is set (a search,
 * a payment status, a mode, a date range, or one added later) has the applications counted
 * themselves; a filter left empty narrows nothing, as in `filtersOf`.
 */
export function isCountKept(query: ListQuery): boolean {
  return Object.entries(query).every(([key, value]) => !value || keptNarrowings.has(key));
}

/**
 * The number of applications per status in the actor's degrees, narrowed to a course or a degree:
 * the kept totals plus the changes not folded into them yet, read in one statement so a fold
 * committing meanwhile is seen whole or not at all. Statuses nobody holds are left out, as a count
 * of the applications themselves would leave them out.
 */
export async function keptCountsByStatus(db: Database, filters: Pick<ApplicationFilters, "courseId" | "degreeId">, scope: DegreeScope) {
  const kept = db
    .select({
      courseId: applicationStatusCounts.courseId,
      degreeId: applicationStatusCounts.degreeId,
      status: applicationStatusCounts.status,
      applications: applicationStatusCounts.applications,
    })
    .from(applicationStatusCounts);
  const unfolded = db
    .select({
      courseId: applicationStatusCountChanges.courseId,
      degreeId: applicationStatusCountChanges.degreeId,
      status: applicationStatusCountChanges.status,
      applications: applicationStatusCountChanges.change,
    })
    .from(applicationStatusCountChanges);
  const tally = kept.unionAll(unfolded).as("tally");
  const total = sql<number>`sum(${tally.applications})`;
  return db
    .select({ status: tally.status, total: total.mapWith(Number) })
    .from(tally)
    .where(
      and(
        degreeScopeCondition(scope, tally.degreeId),
        filters.courseId ? eq(tally.courseId, filters.courseId) : undefined,
        filters.degreeId ? eq(tally.degreeId, filters.degreeId) : undefined,
      ),
    )
    .groupBy(tally.status)
    .having(sql`${total} > 0`);
}

/**
 * Moves the recorded changes into the kept totals, so reading them sums a row per course, degree and
 * status rather than every change since the start. Taking the changes and adding them up is one
 * statement: a reader sees them on one side or the other, and a second server folding at the same
 * moment waits for this one and then finds them gone.
 */
export async function foldStatusCountChanges(db: Database): Promise<void> {
  await db.execute(sql`
    WITH moved AS (DELETE FROM ${applicationStatusCountChanges} RETURNING course_id, degree_id, status, change)
    INSERT INTO ${applicationStatusCounts} AS kept (course_id, degree_id, status, applications)
    SELECT course_id, degree_id, status, sum(change) FROM moved GROUP BY 1, 2, 3
    ON CONFLICT (course_id, degree_id, status) DO UPDATE SET applications = kept.applications + excluded.applications
  `);
}
