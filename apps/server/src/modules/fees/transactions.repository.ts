import type { FeeTransactionKind, FeeTransactionRowStatus, feeTransactionExportQuerySchema } from "@admissions/shared";
import { and, asc, count, desc, eq, gt, gte, isNotNull, lt, sql, sum, type SQL } from "drizzle-orm";
import { unionAll, type AnyPgColumn, type PgSelect } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { searchCondition } from "../../db/search.js";
import { applications, cancelledFeePayments, degrees, feePayments, feeTerms, paymentOrders, students, users } from "../../db/schema/index.js";
import { startOfDay } from "../activity/activity.repository.js";
import { paymentPurposes } from "../payments/payments.repository.js";
import { degreeScopeCondition, type DegreeScope } from "../users/degree-scope.js";
import { cancellationColumns, canceller, isOwedNow } from "./fees.repository.js";

export type TransactionFilters = z.output<typeof feeTransactionExportQuerySchema>;

/** The columns every kind of transaction answers, in one order, so the kinds can be one UNION ALL. */
interface TransactionColumns {
  rowId: SQL;
  /** The source row's own id: the export walks each kind by it. */
  sourceId: AnyPgColumn;
  kind: FeeTransactionKind;
  paidAt: AnyPgColumn | null;
  receiptNo: AnyPgColumn | null;
  orderId: AnyPgColumn | null;
  name: AnyPgColumn;
  admissionNo: AnyPgColumn;
  applicationNo: AnyPgColumn;
  degreeId: AnyPgColumn;
  year: AnyPgColumn | null;
  term: AnyPgColumn | null;
  amountPaise: AnyPgColumn;
  mode: AnyPgColumn | string | null;
  reference: AnyPgColumn | null;
  status: FeeTransactionRowStatus | SQL;
  refundReference: AnyPgColumn | null;
  cancelledAt?: AnyPgColumn;
  cancelledBy?: AnyPgColumn;
  cancelReason?: AnyPgColumn;
}

/**
 * A literal or a column as a typed, aliased output column. A literal null is cast, so every branch of
 * the UNION agrees on the column's type; `decoder` reads the driver's value as that column would.
 */
function output<T>(value: AnyPgColumn | SQL | string | null, alias: string, cast: "text" | "integer" | "timestamptz" = "text", decoder?: AnyPgColumn) {
  const expression = value === null ? sql<T>`null::${sql.raw(cast)}` : typeof value === "string" ? sql<T>`${value}::text` : sql<T>`${value}`;
  return (decoder ? (expression.mapWith(decoder) as SQL<T>) : expression).as(alias);
}

function selectionOf(columns: TransactionColumns) {
  return {
    rowId: output<string>(columns.rowId, "row_id"),
    sourceId: output<number>(columns.sourceId, "source_id"),
    kind: output<FeeTransactionKind>(columns.kind, "kind"),
    // Timestamps come from the driver as text; the column's own mapping makes them dates.
    paidAt: output<Date | null>(columns.paidAt, "paid_at", "timestamptz", feePayments.paidAt),
    receiptNo: output<string | null>(columns.receiptNo, "receipt_no"),
    orderId: output<string | null>(columns.orderId, "order_id"),
    name: output<string>(columns.name, "name"),
    userName: output<string>(users.userName, "user_name"),
    admissionNo: output<string | null>(columns.admissionNo, "admission_no"),
    applicationNo: output<string | null>(columns.applicationNo, "application_no"),
    degreeId: output<number>(columns.degreeId, "degree_id"),
    degree: output<string>(degrees.name, "degree"),
    year: output<number | null>(columns.year, "year", "integer"),
    term: output<number | null>(columns.term, "term", "integer"),
    amountPaise: output<number>(columns.amountPaise, "amount_paise"),
    mode: output<string | null>(columns.mode, "mode"),
    reference: output<string | null>(columns.reference, "reference"),
    status: output<FeeTransactionRowStatus>(columns.status, "status"),
    refundReference: output<string | null>(columns.refundReference, "refund_reference"),
    cancelledAt: output<Date | null>(columns.cancelledAt ?? null, "cancelled_at", "timestamptz", cancelledFeePayments.cancelledAt),
    cancelledBy: output<string | null>(columns.cancelledBy ?? null, "cancelled_by"),
    cancelReason: output<string | null>(columns.cancelReason ?? null, "cancel_reason"),
  };
}

/** The days of payment (of cancellation, for cancelled receipts), inclusive, read in the chosen time zone. */
function paidBetween(filters: TransactionFilters, paidAt: AnyPgColumn): SQL | undefined {
  return and(
    filters.dateFrom ? gte(paidAt, startOfDay(filters.dateFrom, filters.timeZone)) : undefined,
    filters.dateTo ? lt(paidAt, startOfDay(filters.dateTo, filters.timeZone, 1)) : undefined,
  );
}

/** Conditions every kind shares: the actor's degrees and the chosen degree. */
function degreeConditions(filters: TransactionFilters, scope: DegreeScope, degreeColumn: AnyPgColumn): SQL | undefined {
  return and(degreeScopeCondition(scope, degreeColumn), filters.degreeId ? eq(degreeColumn, filters.degreeId) : undefined);
}

/** A batch of the export: the rows of one kind after an id of its own, in the order of that id. */
interface Walk {
  afterId: number;
  limit: number;
}

/** The walk's condition on a kind's own id, and the order and size of its batch. */
const walkCondition = (key: AnyPgColumn, walk?: Walk) => (walk ? gt(key, walk.afterId) : undefined);
function inWalkOrder<T extends PgSelect>(query: T, key: AnyPgColumn, walk?: Walk): T {
  return walk ? query.orderBy(asc(key)).limit(walk.limit) : query;
}

/**
 * What a kind that lists a student's term takes of the term and its student, and the degree it is
 * listed under: a payment's own (the degree paid to, which a student admitted again elsewhere has
 * left), else the student's.
 */
const termOfStudentColumns = (degreeId: AnyPgColumn) =>
  ({
    name: students.name,
    admissionNo: students.admissionNo,
    applicationNo: applications.applicationNo,
    degreeId,
    year: feeTerms.academicYear,
    term: feeTerms.termNo,
  }) as const;

/**
 * The filters of a kind that lists a student's term: the degrees (by the kind's degree), the year, the
 * term, and the search, which also finds the kind's receipt or order numbers (`exactly`).
 */
function termOfStudentConditions(filters: TransactionFilters, scope: DegreeScope, degreeId: AnyPgColumn, exactly: AnyPgColumn[] = []): SQL | undefined {
  return and(
    degreeConditions(filters, scope, degreeId),
    filters.year ? eq(feeTerms.academicYear, filters.year) : undefined,
    filters.term ? eq(feeTerms.termNo, filters.term) : undefined,
    filters.search
      ? searchCondition(filters.search, {
          name: students.name,
          startsWith: [students.admissionNo, applications.applicationNo],
          exactly,
          emails: [users.userName],
          mobile: students.mobile,
        })
      : undefined,
  );
}

/** Term fees paid, online or at the office: fee_payments. */
function termFeePayments(db: Database, filters: TransactionFilters, scope: DegreeScope, walk?: Walk) {
  const query = db
    .select(
      selectionOf({
        rowId: sql`'fee-' || ${feePayments.id}`,
        sourceId: feePayments.id,
        kind: "fee",
        paidAt: feePayments.paidAt,
        receiptNo: feePayments.receiptNo,
        orderId: paymentOrders.orderId,
        ...termOfStudentColumns(feePayments.degreeId),
        amountPaise: feePayments.amountPaise,
        mode: feePayments.mode,
        reference: feePayments.reference,
        status: "Paid",
        refundReference: null,
      }),
    )
    .from(feePayments)
    .innerJoin(feeTerms, eq(feeTerms.id, feePayments.feeTermId))
    .innerJoin(students, eq(students.id, feePayments.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(degrees, eq(degrees.id, feePayments.degreeId))
    .leftJoin(paymentOrders, eq(paymentOrders.id, feePayments.paymentOrderId))
    .leftJoin(applications, eq(applications.id, students.applicationId))
    .where(
      and(
        termOfStudentConditions(filters, scope, feePayments.degreeId, [feePayments.receiptNo, paymentOrders.orderId]),
        filters.mode ? eq(feePayments.mode, filters.mode) : undefined,
        paidBetween(filters, feePayments.paidAt),
        walkCondition(feePayments.id, walk),
      ),
    )
    .$dynamic();
  return inWalkOrder(query, feePayments.id, walk);
}

/**
 * Office payments staff cancelled: cancelled_fee_payments, listed apart from the money held, by the
 * day they were cancelled (the office's day book of cancellations), with who cancelled them.
 */
function cancelledTermFees(db: Database, filters: TransactionFilters, scope: DegreeScope, walk?: Walk) {
  const query = db
    .select(
      selectionOf({
        rowId: sql`'cancelled-' || ${cancelledFeePayments.id}`,
        sourceId: cancelledFeePayments.id,
        kind: "fee",
        paidAt: cancelledFeePayments.paidAt,
        receiptNo: cancelledFeePayments.receiptNo,
        orderId: null,
        ...termOfStudentColumns(cancelledFeePayments.degreeId),
        amountPaise: cancelledFeePayments.amountPaise,
        mode: cancelledFeePayments.mode,
        reference: cancelledFeePayments.reference,
        status: "Cancelled",
        refundReference: null,
        ...cancellationColumns,
      }),
    )
    .from(cancelledFeePayments)
    .innerJoin(feeTerms, eq(feeTerms.id, cancelledFeePayments.feeTermId))
    .innerJoin(students, eq(students.id, cancelledFeePayments.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(degrees, eq(degrees.id, cancelledFeePayments.degreeId))
    .leftJoin(applications, eq(applications.id, students.applicationId))
    .leftJoin(canceller, eq(canceller.id, cancelledFeePayments.cancelledBy))
    .where(
      and(
        termOfStudentConditions(filters, scope, cancelledFeePayments.degreeId, [cancelledFeePayments.receiptNo]),
        filters.mode ? eq(cancelledFeePayments.mode, filters.mode) : undefined,
        paidBetween(filters, cancelledFeePayments.cancelledAt),
        walkCondition(cancelledFeePayments.id, walk),
      ),
    )
    .$dynamic();
  return inWalkOrder(query, cancelledFeePayments.id, walk);
}

/** A gateway order's row status: Paid, unless its money is to be given back or was. */
const orderStatus = sql<FeeTransactionRowStatus>`case ${paymentOrders.refundStatus} when 'Due' then 'Refund due' when 'Refunded' then 'Refunded' else 'Paid' end`;

/**
 * The orders a view lists by their refund: the money the college holds (Paid: every order but one
 * given back), or what it owes or owed back (Refund).
 */
function refundCondition(filters: TransactionFilters): SQL {
  return filters.status === "Refund" ? isNotNull(paymentOrders.refundStatus) : sql`${paymentOrders.refundStatus} is distinct from 'Refunded'`;
}

/** What a kind that lists gateway orders takes of the order. */
const gatewayOrderColumns = {
  paidAt: paymentOrders.settledAt,
  receiptNo: null,
  orderId: paymentOrders.orderId,
  amountPaise: paymentOrders.amountPaise,
  mode: "Online",
  reference: paymentOrders.trackingId,
  status: orderStatus,
  refundReference: paymentOrders.refundReference,
} as const;

/** Application fees paid through the gateway: the Success orders of applications (always Online). */
function applicationFeePayments(db: Database, filters: TransactionFilters, scope: DegreeScope, walk?: Walk) {
  const query = db
    .select(
      selectionOf({
        rowId: sql`'application-' || ${paymentOrders.id}`,
        sourceId: paymentOrders.id,
        kind: "application",
        ...gatewayOrderColumns,
        name: applications.name,
        admissionNo: applications.admissionNo,
        applicationNo: applications.applicationNo,
        degreeId: applications.degreeId,
        year: null,
        term: null,
      }),
    )
    .from(paymentOrders)
    .innerJoin(applications, eq(applications.id, paymentOrders.applicationId))
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(degrees, eq(degrees.id, applications.degreeId))
    .where(
      and(
        eq(paymentOrders.purpose, paymentPurposes.application),
        eq(paymentOrders.status, "Success"),
        refundCondition(filters),
        degreeConditions(filters, scope, applications.degreeId),
        filters.search
          ? searchCondition(filters.search, {
              name: applications.name,
              startsWith: [applications.applicationNo, applications.admissionNo],
              exactly: [paymentOrders.orderId],
              emails: [users.userName],
              mobile: applications.mobile,
            })
          : undefined,
        paidBetween(filters, paymentOrders.settledAt),
        walkCondition(paymentOrders.id, walk),
      ),
    )
    .$dynamic();
  return inWalkOrder(query, paymentOrders.id, walk);
}

/**
 * Term fees the gateway took that paid no term, to be given back (the term was paid already, or its
 * fee changed): such an order has no fee payment, so termFeePayments does not list it.
 */
function termFeeRefunds(db: Database, filters: TransactionFilters, scope: DegreeScope, walk?: Walk) {
  const query = db
    .select(
      selectionOf({
        rowId: sql`'refund-' || ${paymentOrders.id}`,
        sourceId: paymentOrders.id,
        kind: "fee",
        ...gatewayOrderColumns,
        ...termOfStudentColumns(students.degreeId),
      }),
    )
    .from(paymentOrders)
    .innerJoin(feeTerms, eq(feeTerms.id, paymentOrders.feeTermId))
    .innerJoin(students, eq(students.id, feeTerms.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(degrees, eq(degrees.id, students.degreeId))
    .leftJoin(applications, eq(applications.id, students.applicationId))
    .where(
      and(
        eq(paymentOrders.purpose, paymentPurposes.fee),
        isNotNull(paymentOrders.refundStatus),
        refundCondition(filters),
        termOfStudentConditions(filters, scope, students.degreeId, [paymentOrders.orderId]),
        paidBetween(filters, paymentOrders.settledAt),
        walkCondition(paymentOrders.id, walk),
      ),
    )
    .$dynamic();
  return inWalkOrder(query, paymentOrders.id, walk);
}

/** Fee terms not yet paid: no date, mode or receipt, so the date range does not apply. */
function dueTerms(db: Database, filters: TransactionFilters, scope: DegreeScope, walk?: Walk) {
  const query = db
    .select(
      selectionOf({
        rowId: sql`'due-' || ${feeTerms.id}`,
        sourceId: feeTerms.id,
        kind: "fee",
        paidAt: null,
        receiptNo: null,
        orderId: null,
        ...termOfStudentColumns(students.degreeId),
        amountPaise: feeTerms.amountPaise,
        mode: null,
        reference: null,
        status: "Due",
        refundReference: null,
      }),
    )
    .from(feeTerms)
    .innerJoin(students, eq(students.id, feeTerms.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(degrees, eq(degrees.id, students.degreeId))
    .leftJoin(applications, eq(applications.id, students.applicationId))
    .where(
      and(
        isOwedNow,
        termOfStudentConditions(filters, scope, students.degreeId),
        walkCondition(feeTerms.id, walk),
      ),
    )
    .$dynamic();
  return inWalkOrder(query, feeTerms.id, walk);
}

/**
 * The kinds the filters can match at all. Status Due lists unpaid terms instead of payments, and
 * Cancelled the cancelled office receipts; application fees have no year or term and are only ever
 * paid online.
 */
function kindsFor(filters: TransactionFilters) {
  const due = filters.status === "Due";
  const refunds = filters.status === "Refund";
  const cancelled = filters.status === "Cancelled";
  const payments = !due && !cancelled;
  const online = !filters.mode || filters.mode === "Online";
  return {
    dueTerms: due && filters.kind !== "application" && !filters.mode,
    cancelledTermFees: cancelled && filters.kind !== "application" && filters.mode !== "Online",
    termFees: payments && !refunds && filters.kind !== "application",
    termFeeRefunds: payments && filters.kind !== "application" && online,
    applicationFees: payments && filters.kind !== "fee" && !filters.year && !filters.term && online,
  };
}

/** Every matching transaction as one derived table: a UNION ALL of the kinds the filters can match. */
function transactionsTable(db: Database, filters: TransactionFilters, scope: DegreeScope) {
  const kinds = kindsFor(filters);
  if (kinds.dueTerms) return dueTerms(db, filters, scope).as("transactions");
  if (kinds.cancelledTermFees) return cancelledTermFees(db, filters, scope).as("transactions");
  const termFees = kinds.termFees ? termFeePayments(db, filters, scope) : undefined;
  const refunds = kinds.termFeeRefunds ? termFeeRefunds(db, filters, scope) : undefined;
  const applicationFees = kinds.applicationFees ? applicationFeePayments(db, filters, scope) : undefined;
  // Spelled out, as Drizzle types a union of each pair of kinds apart.
  if (termFees && refunds && applicationFees) return unionAll(termFees, refunds, applicationFees).as("transactions");
  if (termFees && refunds) return unionAll(termFees, refunds).as("transactions");
  if (termFees && applicationFees) return unionAll(termFees, applicationFees).as("transactions");
  if (refunds && applicationFees) return unionAll(refunds, applicationFees).as("transactions");
  return (termFees ?? refunds ?? applicationFees)?.as("transactions");
}

/**
 * One page of transactions and the count and sum of all of them. Payments come newest first; due
 * terms by year, term and admission number. The source id breaks ties, so pages never repeat a row.
 */
export async function findTransactionsPage(db: Database, filters: TransactionFilters, scope: DegreeScope, page: { pageNo: number; pageSize: number }) {
  const table = transactionsTable(db, filters, scope);
  if (!table) return { rows: [], total: 0, amountPaise: 0 };
  const order =
    filters.status === "Due"
      ? [asc(table.year), asc(table.term), asc(table.admissionNo), asc(table.sourceId)]
      : filters.status === "Cancelled"
        ? [desc(table.cancelledAt), desc(table.sourceId)]
        : [desc(table.paidAt), asc(table.kind), desc(table.sourceId)];
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(table)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ total: count(), amountPaise: sum(table.amountPaise).mapWith(Number) }).from(table),
  ]);
  return { rows, total: totals?.total ?? 0, amountPaise: totals?.amountPaise ?? 0 };
}

export type TransactionRecord = Awaited<ReturnType<typeof findTransactionsPage>>["rows"][number];

/** How many transactions the filters match: the export's X-Total-Count. */
export async function countTransactions(db: Database, filters: TransactionFilters, scope: DegreeScope): Promise<number> {
  const table = transactionsTable(db, filters, scope);
  if (!table) return 0;
  const [row] = await db.select({ total: count() }).from(table);
  return row?.total ?? 0;
}

/**
 * The export's rows, kind after kind, each kind walked by its own primary key in batches: every batch
 * is a short index walk however far the export has gone (an OFFSET over the union would rescan every
 * row already written).
 */
export async function* transactionBatches(db: Database, filters: TransactionFilters, scope: DegreeScope, batchSize: number): AsyncGenerator<TransactionRecord[]> {
  const kinds = kindsFor(filters);
  const sources = [
    kinds.termFees && termFeePayments,
    kinds.termFeeRefunds && termFeeRefunds,
    kinds.applicationFees && applicationFeePayments,
    kinds.dueTerms && dueTerms,
    kinds.cancelledTermFees && cancelledTermFees,
  ].filter((source) => source !== false);
  for (const source of sources) {
    let afterId = 0;
    for (;;) {
      const batch = await source(db, filters, scope, { afterId, limit: batchSize });
      if (batch.length > 0) yield batch;
      if (batch.length < batchSize) break;
      afterId = batch[batch.length - 1]!.sourceId;
    }
  }
}
