import { and, asc, eq, inArray, lt, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { batchedGroupsPerDatabase, batchedPerDatabase } from "../../db/batched.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { applications, feeTerms, paymentOrders, students } from "../../db/schema/index.js";
import { applicationOfAnyUser } from "../admissions/admissions.repository.js";

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type NewPaymentOrder = typeof paymentOrders.$inferInsert;

/** The order's money pays nothing and is owed back to the payer (inside the transaction that settles it). */
export async function markRefundDue(db: Database, orderId: number): Promise<void> {
  await db.update(paymentOrders).set({ refundStatus: "Due" }).where(eq(paymentOrders.id, orderId));
}

/**
 * The term's earliest gateway payment still owed back whose amount is the term's fee now, locked: money
 * that can pay the term once the office receipt that made it a duplicate is cancelled.
 */
export async function lockHeldOrderOfTerm(db: Database, term: { id: number; amountPaise: number }): Promise<PaymentOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.refundStatus, "Due"), eq(paymentOrders.feeTermId, term.id), eq(paymentOrders.amountPaise, term.amountPaise)))
    .orderBy(asc(paymentOrders.id))
    .limit(1)
    .for("update");
  return row;
}

/** The order's money pays its term after all: nothing is owed back. */
export async function clearRefundDue(db: Database, orderId: number): Promise<void> {
  await db.update(paymentOrders).set({ refundStatus: null }).where(eq(paymentOrders.id, orderId));
}

/** The degree an order's payment is for: its application's, or its fee term's student's. */
export async function degreeIdOfOrder(db: Database, orderId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ degreeId: sql<number | null>`coalesce(${applications.degreeId}, ${students.degreeId})` })
    .from(paymentOrders)
    .leftJoin(applications, eq(applications.id, paymentOrders.applicationId))
    .leftJoin(feeTerms, eq(feeTerms.id, paymentOrders.feeTermId))
    .leftJoin(students, eq(students.id, feeTerms.studentId))
    .where(eq(paymentOrders.id, orderId));
  return row?.degreeId ?? undefined;
}

/** Records a due refund as given back, how and by whom. */
export async function recordRefundGiven(db: Database, id: number, refund: { reference: string; refundedBy: number }): Promise<PaymentOrderRow> {
  const [row] = await db
    .update(paymentOrders)
    .set({ refundStatus: "Refunded", refundReference: refund.reference, refundedBy: refund.refundedBy, refundedAt: sql`now()` })
    .where(eq(paymentOrders.id, id))
    .returning();
  return row!;
}

/** What an order pays for: the application fee, or one term's fee. */
export const paymentPurposes = { application: "application", fee: "fee" } as const;

/**
 * An order id: `orderIdPrefix` followed by the attempt's number, one more than the orders its
 * application or fee term (`paidFor`, a condition on the orders) has had. Counting in the statement
 * that inserts saves a round trip on every payment; the statement must run while its writer holds the
 * row lock of what is paid for, so two attempts never count the same.
 */
export function numberedOrderId(orderIdPrefix: string | SQL, paidFor: SQL): SQL {
  return sql`(${orderIdPrefix})::text || (select count(*) + 1 from ${paymentOrders} where ${paidFor})::text`;
}

/** An application fee order's id begins with the application's number without its dashes, then P. */
export function applicationOrderIdPrefix(applicationNo: string | SQL): SQL {
  return sql`replace(${applicationNo}, '-', '') || 'P'`;
}

/** A new order, numbered as numberedOrderId says. */
export async function insertNumberedOrder(db: Database, order: Omit<NewPaymentOrder, "orderId">, orderIdPrefix: string | SQL): Promise<PaymentOrderRow> {
  const paidFor = order.feeTermId != null ? eq(paymentOrders.feeTermId, order.feeTermId) : eq(paymentOrders.applicationId, order.applicationId ?? -1);
  const [row] = await db
    .insert(paymentOrders)
    .values({ ...order, orderId: numberedOrderId(orderIdPrefix, paidFor) })
    .returning();
  return row!;
}

export async function getOrderForUpdate(db: Database, orderId: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId)).limit(1).for("update");
  return row;
}

/**
 * What the applicant screens poll: the application's number and statuses, and the order whose
 * receipt can be downloaded once the fee is paid (the first successful one). The polls of many
 * applicants at once share one query (batchedPerDatabase).
 */
export const findApplicationStatusOfUser = batchedPerDatabase(
  (db, userIds: readonly number[]) => applicationStatusesQuery(db).execute({ userIds }),
  (row) => row.userId,
);

export type ApplicationStatusRow = Awaited<ReturnType<ReturnType<typeof applicationStatusesQuery>["execute"]>>[number];

/**
 * The receipt's order is looked up for each application by its index (a lateral join). Joined to all
 * the applications' successful orders at once, the statement was planned as a hash join over every
 * successful order in the table for a batch of some sixty polls, three times as long as these
 * look-ups (docs/PERFORMANCE.md, twenty-eighth round).
 */
const applicationStatusesQuery = preparedPerDatabase((db) => {
  const receiptOrder = db
    .select({ orderId: paymentOrders.orderId })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.applicationId, applications.id), eq(paymentOrders.status, "Success")))
    .orderBy(asc(paymentOrders.settledAt))
    .limit(1)
    .as("receipt_order");
  return db
    .select({
      userId: applications.userId,
      degreeId: applications.degreeId,
      applicationNo: applications.applicationNo,
      applicationStatus: applications.status,
      paymentStatus: applications.paymentStatus,
      paymentRefNo: applications.paymentRefNo,
      receiptOrderId: receiptOrder.orderId,
    })
    .from(applications)
    .leftJoinLateral(receiptOrder, sql`true`)
    .where(applicationOfAnyUser)
    .prepare("application_statuses");
});

export async function getOrderById(db: Database, orderId: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId)).limit(1);
  return row;
}

export async function findOrderByTrackingId(db: Database, trackingId: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.trackingId, trackingId)).limit(1);
  return row;
}

export async function settleOrder(db: Database, id: number, changes: Partial<typeof paymentOrders.$inferInsert>): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ ...changes, settledAt: sql`now()` })
    .where(eq(paymentOrders.id, id));
}

/**
 * Whose waiting orders: a user's (a number, or the SQL naming one) or everybody's older than a moment.
 * `notAskedRecently` leaves out the user's orders the gateway was asked about within the last
 * minute (see claimAwaitingOrdersOfUser).
 */
export type AwaitingFilter = { userId: number | SQL; notAskedRecently?: boolean } | { createdBefore: Date };

/** How long after asking the gateway about an order a new attempt's check leaves it alone. */
const ASKED_RECENTLY = sql`interval '1 minute'`;

/** At most this many orders are asked about in one round, so a round always ends soon. */
const CLAIMED_PER_ROUND = 100;

/**
 * The ids of the orders still waiting for the gateway's word that are asked about next: a user's
 * (their own index keeps that a few rows however many others wait), or everybody's older than a moment.
 */
export function awaitingOrdersToAsk(db: Database, filter: AwaitingFilter, limit: number) {
  return db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, "Awaiting"),
        "userId" in filter ? eq(paymentOrders.userId, filter.userId) : lt(paymentOrders.createdAt, filter.createdBefore),
        // Never asked counts as asked long ago. Written as one expression no index holds, not as
        // "null or earlier": with that, the planner could join the index of everybody's orders
        // asked earlier than a minute ago to the user's own, and read all of them.
        "userId" in filter && filter.notAskedRecently ? sql`coalesce(${paymentOrders.checkedAt}, '-infinity') < now() - ${ASKED_RECENTLY}` : undefined,
      ),
    )
    // Never asked first, then the longest unasked: orders the gateway keeps not knowing cannot hold
    // the others back, however many there are.
    .orderBy(sql`${paymentOrders.checkedAt} asc nulls first`, asc(paymentOrders.createdAt))
    .limit(limit);
}

/**
 * The orders to ask about (`awaitingOrdersToAsk`), marked as asked now in the same statement, before
 * they are asked, so an order whose check fails also goes to the back of the queue. Oldest first.
 */
export async function claimAwaitingOrders(db: Database, filter: { createdBefore: Date }): Promise<PaymentOrderRow[]> {
  const chosen = awaitingOrdersToAsk(db, filter, CLAIMED_PER_ROUND);
  return oldestFirst(await db.update(paymentOrders).set({ checkedAt: sql`now()` }).where(inArray(paymentOrders.id, chosen)).returning());
}

/**
 * claimAwaitingOrders for one user's orders, which Verify and Pay, each applicant's save and each
 * student's online fee payment ask about first: the claims of a moment are one statement, each user's
 * orders chosen as awaitingOrdersToAsk chooses them. An admission save is about to start a new
 * order: `notAskedRecently` leaves out the orders asked about within the last minute, so an applicant
 * who presses Confirm & Pay again and again asks the gateway about each earlier order at most once a
 * minute, not about all of them at every press. Verify and Pay, which the applicant presses to have
 * them asked, and a fee payment, which must not charge a paid term again, ask about them all.
 */
export async function claimAwaitingOrdersOfUser(db: Database, userId: number, { notAskedRecently }: { notAskedRecently: boolean }): Promise<PaymentOrderRow[]> {
  return oldestFirst(await (notAskedRecently ? claimOrdersNotAskedRecently : claimAllAwaitingOrders)(db, userId));
}

/** The claims of many users at once, as one statement: `userIds` is their ids as an integer array. */
export function claimAwaitingOrdersOfUsersStatement(db: Database, userIds: SQL | Placeholder, notAskedRecently: boolean) {
  const chosen = awaitingOrdersToAsk(db, { userId: sql`asker.user_id`, notAskedRecently }, CLAIMED_PER_ROUND);
  const chosenForEachUser = sql`(select chosen.id from unnest(${userIds}::integer[]) as asker(user_id) cross join lateral ${chosen} as chosen)`;
  return db.update(paymentOrders).set({ checkedAt: sql`now()` }).where(inArray(paymentOrders.id, chosenForEachUser)).returning();
}

function claimAwaitingOrdersOfUsers(notAskedRecently: boolean) {
  const query = preparedPerDatabase((db) =>
    claimAwaitingOrdersOfUsersStatement(db, sql.placeholder("userIds"), notAskedRecently).prepare(
      notAskedRecently ? "claim_orders_not_asked_recently" : "claim_awaiting_orders_of_users",
    ),
  );
  return batchedGroupsPerDatabase(
    (db, userIds: readonly number[]) => query(db).execute({ userIds }),
    (row) => row.userId,
  );
}

const claimAllAwaitingOrders = claimAwaitingOrdersOfUsers(false);
const claimOrdersNotAskedRecently = claimAwaitingOrdersOfUsers(true);

function oldestFirst(orders: PaymentOrderRow[]): PaymentOrderRow[] {
  return orders.sort((one, other) => one.createdAt.getTime() - other.createdAt.getTime() || one.id - other.id);
}
