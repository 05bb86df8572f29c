import { LRUCache } from "lru-cache";
import type { Actor } from "../../context.js";

/** A session as resolved from the database: its user and the times its timeouts are counted from. */
export interface ResolvedSession {
  actor: Actor;
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * Resolved sessions kept in this process for a few seconds, so that a signed-in user's requests do not
 * each cost a round trip for the session and its user (the applicant screens poll their status).
 *
 * Whoever ends a session or changes what a session carries (role, active, sign-out, password reset)
 * calls `forgetToken` or `forgetUser` once the change is committed, so this process sees it at once.
 * Another instance of the app sees it when its entry ages out: `maxAgeMs` is how long a change may
 * take to reach every instance.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, ResolvedSession>;

  /** By default an entry is used for 5 seconds, and 50,000 sessions (a few MiB) are kept at most. */
  constructor(options: { maxAgeMs: number; maxEntries: number } = { maxAgeMs: 5_000, maxEntries: 50_000 }) {
    this.entries = new LRUCache({ max: options.maxEntries, ttl: options.maxAgeMs, ttlAutopurge: false });
  }

  get(tokenHash: string): ResolvedSession | undefined {
    return this.entries.get(tokenHash);
  }

  set(tokenHash: string, session: ResolvedSession): void {
    this.entries.set(tokenHash, session);
  }

  forgetToken(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Every session of these users; a walk over the entries, as role changes and disabled accounts are rare. */
  forgetUsers(userIds: Iterable<number>): void {
    const forgotten = new Set(userIds);
    if (forgotten.size === 0) return;
    for (const [tokenHash, session] of this.entries.entries()) {
      if (forgotten.has(session.actor.id)) this.entries.delete(tokenHash);
    }
  }
}
