import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
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

/** The one live code of a user, locked so that two tries at once cannot both count as the first. */
export async function findLiveResetCodeForUpdate(db: Database, userId: number, maxWrongTries: number) {
  const [row] = await db
    .select()
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.userId, userId),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, sql`now()`),
        sql`${passwordResetCodes.wrongTries} < ${maxWrongTries}`,
      ),
    )
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1)
    .for("update");
  return row;
}

export async function countWrongTry(db: Database, codeId: number): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set({ wrongTries: sql`${passwordResetCodes.wrongTries} + 1` })
    .where(eq(passwordResetCodes.id, codeId));
}

export async function markResetCodeUsed(db: Database, codeId: number): Promise<void> {
  await db.update(passwordResetCodes).set({ usedAt: sql`now()` }).where(eq(passwordResetCodes.id, codeId));
}
