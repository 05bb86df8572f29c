import type { userListQuerySchema } from "@admissions/shared";
import { and, asc, count, desc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { degrees, roles, staffDegrees, users } from "../../db/schema/index.js";

export type UserRow = typeof users.$inferSelect;

export async function findUserByName(db: Database, userName: string): Promise<UserRow | undefined> {
  const [row] = await userByNameQuery(db).execute({ userName: userName.toLowerCase() });
  return row;
}

/** Every sign-in starts with this read, so it is built once and prepared (db/prepared.ts). */
const userByNameQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.userName, sql.placeholder("userName")))
    .limit(1)
    .prepare("user_by_name"),
);

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

/** The account's new user name, the e-mail it signs in with. */
export async function updateUserName(db: Database, userId: number, userName: string): Promise<void> {
  await db.update(users).set({ userName, updatedAt: sql`now()` }).where(eq(users.id, userId));
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

export async function findRoles(db: Database) {
  return db.select({ name: roles.name, description: roles.description }).from(roles).orderBy(asc(roles.name));
}

export async function roleExists(db: Database, name: string): Promise<boolean> {
  const [row] = await db.select({ name: roles.name }).from(roles).where(eq(roles.name, name)).limit(1);
  return !!row;
}

/** The names of those of these degrees that exist (active or not: an inactive degree still has its applications), by id. */
export async function findDegreeNames(db: Database, degreeIds: readonly number[]): Promise<Map<number, string>> {
  if (degreeIds.length === 0) return new Map();
  const rows = await db.select({ id: degrees.id, name: degrees.name }).from(degrees).where(inArray(degrees.id, [...degreeIds]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

type UserListQuery = z.output<typeof userListQuerySchema>;

/** An e-mail from its start, or a mobile from its start when the term is digits. */
function userSearchCondition(term: string): SQL {
  // LIKE's own wildcards are not search terms.
  const start = term.toLowerCase().replace(/[%_\\]/g, "");
  const digits = /^[\d\s-]+$/.test(term) ? term.replace(/\D/g, "") : "";
  return (
    or(start ? like(users.userName, `${start}%`) : undefined, digits ? like(users.mobile, `${digits}%`) : undefined) ?? sql`false`
  );
}

/** One page of accounts, newest first, and how many match. */
export async function findUsersPage(db: Database, query: UserListQuery) {
  const where = and(
    query.search ? userSearchCondition(query.search) : undefined,
    query.role ? eq(users.role, query.role) : undefined,
    query.active === undefined ? undefined : eq(users.isActive, query.active),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(query.pageSize)
      .offset(query.pageNo * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The degrees assigned to each of the users, in id order; users with none are left out of the map. */
export async function findDegreeIdsOfUsers(db: Database, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select()
    .from(staffDegrees)
    .where(inArray(staffDegrees.userId, [...userIds]))
    .orderBy(asc(staffDegrees.userId), asc(staffDegrees.degreeId));
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.degreeId]);
  return byUser;
}

export async function replaceStaffDegrees(db: Database, userId: number, degreeIds: readonly number[]): Promise<void> {
  await db.delete(staffDegrees).where(eq(staffDegrees.userId, userId));
  if (degreeIds.length > 0) await db.insert(staffDegrees).values(degreeIds.map((degreeId) => ({ userId, degreeId })));
}

/** Adds degrees to a user's and keeps those already there (the demo seed, run again, changes nothing). */
export async function addStaffDegrees(db: Database, userId: number, degreeIds: readonly number[]): Promise<void> {
  if (degreeIds.length > 0) await db.insert(staffDegrees).values(degreeIds.map((degreeId) => ({ userId, degreeId }))).onConflictDoNothing();
}

/** The user row, locked until the transaction ends, so a concurrent change (an approval) is not overwritten. */
export async function getUserByIdForUpdate(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for("update");
  return row;
}

export async function updateUserAccess(db: Database, id: number, access: { role: string; isActive: boolean }): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...access, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}
