/**
 * Writes a one-sheet .xlsx in a thread of its own (see `streamWorkbook` in workbook.ts, which feeds
 * it): ExcelJS's work on the event loop held every other request back for tens of milliseconds per
 * batch of rows. It imports nothing of the app but the thread helpers, so the thread loads ExcelJS
 * and little else.
 */
import { Writable } from "node:stream";
import { parentPort, workerData } from "node:worker_threads";
import ExcelJS from "exceljs";
import { lowerThisThreadsPriority } from "../../threads.js";
import type { CellValue, WorkbookLayout, WriterReply, WriterRequest } from "./workbook-protocol.js";

lowerThisThreadsPriority();

const { sheetName, columns } = workerData as WorkbookLayout;
const port = parentPort!;

// The file's bytes go to the thread that replies, in the order ExcelJS produces them; a copy, since
// a small Buffer shares its memory with others and could not be handed over on its own.
const toParent = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    const bytes = new Uint8Array(chunk);
    port.postMessage({ kind: "bytes", bytes } satisfies WriterReply, [bytes.buffer]);
    callback();
  },
  final(callback) {
    port.postMessage({ kind: "finished" } satisfies WriterReply);
    callback();
  },
});

const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: toParent, useStyles: true });
const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
sheet.columns = columns.map((column) => ({ width: column.width, style: column.numFmt ? { numFmt: column.numFmt } : {} }));
const header = sheet.addRow(columns.map((column) => column.header));
header.font = { bold: true };
header.commit();
const styleOf = sharedCellStyles(columns);

port.on("message", (request: WriterRequest) => {
  if (request.kind === "rows") {
    for (const values of request.rows) {
      const written = sheet.addRow(values);
      values.forEach((value, index) => (written.getCell(index + 1).style = styleOf(index, value)));
      written.commit();
    }
    port.postMessage({ kind: "written" } satisfies WriterReply);
  } else {
    sheet.commit();
    // Once the workbook is committed, ExcelJS ends `toParent`, whose `final` says so. A failure is
    // an unhandled rejection, which ends this thread with an error that the parent sees.
    void workbook.commit();
  }
});

/**
 * ExcelJS gives each new cell a style object of its own and finds that style's number in the file by
 * rendering it as XML, which took half of an export's time; it remembers the number of an object it
 * has seen, so the cells of a column share one. Without a number format, what the cell holds decides
 * its format (a date gets Excel's date format), hence one object per column and kind of value.
 */
function sharedCellStyles(layout: WorkbookLayout["columns"]) {
  const kinds = ["text", "number", "date"] as const;
  const styles = layout.map((column) => Object.fromEntries(kinds.map((kind) => [kind, column.numFmt ? { numFmt: column.numFmt } : {}])));
  return (columnIndex: number, value: CellValue): Partial<ExcelJS.Style> =>
    styles[columnIndex]![value instanceof Date ? "date" : typeof value === "number" ? "number" : "text"]!;
}

