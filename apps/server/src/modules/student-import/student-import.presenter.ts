import type { ImportLogEntry, ImportLogPage, RejectedImportRow } from "@admissions/shared";
import type { ImportLogRow } from "./student-import.repository.js";

/** A log row in the wire shape: `createdAt` as an ISO instant, the actor by name only. */
export function presentImportLog(row: ImportLogRow): ImportLogEntry {
  return {
    id: row.id,
    fileName: row.fileName,
    actorName: row.actorName,
    totalRows: row.totalRows,
    importedRows: row.importedRows,
    skippedRows: row.skippedRows,
    rejectedRows: row.rejectedRows,
    rejected: row.rejected as RejectedImportRow[],
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentImportLogPage(page: { rows: ImportLogRow[]; total: number }, query: { pageNo: number; pageSize: number }): ImportLogPage {
  return {
    content: page.rows.map(presentImportLog),
    totalElements: page.total,
    totalPages: Math.ceil(page.total / query.pageSize),
    number: query.pageNo,
    size: query.pageSize,
  };
}
