import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { users } from "../../db/schema/index.js";

export type UserRow = typeof users.$inferSelect;

export async function findUserByName(db: Database, userName: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userName, userName.toLowerCase())).limit(1);
  return row;
}

export async function getUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts unless the user name exists; answers undefined on that conflict instead of throwing. */
export async function insertUserUnlessTaken(
  db: Database,
  user: { userName: string; mobile: string | null; passwordHash: string; role: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...user, userName: user.userName.toLowerCase() })
    .onConflictDoNothing({ target: users.userName })
    .returning();
  return row;
}

export async function updatePasswordHash(db: Database, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function countActiveUsersWithRole(db: Database, role: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.role} = ${role} and ${users.isActive}`);
  return row?.count ?? 0;
}
