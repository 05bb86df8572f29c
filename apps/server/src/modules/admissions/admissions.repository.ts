import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { batchedPerDatabase, isOneOfTheKeys } from "../../db/batched.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { applicationCounters, applicationDrafts, applications } from "../../db/schema/index.js";

export type ApplicationRow = typeof applications.$inferSelect;
/** What a save's answer tells of the saved application. */
export type SubmittedApplication = Pick<ApplicationRow, "applicationNo" | "status" | "paymentStatus" | "applicationFee">;
export type NewApplication = Omit<typeof applications.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** The applicant's application, locked until the transaction ends: the row a save rewrites. */
export async function lockApplicationOfUser(tx: Database, userId: number): Promise<ApplicationRow | undefined> {
  const [row] = await tx.select().from(applications).where(eq(applications.userId, userId)).limit(1).for("update");
  return row;
}

/**
 * What the application's readers are shown (presentApplication) and checked by (findReadable); the
 * other columns copy the form's fields for the staff's lists. node-postgres reads the description of
 * every column again at each execution, which was a tenth of GET admission's time with all 21.
 */
const readColumns = {
  userId: applications.userId,
  degreeId: applications.degreeId,
  applicationNo: applications.applicationNo,
  admissionNo: applications.admissionNo,
  status: applications.status,
  paymentStatus: applications.paymentStatus,
  paymentRefNo: applications.paymentRefNo,
  isOffline: applications.isOffline,
  applicationFee: applications.applicationFee,
  applicationDate: applications.applicationDate,
  tweleveStatus: applications.tweleveStatus,
  data: applications.data,
};

export type ReadApplication = Pick<ApplicationRow, keyof typeof readColumns>;

/** The applications of a batch's users, whose ids the query is given as `userIds` (batchedPerDatabase). */
export const applicationOfAnyUser = isOneOfTheKeys(applications.userId, "userIds");

/** Applicants read their whole application on every screen of the form; many at once share one query. */
export const readApplicationOfUser = batchedPerDatabase(
  (db, userIds: readonly number[]) => applicationsOfUsersQuery(db).execute({ userIds }),
  (row) => row.userId,
);

const applicationsOfUsersQuery = preparedPerDatabase((db) =>
  db
    .select(readColumns)
    .from(applications)
    .where(applicationOfAnyUser)
    .prepare("applications_of_users"),
);

export async function getApplicationById(db: Database, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(applications).where(eq(applications.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

export async function insertApplication(db: Database, application: NewApplication): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(application).returning();
  return row!;
}

export async function updateApplication(db: Database, id: number, changes: Partial<NewApplication>): Promise<ApplicationRow> {
  const [row] = await db
    .update(applications)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(applications.id, id))
    .returning();
  return row!;
}

/** The next number in a course's yearly series, taken atomically so two submissions never share one. */
export async function takeApplicationNumber(db: Database, course: string, year: number): Promise<number> {
  const [row] = await db
    .insert(applicationCounters)
    .values({ course, year, last: 1 })
    .onConflictDoUpdate({ target: [applicationCounters.course, applicationCounters.year], set: { last: sql`${applicationCounters.last} + 1` } })
    .returning({ last: applicationCounters.last });
  return row!.last;
}

export async function getDraft(db: Database, userId: number) {
  const [row] = await db.select().from(applicationDrafts).where(eq(applicationDrafts.userId, userId)).limit(1);
  return row;
}

export async function saveDraft(db: Database, userId: number, data: unknown): Promise<void> {
  await db
    .insert(applicationDrafts)
    .values({ userId, data })
    .onConflictDoUpdate({ target: applicationDrafts.userId, set: { data, updatedAt: sql`now()` } });
}

export async function deleteDraft(db: Database, userId: number): Promise<void> {
  await db.delete(applicationDrafts).where(eq(applicationDrafts.userId, userId));
}
