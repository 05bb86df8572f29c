import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { paymentOrders } from "../../db/schema/index.js";

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type NewPaymentOrder = typeof paymentOrders.$inferInsert;

/** What an order pays for: the application fee, or one term's fee. */
export const paymentPurposes = { application: "application", fee: "fee" } as const;

/** How many orders an application or a fee term has had: the next attempt's number follows. */
export async function countOrdersOf(db: Database, paidFor: { applicationId: number } | { feeTermId: number }): Promise<number> {
  const condition = "applicationId" in paidFor ? eq(paymentOrders.applicationId, paidFor.applicationId) : eq(paymentOrders.feeTermId, paidFor.feeTermId);
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(paymentOrders).where(condition);
  return row?.count ?? 0;
}

export async function insertPaymentOrder(db: Database, order: NewPaymentOrder): Promise<PaymentOrderRow> {
  const [row] = await db.insert(paymentOrders).values(order).returning();
  return row!;
}

export async function getOrderForUpdate(db: Database, orderId: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId)).limit(1).for("update");
  return row;
}

/** The order that paid an application's fee, if any. */
export async function findSuccessfulOrderOfApplication(db: Database, applicationId: number): Promise<PaymentOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.applicationId, applicationId), eq(paymentOrders.status, "Success")))
    .orderBy(asc(paymentOrders.settledAt))
    .limit(1);
  return row;
}

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

/** Orders still waiting for the gateway's word: a user's, or everybody's older than a moment. */
export async function findAwaitingOrders(db: Database, filter: { userId?: number; createdBefore?: Date }, limit = 100) {
  return db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, "Awaiting"),
        filter.userId === undefined ? undefined : eq(paymentOrders.userId, filter.userId),
        filter.createdBefore === undefined ? undefined : lt(paymentOrders.createdAt, filter.createdBefore),
      ),
    )
    .orderBy(asc(paymentOrders.createdAt))
    .limit(limit);
}
