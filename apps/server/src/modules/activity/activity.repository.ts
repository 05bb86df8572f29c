import type { ActivityAction, ActivityNamedDetails, activityListQuerySchema } from "@admissions/shared";
import { and, asc, count, desc, eq, gte, inArray, like, lt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { rowsOf } from "../../db/sql-lists.js";
import { activityLog, users } from "../../db/schema/index.js";

/** An action's details: what its sentence names (required), and anything else worth keeping. */
type DetailsOf<A extends ActivityAction> = ActivityNamedDetails[A] & Record<string, unknown>;

/** An action whose sentence names nothing may record no details. */
type DetailsField<A extends ActivityAction> = object extends ActivityNamedDetails[A] ? { details?: DetailsOf<A> } : { details: DetailsOf<A> };

export type ActivityEntry<A extends ActivityAction = ActivityAction> = {
  actor: { id: number; userName: string } | null;
  action: A;
  entityType: string;
  entityId?: string | number | null;
  /** The entry in English, which the staff screen shows when it cannot word it from the details. */
  summary: string;
  ip?: string | null;
} & DetailsField<A>;

/** Call inside the transaction of the change it records, so the log and the data never disagree. */
export async function recordActivity<A extends ActivityAction>(db: Database, entry: ActivityEntry<A>): Promise<void> {
  await db.insert(activityLog).values(activityRowOf(entry));
}

/** An entry as the log's row, for a statement that writes it beside the change it records. */
export function activityRowOf<A extends ActivityAction>(entry: ActivityEntry<A>): typeof activityLog.$inferInsert {
  return {
    actorUserId: entry.actor?.id ?? null,
    actorName: entry.actor?.userName ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    summary: entry.summary,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  };
}

type ListQuery = z.output<typeof activityListQuerySchema>;

/** Whose entries a reader may see: everybody's (null) or only those of one actor. */
export type ActivityVisibility = { actorUserId: number } | null;

/**
 * The actors whose user name starts with the term. User names are stored lower-cased, so the term is
 * too; the log is then read through its (actor, created_at) index rather than by scanning actor_name.
 */
function actorNameStartsWith(term: string): SQL {
  // LIKE's own wildcards in the term are taken literally (backslash is LIKE's default escape).
  const start = term.toLowerCase().replace(/[%_\\]/g, "\\$&");
  return inArray(activityLog.actorUserId, sql`(select ${users.id} from ${users} where ${like(users.userName, `${start}%`)})`);
}

/** The first instant of a calendar day in a time zone, as the database computes it (daylight saving included). */
export function startOfDay(day: string, timeZone: string, plusDays = 0): SQL {
  return sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;
}

function filtersOf(query: ListQuery, visibility: ActivityVisibility): SQL | undefined {
  return and(
    visibility ? eq(activityLog.actorUserId, visibility.actorUserId) : undefined,
    query.userName ? actorNameStartsWith(query.userName) : undefined,
    query.action ? eq(activityLog.action, query.action) : undefined,
    query.dateFrom ? gte(activityLog.createdAt, startOfDay(query.dateFrom, query.timeZone)) : undefined,
    // dateTo is inclusive: everything before the start of the next day.
    query.dateTo ? lt(activityLog.createdAt, startOfDay(query.dateTo, query.timeZone, 1)) : undefined,
  );
}

export type ActivityRow = typeof activityLog.$inferSelect;

/** One page of the log, newest first, and how many entries match. */
export async function findActivityPage(db: Database, query: ListQuery, visibility: ActivityVisibility) {
  const where = filtersOf(query, visibility);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      // The id breaks ties between entries of the same instant, so pages never repeat or skip one.
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(query.pageSize)
      .offset(query.pageNo * query.pageSize),
    db.select({ total: count() }).from(activityLog).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The distinct action names in the log, in alphabetical order. */
export async function findActivityActions(db: Database, visibility: ActivityVisibility): Promise<string[]> {
  if (visibility) {
    const rows = await db
      .selectDistinct({ action: activityLog.action })
      .from(activityLog)
      .where(eq(activityLog.actorUserId, visibility.actorUserId))
      .orderBy(asc(activityLog.action));
    return rows.map((row) => row.action);
  }
  // A loose index scan: one hop along the (action, created_at) index per distinct action, instead of
  // reading every entry of a log that only grows.
  const found = await rowsOf<{ action: string }>(
    db,
    sql`
    with recursive found(action) as (
      (select action from ${activityLog} order by action limit 1)
      union all
      select (select later.action from ${activityLog} later where later.action > found.action order by later.action limit 1)
      from found where found.action is not null
    )
    select action from found where action is not null`,
  );
  return found.map((row) => row.action);
}
