import { editableApplicationStatuses } from "@admissions/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { PAYMENT_ORDER_ID_KEY, activityLog, applicationDrafts, applications, paymentOrders } from "../../db/schema/index.js";
import type { ActivityEntry } from "../activity/activity.repository.js";
import { applicationOrderIdPrefix, numberedOrderId, type NewPaymentOrder } from "../payments/payments.repository.js";
import type { NewApplication } from "./admissions.repository.js";

/** Stands in the entry's summary for the order id, which only the statement knows. */
export const ORDER_ID_MARK = "{orderId}";

/** What a save rewrites of the application: the form's columns and the statuses. */
const resavedColumns = [
  "status",
  "paymentStatus",
  "isOffline",
  "courseId",
  "degreeId",
  "name",
  "email",
  "mobile",
  "tweleveStatus",
  "totalMarkPercent",
  "applicationFee",
  "data",
  "createdBy",
] as const satisfies readonly (keyof NewApplication)[];

export type ResavedColumns = Pick<NewApplication, (typeof resavedColumns)[number]>;

/** ResavedColumns and nothing else: a column the caller adds but the statement does not set is a type error. */
export type OnlyResavedColumns<Changes> = Changes & Record<Exclude<keyof Changes, keyof ResavedColumns>, never>;

/**
 * An applicant's save of the application they may still change (an editable status), as one
 * statement: the row is rewritten, the fee's new order numbered (numberedOrderId), the draft dropped
 * and the activity entry written, naming the application and the order. A single statement is
 * atomic without BEGIN and COMMIT: one round trip where the transaction took seven, and those
 * round trips, each holding a pooled connection, were what bounded the saves (PERFORMANCE.md). The
 * statement is prepared once per connection, as building and planning it was most of its cost.
 *
 * Undefined, with nothing written, when the applicant has no application yet or may no longer change
 * it, and when a save of the same applicant at the same moment took the order id: the statement's
 * reads see the database as it was when it began, so one that waited for the other's row lock counts
 * the orders without the other's new one, and the unique index refuses the id. The caller's
 * transaction, which counts after it holds the lock, then saves it.
 */
export async function resaveEditableApplication<Changes extends ResavedColumns>(
  db: Database,
  userId: number,
  changes: OnlyResavedColumns<Changes>,
  order: Pick<NewPaymentOrder, "purpose" | "amountPaise">,
  entry: Omit<ActivityEntry, "entityId">,
) {
  const values = {
    ...changes,
    data: JSON.stringify(changes.data),
    userId,
    orderPurpose: order.purpose,
    orderAmountPaise: order.amountPaise,
    actorUserId: entry.actor?.id ?? null,
    actorName: entry.actor?.userName ?? null,
    action: entry.action,
    entityType: entry.entityType,
    summary: entry.summary,
    details: JSON.stringify(entry.details ?? {}),
    ip: entry.ip ?? null,
  };
  try {
    const [row] = await resaveQuery(db).execute(values);
    if (!row) return undefined;
    const { orderId, currency, amountPaise, purpose, ...application } = row;
    return { ...application, order: { orderId, currency, amountPaise, purpose } };
  } catch (error) {
    if (violates(error, PAYMENT_ORDER_ID_KEY)) return undefined;
    throw error;
  }
}

const resaveQuery = preparedPerDatabase((db) => {
  const placeholder = (name: string) => sql`${sql.placeholder(name)}`;
  const saved = db.$with("saved").as(
    db
      .update(applications)
      .set({ ...Object.fromEntries(resavedColumns.map((column) => [column, placeholder(column)])), updatedAt: sql`now()` })
      .where(and(eq(applications.userId, sql.placeholder("userId")), inArray(applications.status, editableApplicationStatuses)))
      .returning({
        id: applications.id,
        userId: applications.userId,
        applicationNo: applications.applicationNo,
        status: applications.status,
        paymentStatus: applications.paymentStatus,
        applicationFee: applications.applicationFee,
      }),
  );
  const numbered = db
    .$with("numbered", {
      orderId: sql<string>`order_id`.as("order_id"),
      currency: sql<string>`currency`.as("currency"),
      amountPaise: sql<number>`amount_paise`.as("amount_paise"),
      purpose: sql<string>`purpose`.as("purpose"),
    })
    .as(
      sql`insert into ${paymentOrders} (order_id, purpose, application_id, user_id, amount_paise)
          select ${numberedOrderId(applicationOrderIdPrefix(sql`saved.application_no`), sql`${paymentOrders.applicationId} = saved.id`)},
                 ${sql.placeholder("orderPurpose")}::text, saved.id, saved.user_id, ${sql.placeholder("orderAmountPaise")}::integer
          from saved
          returning order_id, currency, amount_paise, purpose`,
    );
  const droppedDraft = db.$with("dropped_draft").as(db.delete(applicationDrafts).where(sql`${applicationDrafts.userId} in (select user_id from saved)`));
  const logged = db.$with("logged", { entryId: sql<number>`entry_id`.as("entry_id") }).as(
    sql`insert into ${activityLog} (actor_user_id, actor_name, action, entity_type, entity_id, summary, details, ip)
        select ${sql.placeholder("actorUserId")}::integer, ${sql.placeholder("actorName")}::text, ${sql.placeholder("action")}::text,
               ${sql.placeholder("entityType")}::text, saved.application_no,
               replace(${sql.placeholder("summary")}::text, ${ORDER_ID_MARK}::text, numbered.order_id),
               ${sql.placeholder("details")}::jsonb || jsonb_build_object('paymentOrder', numbered.order_id), ${sql.placeholder("ip")}::text
        from saved, numbered
        returning id as entry_id`,
  );
  return db
    .with(saved, numbered, droppedDraft, logged)
    .select({
      applicationNo: saved.applicationNo,
      status: saved.status,
      paymentStatus: saved.paymentStatus,
      applicationFee: saved.applicationFee,
      orderId: numbered.orderId,
      currency: numbered.currency,
      amountPaise: numbered.amountPaise,
      purpose: numbered.purpose,
    })
    .from(saved)
    .innerJoin(numbered, sql`true`)
    .prepare("resave_application");
});

/** Whether a statement failed on the named unique index or constraint (Drizzle wraps the driver's error). */
function violates(error: unknown, constraint: string): boolean {
  const cause = error instanceof Error && error.cause ? error.cause : error;
  return typeof cause === "object" && cause !== null && "constraint" in cause && cause.constraint === constraint;
}
