import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { passwordResetCodes } from "../../db/schema/index.js";

export type ResetCodeRow = typeof passwordResetCodes.$inferSelect;

/** A new code voids every earlier one of the same user: only the latest mail is valid. */
export async function replaceResetCode(db: Database, userId: number, codeHash: string, expiresAt: Date): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)));
  await db.insert(passwordResetCodes).values({ userId, codeHash, expiresAt });
}

/**
 * Counts a try at the user's live code before the code is checked, and answers the code's hash (none
 * when no live code is left). One statement, so that two tries at once both count and a sixth never
 * reaches the check; counted first, so that a try whose check never finishes still counts. The check
 * itself then runs with no transaction open: on the embedded database an open transaction holds up
 * every other query, and a hash may wait behind a flood of sign-ins.
 */
export async function claimResetCodeTry(db: Database, userId: number, maxWrongTries: number): Promise<{ id: number; codeHash: string } | undefined> {
  const live = and(
    eq(passwordResetCodes.userId, userId),
    isNull(passwordResetCodes.usedAt),
    gt(passwordResetCodes.expiresAt, sql`now()`),
    lt(passwordResetCodes.wrongTries, maxWrongTries),
  );
  const latest = db.select({ id: passwordResetCodes.id }).from(passwordResetCodes).where(live).orderBy(desc(passwordResetCodes.createdAt)).limit(1);
  const [row] = await db
    .update(passwordResetCodes)
    .set({ wrongTries: sql`${passwordResetCodes.wrongTries} + 1` })
    // The conditions again on the row itself: a try that waited for another's update sees its count.
    .where(and(inArray(passwordResetCodes.id, latest), live))
    .returning({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash });
  return row;
}

/**
 * Takes the code a right try was counted against: used, and that try no longer counted as wrong.
 * False when a simultaneous right try took it first.
 */
export async function takeResetCode(db: Database, codeId: number): Promise<boolean> {
  const taken = await db
    .update(passwordResetCodes)
    .set({ usedAt: sql`now()`, wrongTries: sql`${passwordResetCodes.wrongTries} - 1` })
    .where(and(eq(passwordResetCodes.id, codeId), isNull(passwordResetCodes.usedAt)))
    .returning({ id: passwordResetCodes.id });
  return taken.length === 1;
}
