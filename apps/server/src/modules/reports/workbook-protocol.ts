/** What the thread that replies and the thread that writes a workbook (workbook-writer.worker.ts) say to each other. */

export type CellValue = string | number | Date | null;

/** The sheet's name and its columns, given to the writing thread when it starts. */
export interface WorkbookLayout {
  sheetName: string;
  columns: { header: string; width: number; numFmt?: string }[];
}

/** Rows to add, each a list of cell values in column order; then "end" once every row was sent. */
export type WriterRequest = { kind: "rows"; rows: CellValue[][] } | { kind: "end" };

/** The file's next bytes; "written" after each batch of rows; "finished" after the last byte. */
export type WriterReply = { kind: "bytes"; bytes: Uint8Array } | { kind: "written" } | { kind: "finished" };
