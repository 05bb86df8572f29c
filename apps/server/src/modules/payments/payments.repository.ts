import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { batchedPerDatabase } from "../../db/batched.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { applications, paymentOrders } from "../../db/schema/index.js";
import { applicationOfAnyUser } from "../admissions/admissions.repository.js";

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type NewPaymentOrder = typeof paymentOrders.$inferInsert;

/** What an order pays for: the application fee, or one term's fee. */
export const paymentPurposes = { application: "application", fee: "fee" } as const;

/**
 * A new order whose id is `orderIdPrefix` followed by the attempt's number, one more than the orders
 * its application or fee term has had. The number is counted in the insert itself, one round trip
 * fewer on every payment; the caller holds the application's or the term's row lock, so two attempts
 * never count the same.
 */
export async function insertNumberedOrder(db: Database, order: Omit<NewPaymentOrder, "orderId">, orderIdPrefix: string): Promise<PaymentOrderRow> {
  const paidFor = order.feeTermId != null ? eq(paymentOrders.feeTermId, order.feeTermId) : eq(paymentOrders.applicationId, order.applicationId ?? -1);
  const attempt = sql`(select count(*) + 1 from ${paymentOrders} where ${paidFor})`;
  const [row] = await db
    .insert(paymentOrders)
    .values({ ...order, orderId: sql`${orderIdPrefix}::text || ${attempt}::text` })
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

const applicationStatusesQuery = preparedPerDatabase((db) =>
  db
    .selectDistinctOn([applications.userId], {
      userId: applications.userId,
      degreeId: applications.degreeId,
      applicationNo: applications.applicationNo,
      applicationStatus: applications.status,
      paymentStatus: applications.paymentStatus,
      paymentRefNo: applications.paymentRefNo,
      receiptOrderId: paymentOrders.orderId,
    })
    .from(applications)
    .leftJoin(paymentOrders, and(eq(paymentOrders.applicationId, applications.id), eq(paymentOrders.status, "Success")))
    .where(applicationOfAnyUser)
    .orderBy(applications.userId, asc(paymentOrders.settledAt))
    .prepare("application_statuses"),
);

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

type AwaitingFilter = { userId?: number; createdBefore?: Date };

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
        filter.userId === undefined ? undefined : eq(paymentOrders.userId, filter.userId),
        filter.createdBefore === undefined ? undefined : lt(paymentOrders.createdAt, filter.createdBefore),
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
export async function claimAwaitingOrders(db: Database, filter: AwaitingFilter, limit = 100): Promise<PaymentOrderRow[]> {
  const chosen = awaitingOrdersToAsk(db, filter, limit);
  const claimed = await db.update(paymentOrders).set({ checkedAt: sql`now()` }).where(inArray(paymentOrders.id, chosen)).returning();
  return claimed.sort((one, other) => one.createdAt.getTime() - other.createdAt.getTime() || one.id - other.id);
}
