import { PassThrough, type Writable } from "node:stream";
import { TOTAL_COUNT_HEADER, XLSX_CONTENT_TYPE } from "@admissions/shared";
import type { FastifyReply } from "fastify";
import { setImmediate as nextTurn } from "node:timers/promises";
import type ExcelJS from "exceljs";

export type CellValue = string | number | Date | null;

/**
 * ExcelJS is loaded by the first spreadsheet rather than at start: it adds about 28 MiB to the
 * server's memory, which the requests of nearly every minute (status calls, saves) never need.
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import("exceljs")).default;
}

/** An export on its way: how many rows it will hold (counted before the first is written), its name, the file. */
export interface WorkbookExport {
  total: number;
  fileName: string;
  /** The .xlsx, produced as it is read. */
  stream: PassThrough;
}

/** Replies with an export as a private download; X-Total-Count lets the browser show how far it has come. */
export function sendWorkbook(reply: FastifyReply, workbook: WorkbookExport) {
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header("content-disposition", `attachment; filename="${workbook.fileName}"`)
    .header(TOTAL_COUNT_HEADER, String(workbook.total))
    .header("cache-control", "private, no-store")
    .send(workbook.stream);
}

/** A column of an exported sheet: its header, width, and how a row fills it. */
export interface SheetColumn<Row> {
  header: string;
  width: number;
  /** A date or a number keeps its type in the sheet, so Excel sorts and sums it. */
  numFmt?: string;
  value(row: Row): CellValue;
}

/**
 * A one-sheet .xlsx, produced as it is read: the rows arrive in batches and each is committed as it
 * is written, so memory holds about one batch however long the file. The caller replies with the
 * stream while the rows are still being written; a failure ends it, so the browser sees a broken
 * download rather than a short file that looks complete.
 */
export function streamWorkbook<Row>(sheetName: string, columns: readonly SheetColumn<Row>[], batches: AsyncIterable<readonly Row[]>): PassThrough {
  const stream = new PassThrough();
  writeWorkbook(stream, sheetName, columns, batches).catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

async function writeWorkbook<Row>(output: PassThrough, sheetName: string, columns: readonly SheetColumn<Row>[], batches: AsyncIterable<readonly Row[]>): Promise<void> {
  const { stream: excelStreams } = await loadExcelJs();
  const workbook = new excelStreams.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ width: column.width, style: column.numFmt ? { numFmt: column.numFmt } : {} }));
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();

  const styleOf = sharedCellStyles(columns);
  for await (const batch of batches) {
    for (const row of batch) {
      const values = columns.map((column) => column.value(row));
      const written = sheet.addRow(values);
      values.forEach((value, index) => (written.getCell(index + 1).style = styleOf(index, value)));
      written.commit();
    }
    await roomIn(output);
    // The browser went away: nobody will read the rest (leaving the loop stops the batches too).
    if (output.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * ExcelJS gives each new cell a style object of its own and finds that style's number in the file by
 * rendering it as XML, which took half of an export's time; it remembers the number of an object it
 * has seen, so the cells of a column share one. Without a number format, what the cell holds decides
 * its format (a date gets Excel's date format), hence one object per column and kind of value.
 */
function sharedCellStyles<Row>(columns: readonly SheetColumn<Row>[]) {
  const kinds = ["text", "number", "date"] as const;
  const styles = columns.map((column) => Object.fromEntries(kinds.map((kind) => [kind, column.numFmt ? { numFmt: column.numFmt } : {}])));
  return (columnIndex: number, value: CellValue): Partial<ExcelJS.Style> =>
    styles[columnIndex]![value instanceof Date ? "date" : typeof value === "number" ? "number" : "text"]!;
}

/**
 * Lets other requests run between batches, and waits while the reader is behind, so a slow download
 * holds about one batch in memory rather than the whole file.
 */
function roomIn(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain) return nextTurn();
  return new Promise((resolve) => {
    const go = () => {
      stream.off("drain", go);
      stream.off("close", go);
      resolve();
    };
    stream.on("drain", go);
    stream.on("close", go);
  });
}
