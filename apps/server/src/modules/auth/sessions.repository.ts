import { eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { sessions, users } from "../../db/schema/index.js";

export async function insertSession(
  db: Database,
  session: { tokenHash: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The session and its user in one round trip; the caller checks the timeouts. */
export async function findSessionWithUser(db: Database, tokenHash: string) {
  const [row] = await sessionWithUserQuery(db).execute({ tokenHash });
  return row;
}

const sessionWithUserQuery = preparedPerDatabase((db) =>
  db
    .select({
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
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare("session_with_user"),
);

export async function touchSession(db: Database, sessionId: number): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function deleteSessionByTokenHash(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

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
