import { editableApplicationStatuses } from "@admissions/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { violatesConstraint, type Database } from "../../db/client.js";
import { batchedPerDatabase } from "../../db/batched.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { PAYMENT_ORDER_ID_KEY, activityLog, applicationDrafts, applications, paymentOrders } from "../../db/schema/index.js";
import type { ActivityEntry } from "../activity/activity.repository.js";
import { applicationOrderIdPrefix, numberedOrderId, type NewPaymentOrder } from "../payments/payments.repository.js";
import type { NewApplication } from "./admissions.repository.js";

/** The save's log entry, less what the statement adds: the application's number and, in the details, the order's. */
type ResavedEntry = Omit<ActivityEntry<"application.updated">, "entityId" | "details"> & { details: Record<string, unknown> };

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
 * saves of one turn of the event loop go as one statement (batchedPerDatabase), prepared once per
 * connection, as building and planning it was most of its cost.
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
  entry: ResavedEntry,
) {
  // A column the changes leave out is null in the statement's input, as jsonb_to_recordset reads a missing key.
  // The changes are spread last: spread first and followed by these fields, V8 gave every input a
  // shape of its own, field by field, and building it took 16 to 30 µs (PERFORMANCE.md, forty-third round).
  const resaved = await resaveOfAnyApplicant(db, {
    userId,
    orderPurpose: order.purpose,
    orderAmountPaise: order.amountPaise,
    actorUserId: entry.actor?.id ?? null,
    actorName: entry.actor?.userName ?? null,
    action: entry.action,
    entityType: entry.entityType,
    summary: entry.summary,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
    ...changes,
  } as ResaveInput);
  if (!resaved) return undefined;
  const { row } = resaved;
  return {
    application: { applicationNo: row.applicationNo, status: row.status, paymentStatus: row.paymentStatus, applicationFee: row.applicationFee },
    order: { orderId: row.orderId, currency: row.currency, amountPaise: row.amountPaise, purpose: row.purpose },
  };
}

/** What the statement takes of each save, with its SQL type: the batch is sent as one JSON array of them. */
const inputTypes = {
  userId: "integer",
  ...(Object.fromEntries(resavedColumns.map((column) => [column, applications[column].getSQLType()])) as Record<(typeof resavedColumns)[number], string>),
  orderPurpose: "text",
  orderAmountPaise: "integer",
  actorUserId: "integer",
  actorName: "text",
  action: "text",
  entityType: "text",
  summary: "text",
  details: "jsonb",
  ip: "text",
} as const;

/** One save as the statement takes it; the form and the entry's details stay objects inside the JSON. */
type ResaveInput = Record<keyof typeof inputTypes, unknown> & { userId: number };

const resaveOfAnyApplicant = batchedPerDatabase(
  async (db, inputs: readonly ResaveInput[]) => {
    const byUser = new Map(inputs.map((input) => [input.userId, input]));
    // Two saves of one applicant in one statement would number the same order: each goes alone.
    if (byUser.size < inputs.length) throw new Error("two saves of one applicant in one batch");
    try {
      // One JSON text that PostgreSQL takes apart, rather than an array per field that node-postgres
      // escapes element by element (3 % of the server's CPU during the saves, for the form's text).
      const rows = await resaveQuery(db).execute({ saves: JSON.stringify(inputs) });
      return rows.map((row) => ({ row, input: byUser.get(row.userId)! }));
    } catch (error) {
      // Alone, the applicant's other save took the order id and the transaction saves this one;
      // in a batch, the batch is asked again one save at a time, which comes here alone.
      if (inputs.length === 1 && violatesConstraint(error, PAYMENT_ORDER_ID_KEY)) return [];
      throw error;
    }
  },
  (row) => row.input,
);

const resaveQuery = preparedPerDatabase((db) => {
  const columns = sql.raw(Object.entries(inputTypes).map(([name, type]) => `"${name}" ${type}`).join(", "));
  const inputColumn = (name: keyof typeof inputTypes) => sql.raw(`input."${name}"`);
  const input = db
    .$with("input", { userId: sql<number>`"userId"`.as("userId") })
    .as(sql`select * from jsonb_to_recordset(${sql.placeholder("saves")}::jsonb) as input(${columns})`);
  const saved = db.$with("saved").as(
    db
      .update(applications)
      .set({ ...Object.fromEntries(resavedColumns.map((column) => [column, inputColumn(column)])), updatedAt: sql`now()` })
      .from(input)
      .where(and(eq(applications.userId, inputColumn("userId")), inArray(applications.status, editableApplicationStatuses)))
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
      userId: sql<number>`user_id`.as("user_id"),
      orderId: sql<string>`order_id`.as("order_id"),
      currency: sql<string>`currency`.as("currency"),
      amountPaise: sql<number>`amount_paise`.as("amount_paise"),
      purpose: sql<string>`purpose`.as("purpose"),
    })
    .as(
      sql`insert into ${paymentOrders} (order_id, purpose, application_id, user_id, amount_paise)
          select ${numberedOrderId(applicationOrderIdPrefix(sql`saved.application_no`), sql`${paymentOrders.applicationId} = saved.id`)},
                 ${inputColumn("orderPurpose")}, saved.id, saved.user_id, ${inputColumn("orderAmountPaise")}
          from saved join input on ${inputColumn("userId")} = saved.user_id
          returning user_id, order_id, currency, amount_paise, purpose`,
    );
  const droppedDraft = db.$with("dropped_draft").as(db.delete(applicationDrafts).where(sql`${applicationDrafts.userId} in (select user_id from saved)`));
  const logged = db.$with("logged", { entryId: sql<number>`entry_id`.as("entry_id") }).as(
    sql`insert into ${activityLog} (actor_user_id, actor_name, action, entity_type, entity_id, summary, details, ip)
        select ${inputColumn("actorUserId")}, ${inputColumn("actorName")}, ${inputColumn("action")}, ${inputColumn("entityType")}, saved.application_no,
               replace(${inputColumn("summary")}, ${ORDER_ID_MARK}::text, numbered.order_id),
               ${inputColumn("details")} || jsonb_build_object('paymentOrder', numbered.order_id), ${inputColumn("ip")}
        from saved join input on ${inputColumn("userId")} = saved.user_id join numbered on numbered.user_id = saved.user_id
        returning id as entry_id`,
  );
  return db
    .with(input, saved, numbered, droppedDraft, logged)
    .select({
      userId: saved.userId,
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
    .innerJoin(numbered, sql`numbered.user_id = ${saved.userId}`)
    .prepare("resave_applications");
});
