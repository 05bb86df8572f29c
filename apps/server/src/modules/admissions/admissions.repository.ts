import { and, eq, inArray, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client.js";
import { batchedPerDatabase, isOneOfTheKeys } from "../../db/batched.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { applicationCounters, applicationDrafts, applications, degrees, users } from "../../db/schema/index.js";
import type { DegreeScope } from "../users/degree-scope.js";

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
 * The application as its readers are shown it, in SPEC.md's wire names: the stored form with the
 * applicant's e-mail and the numbers and statuses the office keeps laid over it. PostgreSQL writes it,
 * so GET admission passes the database's text through: parsing the form, copying it into the answer,
 * checking the copy against the route's schema and writing it back out took a third of the server's
 * CPU for each of those reads. The degree is named as it is called now, as the office's lists name
 * it, not as it was called when the form was saved. Needs `users` and `degrees` joined on the
 * application's user and degree.
 */
const shownApplication = sql`${applications.data} || jsonb_build_object(
  'userName', ${users.userName},
  'courseSubject', ${degrees.name},
  'isOffline', ${applications.isOffline},
  'applicationNo', ${applications.applicationNo},
  'admissionNo', coalesce(${applications.admissionNo}, ''),
  'applicationDate', ${applications.applicationDate},
  'applicationStatus', ${applications.status},
  'paymentStatus', ${applications.paymentStatus},
  'paymentRefNo', ${applications.paymentRefNo},
  'applicationFee', ${applications.applicationFee})`;

/** A shown application as JSON text, with what findReadable checks before it is shown. */
export interface ShownApplicationText {
  userId: number;
  degreeId: number;
  json: string;
}

/** The applications of a batch's users, whose ids the query is given as `userIds` (batchedPerDatabase). */
export const applicationOfAnyUser = isOneOfTheKeys(applications.userId, "userIds");

/**
 * Applicants read their whole application on every screen of the form; many at once share one query.
 * PostgreSQL writing the text of an application took three quarters of that query's time (the stored
 * form is decompressed, laid over and written out again), so the texts read last are kept here with
 * the version of the rows they were made from, and the query writes a text only where the rows'
 * version is no longer the one kept. The version is the rows' `xmin`s (the application's, its
 * account's and its degree's), the transaction that wrote each: any change to any of them, by any
 * statement, makes a new one. Every read still
 * asks the database, so an answer is never older than its request.
 */
export const readShownApplicationOfUser = batchedPerDatabase(async (db, userIds: readonly number[]): Promise<ShownApplicationText[]> => {
  const textsRead = shownTextsReadIn(db);
  // Taken now: while the query runs, another batch may replace or drop what the cache holds.
  const known = new Map(userIds.map((userId) => [userId, textsRead.get(userId)]));
  const rows = await shownApplicationsOfUsersQuery(db).execute({
    userIds,
    knownVersions: userIds.map((userId) => known.get(userId)?.version ?? null),
  });
  return rows.map(({ userId, degreeId, version, json }) => {
    if (json !== null) textsRead.set(userId, { version, json });
    return { userId, degreeId, json: json ?? known.get(userId)!.json };
  });
}, (row) => row.userId);

interface ShownTextRead {
  version: string;
  json: string;
}

const shownTextsRead = new WeakMap<Database, LRUCache<number, ShownTextRead>>();

/**
 * At most 32 MiB of texts (an application's is 2 to 3 KB): the applicants at work on their forms at
 * one time. An hour's limit keeps a version from being met again after PostgreSQL's four billion
 * transaction ids have wrapped round.
 */
function shownTextsReadIn(db: Database): LRUCache<number, ShownTextRead> {
  let texts = shownTextsRead.get(db);
  if (!texts) {
    texts = new LRUCache({ maxSize: 32 * 1024 * 1024, sizeCalculation: (read) => read.json.length * 2, ttl: 60 * 60_000 });
    shownTextsRead.set(db, texts);
  }
  return texts;
}

const shownApplicationsOfUsersQuery = preparedPerDatabase((db) => {
  const version = sql<string>`${applications}.xmin::text || '/' || ${users}.xmin::text || '/' || ${degrees}.xmin::text`;
  return db
    .select({
      userId: applications.userId,
      degreeId: applications.degreeId,
      version,
      json: sql<string | null>`case when known.version is distinct from ${version} then (${shownApplication})::text end`,
    })
    .from(sql`unnest(${sql.placeholder("userIds")}::integer[], ${sql.placeholder("knownVersions")}::text[]) as known(user_id, version)`)
    .innerJoin(applications, eq(applications.userId, sql`known.user_id`))
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(degrees, eq(degrees.id, applications.degreeId))
    .prepare("shown_applications_of_users");
});

/**
 * The application with this id as its readers are shown it, for an answer that holds it among other
 * things; with a scope of degrees, only while it is of one of them.
 */
export async function findShownApplication(db: Database, id: number, scope: DegreeScope = null): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ shown: sql<Record<string, unknown>>`${shownApplication}` })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(degrees, eq(degrees.id, applications.degreeId))
    .where(and(eq(applications.id, id), scope === null ? undefined : inArray(applications.degreeId, [...scope])));
  return row?.shown;
}

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
export async function takeApplicationNumber(db: Database, course: string, year: number, atLeast = 1): Promise<number> {
  const [row] = await db
    .insert(applicationCounters)
    .values({ course, year, last: atLeast })
    .onConflictDoUpdate({
      target: [applicationCounters.course, applicationCounters.year],
      set: { last: sql`greatest(${applicationCounters.last} + 1, ${atLeast})` },
    })
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
