import { EventEmitter } from "node:events";
import { PassThrough, type Writable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { TOTAL_COUNT_HEADER, XLSX_CONTENT_TYPE } from "@admissions/shared";
import type ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import { startThread, threadModuleBeside } from "../../threads.js";
import type { CellValue, WorkbookLayout, WriterReply, WriterRequest } from "./workbook-protocol.js";

export type { CellValue } from "./workbook-protocol.js";

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

const writerModule = threadModuleBeside(import.meta.url, "workbook-writer.worker");

/**
 * A one-sheet .xlsx, produced as it is read: the rows arrive in batches and each is written as it
 * comes, so memory holds about one batch however long the file. ExcelJS runs in a thread of its own
 * (workbook-writer.worker.ts): on the event loop, each batch held every other request back for tens
 * of milliseconds. The caller replies with the stream while the rows are still being written; a
 * failure ends it, so the browser sees a broken download rather than a short file that looks complete.
 */
export function streamWorkbook<Row>(sheetName: string, columns: readonly SheetColumn<Row>[], batches: AsyncIterable<readonly Row[]>): PassThrough {
  const stream = new PassThrough();
  writeWorkbook(stream, sheetName, columns, batches).catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

async function writeWorkbook<Row>(output: PassThrough, sheetName: string, columns: readonly SheetColumn<Row>[], batches: AsyncIterable<readonly Row[]>): Promise<void> {
  const layout: WorkbookLayout = { sheetName, columns: columns.map(({ header, width, numFmt }) => ({ header, width, numFmt })) };
  const writer = startThread(writerModule, { workerData: layout });
  const events = new EventEmitter();
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    events.emit("settled");
  };
  writer.on("message", (reply: WriterReply) => {
    if (reply.kind === "bytes") {
      if (!output.destroyed) output.write(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    } else events.emit(reply.kind);
  });
  writer.on("error", fail);
  writer.on("exit", (code) => fail(new Error(`the workbook writer stopped (exit code ${code})`)));
  /** Waits for the writer to say `kind`; throws if it failed or stopped first. */
  const reply = (kind: "written" | "finished") =>
    new Promise<void>((resolve, reject) => {
      const settle = () => {
        events.off(kind, settle);
        events.off("settled", settle);
        if (failure) reject(failure);
        else resolve();
      };
      if (failure) return reject(failure);
      events.on(kind, settle);
      events.on("settled", settle);
    });

  try {
    // The next batch is read from the database while the writer writes the one before.
    let previous = Promise.resolve();
    for await (const batch of batches) {
      const rows = batch.map((row) => columns.map((column) => column.value(row)));
      await previous;
      await roomIn(output);
      // The browser went away: nobody will read the rest (leaving the loop stops the batches too).
      if (output.destroyed) return;
      previous = reply("written");
      // Awaited once the next batch is read: until then, a failure must not count as unhandled.
      previous.catch(() => undefined);
      writer.postMessage({ kind: "rows", rows } satisfies WriterRequest);
    }
    await previous;
    const finished = reply("finished");
    writer.postMessage({ kind: "end" } satisfies WriterRequest);
    await finished;
    output.end();
  } finally {
    writer.removeAllListeners("exit");
    await writer.terminate();
  }
}

/**
 * Lets other requests in between batches, and waits while the reader is behind, so a slow download
 * holds about one batch in memory rather than the whole file. The turn of the event loop matters on
 * the embedded database: its queries run in this thread and answer through promises, so batch after
 * batch would otherwise be read without the event loop ever reading a waiting request.
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
