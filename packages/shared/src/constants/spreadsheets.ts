/** The export's content type and the header that says how many applications it holds, for a progress bar. */
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const TOTAL_COUNT_HEADER = "x-total-count";
