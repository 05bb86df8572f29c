import { eq, lt, or, sql } from "drizzle-orm";
import { batchedPerDatabase, isOneOfTheKeys } from "../../db/batched.js";
import type { Database } from "../../db/client.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { activityLog, sessions, users } from "../../db/schema/index.js";
import { activityRowOf, type ActivityEntry } from "../activity/activity.repository.js";

/**
 * Opens a session and writes its activity entry in one statement, so both are kept or neither,
 * and ends the browser's previous session, if it had one, in the same statement. A transaction
 * would take four round trips to the database (begin, two inserts, commit) where this takes one,
 * and on a sign-in flood the writes to the database's sockets were a third of the server's busy
 * time (docs/PERFORMANCE.md, sixteenth round). Every sign-in runs it, so both of its forms are
 * built once and prepared (db/prepared.ts). The entry has no details: a prepared jsonb value of
 * null would be stored as JSON's null rather than as no value.
 */
export async function insertSessionWithEntry(
  db: Database,
  session: { tokenHash: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
  entry: Omit<ActivityEntry, "details">,
  previousTokenHash: string | null,
): Promise<void> {
  // The statement names the session's address "ip" and the entry's "entryIp"; it has no place for details.
  const row = activityRowOf(entry);
  const values = { ...row, ...session, entryIp: row.ip };
  if (previousTokenHash === null) await sessionStartQuery(db).execute(values);
  else await sessionStartEndingPreviousQuery(db).execute({ ...values, previousTokenHash });
}

function sessionStartStatement(db: Database, endingPrevious: boolean) {
  const value = sql.placeholder;
  const started = db
    .$with("started")
    .as(db.insert(sessions).values({ tokenHash: value("tokenHash"), userId: value("userId"), expiresAt: value("expiresAt"), ip: value("ip"), userAgent: value("userAgent") }));
  const ended = endingPrevious ? [db.$with("ended").as(db.delete(sessions).where(eq(sessions.tokenHash, value("previousTokenHash"))))] : [];
  return db
    .with(started, ...ended)
    .insert(activityLog)
    .values({
      actorUserId: value("actorUserId"),
      actorName: value("actorName"),
      action: value("action"),
      entityType: value("entityType"),
      entityId: value("entityId"),
      summary: value("summary"),
      ip: value("entryIp"),
    })
    .prepare(endingPrevious ? "session_start_ending_previous" : "session_start");
}

const sessionStartQuery = preparedPerDatabase((db) => sessionStartStatement(db, false));
const sessionStartEndingPreviousQuery = preparedPerDatabase((db) => sessionStartStatement(db, true));

/**
 * The session and its user, found by the token's hash; the caller checks the timeouts. The look-ups of
 * one turn of the event loop go as one statement: a resolved session leaves the cache five seconds
 * after it entered, so a thousand applicants whose sessions were cached together are looked up again
 * together, and a statement each held the embedded database, and with it the server's thread, for up
 * to half a second (docs/PERFORMANCE.md, twenty-eighth round).
 */
export const findSessionWithUser = batchedPerDatabase(
  (db, tokenHashes: readonly string[]) => sessionsWithUsersQuery(db).execute({ tokenHashes }),
  (row) => row.tokenHash,
);

const sessionsWithUsersQuery = preparedPerDatabase((db) =>
  db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      userName: users.userName,
      mobile: users.mobile,
      role: users.role,
      isActive: users.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(isOneOfTheKeys(sessions.tokenHash, "tokenHashes"))
    .prepare("sessions_with_users"),
);

/**
 * Marks a session as seen now. The touches of one turn of the event loop go as one statement: a
 * minute after they last were, every signed-in applicant's next poll touches their session, and each
 * statement is a commit that waits for the disk (on the embedded database one at a time, in the
 * server's thread; PERFORMANCE.md, twenty-fourth round).
 */
export async function touchSession(db: Database, sessionId: number): Promise<void> {
  await touchAnySession(db, sessionId);
}

const touchAnySession = batchedPerDatabase(
  (db, sessionIds: readonly number[]) => touchSessionsQuery(db).execute({ sessionIds }),
  (row) => row.id,
);

const touchSessionsQuery = preparedPerDatabase((db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(isOneOfTheKeys(sessions.id, "sessionIds"))
    .returning({ id: sessions.id })
    .prepare("touch_sessions"),
);

export async function deleteSessionById(db: Database, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionsOfUser(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Housekeeping: sessions past either timeout are never valid again. */
export async function deleteStaleSessions(db: Database, idleSince: Date): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleSince)))
    .returning({ id: sessions.id });
  return removed.length;
}
