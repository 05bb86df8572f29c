import { createHash, randomBytes } from "node:crypto";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { deleteSessionById, findSessionWithUser, insertSession, touchSession } from "./sessions.repository.js";

export const SESSION_COOKIE = "sid";

/** Writes to last_seen_at at most this often, so that a busy user does not cost a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Opens a session for a user, in the caller's transaction, and answers the cookie's token; only its hash is stored. */
export async function startSession(ctx: AppContext, db: Database, userId: number, meta: RequestMeta): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await insertSession(db, {
    tokenHash: hashSessionToken(token),
    userId,
    expiresAt: new Date(Date.now() + ctx.settings.session.absoluteMs),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** The user behind a session cookie, or null when the session is unknown, idle too long, past its end or disabled. */
export async function resolveSession(ctx: AppContext, token: string): Promise<Actor | null> {
  const row = await findSessionWithUser(ctx.db, hashSessionToken(token));
  if (!row) return null;
  const now = Date.now();
  const idleTooLong = now - row.lastSeenAt.getTime() > ctx.settings.session.idleMs;
  if (idleTooLong || row.expiresAt.getTime() <= now || !row.isActive) {
    await deleteSessionById(ctx.db, row.sessionId);
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(ctx.db, row.sessionId);
  return { id: row.userId, userName: row.userName, role: row.role, mobile: row.mobile, sessionId: row.sessionId };
}
