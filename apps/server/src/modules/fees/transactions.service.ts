import { dayIn, paiseToRupees, type FeeTransactionPage, type feeTransactionListQuerySchema } from "@admissions/shared";
import type { z } from "zod";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { recordActivity } from "../activity/activity.repository.js";
import { exportBatchSize } from "../reports/export.service.js";
import { streamWorkbook, type SheetColumn, type WorkbookExport } from "../reports/workbook.js";
import { degreeScopeOf } from "../users/degree-scope.js";
import { presentTransaction } from "./fees.presenter.js";
import { countTransactions, findTransactionsPage, transactionBatches, type TransactionFilters, type TransactionRecord } from "./transactions.repository.js";

type ListQuery = z.output<typeof feeTransactionListQuerySchema>;

/** GET feeTransactions: a page of the payments (or due terms) the actor's degrees hold, with totals of all of them. */
export async function listFeeTransactions(db: Database, actor: Actor, query: ListQuery): Promise<FeeTransactionPage> {
  const { pageNo, pageSize, ...filters } = query;
  const { rows, total, amountPaise } = await findTransactionsPage(db, filters, await degreeScopeOf(db, actor), { pageNo, pageSize });
  return {
    content: rows.map(presentTransaction),
    totalElements: total,
    totalPages: Math.ceil(total / pageSize),
    number: pageNo,
    size: pageSize,
    totals: { count: total, amount: paiseToRupees(amountPaise) },
  };
}

const kindNames = { fee: "Term fee", application: "Application fee" } as const;

/**
 * A moment as the clock on the wall read it in a time zone, written as the UTC fields of a Date: a
 * spreadsheet's dates have no zone, and ExcelJS writes a Date's UTC fields, so a payment at 01:00 in
 * India showed as 19:30 the day before, where the list the export came from showed 01:00.
 */
function wallClockIn(timeZone: string): (moment: Date) => Date {
  const clock = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  return (moment) => {
    const part = Object.fromEntries(clock.formatToParts(moment).map(({ type, value }) => [type, Number(value)]));
    return new Date(Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute, part.second));
  };
}

/**
 * The sheet's columns: the list's, with amounts as numbers and dates as dates so Excel sums and sorts
 * them; the dates read in the zone the list was read in, as it showed them. The cancellation's
 * columns only in the cancelled receipts' sheet, where they are filled.
 */
function transactionColumnsIn(timeZone: string, status: TransactionFilters["status"]): readonly SheetColumn<TransactionRecord>[] {
  const wallClock = wallClockIn(timeZone);
  return [
    { header: "Date", width: 20, numFmt: "yyyy-mm-dd hh:mm", value: (row) => row.paidAt && wallClock(row.paidAt) },
    { header: "Type", width: 16, value: (row) => kindNames[row.kind] },
    { header: "Receipt No", width: 18, value: (row) => row.receiptNo },
    { header: "Order ID", width: 22, value: (row) => row.orderId },
    { header: "Name", width: 28, value: (row) => row.name },
    { header: "E-mail", width: 32, value: (row) => row.userName },
    { header: "Admission No", width: 20, value: (row) => row.admissionNo },
    { header: "Application No", width: 18, value: (row) => row.applicationNo },
    { header: "Degree", width: 30, value: (row) => row.degree },
    { header: "Year", width: 6, value: (row) => row.year },
    { header: "Term", width: 6, value: (row) => row.term },
    { header: "Amount", width: 12, numFmt: "0.00", value: (row) => paiseToRupees(row.amountPaise) },
    { header: "Mode", width: 14, value: (row) => row.mode },
    { header: "Reference", width: 20, value: (row) => row.reference },
    { header: "Status", width: 11, value: (row) => row.status },
    { header: "Refund reference", width: 18, value: (row) => row.refundReference },
    ...(status === "Cancelled"
      ? ([
          { header: "Cancelled", width: 20, numFmt: "yyyy-mm-dd hh:mm", value: (row) => row.cancelledAt && wallClock(row.cancelledAt) },
          { header: "Cancelled by", width: 28, value: (row) => row.cancelledBy },
          { header: "Cancellation reason", width: 30, value: (row) => row.cancelReason },
        ] satisfies SheetColumn<TransactionRecord>[])
      : []),
  ];
}

/**
 * GET exportFeeTransactions: what the list finds for these filters, as an .xlsx streamed in batches
 * (term fees, then application fees, each oldest first). Who exported whose payments is logged first.
 */
export async function exportFeeTransactions(ctx: AppContext, actor: Actor, filters: TransactionFilters, meta: RequestMeta): Promise<WorkbookExport> {
  const scope = await degreeScopeOf(ctx.db, actor);
  const total = await countTransactions(ctx.db, filters, scope);
  await recordActivity(ctx.db, {
    actor: { id: actor.id, userName: actor.userName },
    action: "fee.exported",
    entityType: "fee_payment",
    summary: `Exported ${total} fee transactions to Excel`,
    details: { filters, rows: total },
    ip: meta.ip,
  });
  const stream = streamWorkbook("Fee transactions", transactionColumnsIn(filters.timeZone, filters.status), transactionBatches(ctx.db, filters, scope, exportBatchSize[ctx.engine]));
  return { total, fileName: `fee-transactions-${dayIn(ctx.settings.timeZone)}.xlsx`, stream };
}
