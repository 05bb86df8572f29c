import {
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_MAX_ROWS,
  TOTAL_COUNT_HEADER,
  XLSX_CONTENT_TYPE,
  studentImportColumns,
  type Envelope,
  type ImportLogEntry,
  type StudentImportPreview,
} from "@admissions/shared";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describeErrors, measureDuring } from "./load.js";
import { loadPlan, rotatingCookies, type RunContext } from "./phases.js";
import { peakMemoryDuring, residentBytes } from "./processes.js";
import { measurement, show, within, type Measurement } from "./report.js";
import { studentsToImport } from "./seed.js";

/** The longest a download or an upload is waited for, and so the longest the status load beside the export runs. */
const TIME_LIMIT_SECONDS = 300;

interface Download {
  milliseconds: number;
  file: Buffer;
  contentType: string;
  /** The rows the server said the file holds, before its first byte. */
  announcedRows: number;
}

/** The whole export as the admin downloads it: no filter, so every application. */
async function downloadExport(context: RunContext): Promise<Download> {
  const started = performance.now();
  const response = await fetch(`${context.server.url}/booking/exportApplication`, {
    headers: { cookie: context.adminCookie },
    signal: AbortSignal.timeout(TIME_LIMIT_SECONDS * 1000),
  });
  if (!response.ok) throw new Error(`the export answered ${response.status}: ${await response.text()}`);
  const file = Buffer.from(await response.arrayBuffer());
  return {
    milliseconds: performance.now() - started,
    file,
    contentType: response.headers.get("content-type") ?? "",
    announcedRows: Number(response.headers.get(TOTAL_COUNT_HEADER)),
  };
}

/**
 * The rows of the sheet under its header. An .xlsx is a zip: the sheet's XML is read out of it and
 * its row elements counted, which takes a fraction of the time a spreadsheet reader would.
 */
async function sheetRowsOf(file: Buffer): Promise<number> {
  const zip = await JSZip.loadAsync(file);
  const sheet = zip.file("xl/worksheets/sheet1.xml");
  if (!sheet) throw new Error("the export holds no worksheet");
  const xml = await sheet.async("nodebuffer");
  let rows = 0;
  for (let at = xml.indexOf("<row "); at !== -1; at = xml.indexOf("<row ", at + 1)) rows += 1;
  return rows - 1;
}

/** Checks the download is the workbook the server announced, every application in it; throws if not. */
async function checkExport(download: Download, applications: number): Promise<number> {
  if (!download.contentType.startsWith(XLSX_CONTENT_TYPE)) throw new Error(`the export came as ${download.contentType}, not as an .xlsx`);
  if (download.file.subarray(0, 2).toString("latin1") !== "PK") throw new Error("the export is not a zip, so not an .xlsx");
  const rows = await sheetRowsOf(download.file);
  if (download.announcedRows !== applications || rows !== applications) {
    throw new Error(`the export announced ${download.announcedRows} rows and holds ${rows}, of ${applications} applications`);
  }
  return rows;
}

/**
 * The export of every application to Excel, timed to its last byte, with the server's memory growth
 * over its value just before, while applicants keep reading their status (10 connections).
 */
export async function exportPhase(context: RunContext): Promise<Measurement[]> {
  const probe = loadPlan(context, "/booking/applicationStatus", 10, { seconds: TIME_LIMIT_SECONDS, setupRequest: rotatingCookies(context.applicantCookies) });
  const [status, { download, memoryBeforeBytes, memoryPeakBytes }] = await measureDuring(probe, async () => {
    const before = await residentBytes(context.server.pid);
    const [downloaded, peak] = await peakMemoryDuring(context.server.pid, () => downloadExport(context));
    return { download: downloaded, memoryBeforeBytes: before, memoryPeakBytes: peak };
  });
  const rows = await checkExport(download, context.seeded.applications);
  const growth = Math.max(0, memoryPeakBytes - memoryBeforeBytes);
  return [
    measurement(
      {
        id: "export",
        what: `export of ${rows.toLocaleString("en")} applications to Excel`,
        target: "<= 10 s, memory growth <= 256 MiB, status p99 <= 50 ms meanwhile",
        measured:
          `${show.seconds(download.milliseconds)} for ${show.mib(download.file.length)}, memory +${show.mib(growth)} ` +
          `(${show.mib(memoryBeforeBytes)} before), status p99 ${show.ms(status.p99Ms)}, ${describeErrors(status)}`,
        values: {
          milliseconds: download.milliseconds,
          fileBytes: download.file.length,
          rows,
          memoryBeforeBytes,
          memoryPeakBytes,
          memoryGrowthBytes: growth,
          statusRequests: status.requests,
          statusRequestsPerSecond: status.requestsPerSecond,
          statusErrors: status.errors,
          ...(status.p99Ms === null ? {} : { statusP99Ms: status.p99Ms }),
        },
      },
      download.milliseconds <= 10_000 && growth <= 256 * 1024 * 1024 && within(status.p99Ms, 50) && status.errors === 0,
    ),
  ];
}

/** The degrees the admin may import into, as the import template lists them (its second sheet). */
async function templateDegrees(context: RunContext): Promise<{ course: string; name: string }[]> {
  const response = await fetch(`${context.server.url}/booking/studentImport/template`, { headers: { cookie: context.adminCookie } });
  if (!response.ok) throw new Error(`the import template answered ${response.status}: ${await response.text()}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const degrees: { course: string; name: string }[] = [];
  workbook.getWorksheet("Degrees")!.eachRow((row, number) => {
    if (number > 1) degrees.push({ course: row.getCell(1).text, name: row.getCell(2).text });
  });
  return degrees;
}

/** The students as an .xlsx laid out as the template is; every cell text, as an office's file would hold them. */
async function importWorkbook(students: ReturnType<typeof studentsToImport>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Students");
  sheet.addRow(studentImportColumns.map((column) => column.header));
  for (const student of students) sheet.addRow(studentImportColumns.map((column) => student[column.key]));
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  if (file.length > STUDENT_IMPORT_MAX_BYTES) throw new Error(`the import file is ${show.kib(file.length)}, above the upload limit`);
  return file;
}

/** Uploads the file as the import screen does (multipart, one file) and answers the envelope's data. */
async function uploadStudents<T>(context: RunContext, path: string, file: Buffer): Promise<T> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)], { type: XLSX_CONTENT_TYPE }), "students.xlsx");
  const response = await fetch(context.server.url + path, {
    method: "POST",
    headers: { cookie: context.adminCookie, accept: "application/json" },
    body: form,
    signal: AbortSignal.timeout(TIME_LIMIT_SECONDS * 1000),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${answer.message} ${JSON.stringify(answer.data).slice(0, 500)}`);
  return answer.data;
}

/** Runs an upload and answers how long it took with what it answered. */
async function timed<T>(run: () => Promise<T>): Promise<{ milliseconds: number; answer: T }> {
  const started = performance.now();
  const answer = await run();
  return { milliseconds: performance.now() - started, answer };
}

/**
 * The import of the most students one file may hold, as a staff member waits for it: the preview
 * that checks every row, then the import that checks them again and writes the students, their
 * accounts and their fee terms.
 */
export async function importPhase(context: RunContext): Promise<Measurement[]> {
  const file = await importWorkbook(studentsToImport(await templateDegrees(context), STUDENT_IMPORT_MAX_ROWS));
  const preview = await timed(() => uploadStudents<StudentImportPreview>(context, "/booking/studentImport/preview", file));
  if (preview.answer.valid !== STUDENT_IMPORT_MAX_ROWS) throw new Error(`the preview found ${preview.answer.valid} valid rows: ${JSON.stringify(preview.answer.rejected.slice(0, 3))}`);
  const imported = await timed(() => uploadStudents<ImportLogEntry>(context, "/booking/studentImport", file));
  if (imported.answer.importedRows !== STUDENT_IMPORT_MAX_ROWS) throw new Error(`the import wrote ${imported.answer.importedRows} students, not ${STUDENT_IMPORT_MAX_ROWS}`);
  const total = preview.milliseconds + imported.milliseconds;
  return [
    measurement(
      {
        id: "import",
        what: `import of ${STUDENT_IMPORT_MAX_ROWS.toLocaleString("en")} students from an .xlsx (preview, then import)`,
        target: "<= 5 s including validation",
        measured: `${show.seconds(total)} (preview ${show.seconds(preview.milliseconds)}, import ${show.seconds(imported.milliseconds)}), ${imported.answer.importedRows.toLocaleString("en")} imported, file ${show.kib(file.length)}`,
        values: { milliseconds: total, previewMilliseconds: preview.milliseconds, importMilliseconds: imported.milliseconds, importedRows: imported.answer.importedRows, fileBytes: file.length },
      },
      total <= 5_000,
    ),
  ];
}
