import { hash, randomBytes } from "node:crypto";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { ResolvedSession } from "./session-cache.js";
import { deleteSessionById, findSessionWithUser, insertSessionWithEntry, touchSession } from "./sessions.repository.js";

export const SESSION_COOKIE = "sid";

/** Writes to last_seen_at at most this often, so that a busy user does not cost a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

/** Every request hashes its cookie: the one-shot hash is 0.4 µs where a Hash object's three calls take 1 µs. */
export function hashSessionToken(token: string): string {
  return hash("sha256", token, "hex");
}

/**
 * Opens a session for a user with the activity entry that records it, ends the browser's previous
 * session if it had one, and answers the cookie's token; only its hash is stored.
 */
export async function startSession(
  ctx: AppContext,
  user: { id: number; userName: string },
  meta: RequestMeta,
  previousToken: string | undefined,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const session = {
    tokenHash: hashSessionToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + ctx.settings.session.absoluteMs),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  };
  const entry = { actor: user, action: "user.signin" as const, entityType: "user", entityId: user.id, summary: "Signed in", ip: meta.ip };
  const previousTokenHash = previousToken ? hashSessionToken(previousToken) : null;
  await insertSessionWithEntry(ctx.db, session, entry, previousTokenHash);
  if (previousTokenHash) ctx.sessionCache.forgetToken(previousTokenHash);
  return token;
}

/** The user behind a session cookie, or null when the session is unknown, idle too long, past its end or disabled. */
export async function resolveSession(ctx: AppContext, token: string): Promise<Actor | null> {
  const tokenHash = hashSessionToken(token);
  const session = ctx.sessionCache.get(tokenHash) ?? (await readSession(ctx, tokenHash));
  if (!session) return null;
  const now = Date.now();
  if (now - session.lastSeenAt > ctx.settings.session.idleMs || session.expiresAt <= now) {
    ctx.sessionCache.forgetToken(tokenHash);
    await deleteSessionById(ctx.db, session.actor.sessionId);
    return null;
  }
  if (now - session.lastSeenAt > TOUCH_INTERVAL_MS) {
    await touchSession(ctx.db, session.actor.sessionId);
    session.lastSeenAt = now;
  }
  return session.actor;
}

/** The session from the database, kept in the cache while it is live; a disabled user's is ended here. */
async function readSession(ctx: AppContext, tokenHash: string): Promise<ResolvedSession | null> {
  const row = await findSessionWithUser(ctx.db, tokenHash);
  if (!row) return null;
  if (!row.isActive) {
    await deleteSessionById(ctx.db, row.sessionId);
    return null;
  }
  const session: ResolvedSession = {
    actor: { id: row.userId, userName: row.userName, role: row.role, mobile: row.mobile, sessionId: row.sessionId },
    lastSeenAt: row.lastSeenAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
  };
  ctx.sessionCache.set(tokenHash, session);
  return session;
}
