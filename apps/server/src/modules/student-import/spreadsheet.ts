import { hash } from "node:crypto";
import { Readable } from "node:stream";
import {
  STUDENT_IMPORT_MAX_ROWS,
  importHeaderKey,
  studentImportColumns,
  studentImportMessages,
  type StudentImportColumn,
} from "@admissions/shared";
import type ExcelJS from "exceljs";
import JSZip from "jszip";
import { LRUCache } from "lru-cache";
import { AppError, BadRequestError } from "../../errors.js";
import { fileTypeOf } from "../../uploaded-file.js";
import { loadExcelJs } from "../reports/workbook.js";

/** A row of the file under the header: its number in the sheet (the header's is 1) and its cells as text. */
export interface SheetRow {
  readonly row: number;
  readonly cells: Readonly<Record<StudentImportColumn, string>>;
}

interface RawRow {
  number: number;
  texts: string[];
}

/** A CSV is text: valid UTF-8 (what Excel's "CSV UTF-8" writes) with no NUL byte. */
function isText(content: Buffer): boolean {
  if (content.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

/** Judged by the bytes, never by the name: an .xlsx is a zip holding a workbook; anything else must be text. */
async function formatOf(content: Buffer): Promise<"xlsx" | "csv"> {
  const detected = await fileTypeOf(content);
  if (detected?.ext === "xlsx") return "xlsx";
  if (!detected && isText(content)) return "csv";
  throw new BadRequestError(studentImportMessages.fileUnsupported);
}

function textsOf(row: ExcelJS.Row): string[] {
  return Array.from({ length: row.cellCount }, (_unused, index) => row.getCell(index + 1).text.trim());
}

/** The rows that hold something, with their numbers in the sheet. */
function rowsOf(sheet: ExcelJS.Worksheet): RawRow[] {
  const rows: RawRow[] = [];
  sheet.eachRow((row, number) => rows.push({ number, texts: textsOf(row) }));
  return rows;
}

/**
 * What the files of an .xlsx may unzip to in all: five times what the template takes with 10,000
 * rows (4.4 MB), so a real file always fits and a zip bomb of 2 MB cannot make the server inflate
 * gigabytes.
 */
export const XLSX_MAX_UNZIPPED_BYTES = 24 * 1024 * 1024;

/**
 * Whether a zip's files unzip to more than `limit` bytes, counted as they are inflated, since a zip's
 * headers may lie about their sizes. Inflating stops at the limit: JSZip inflates 16 KiB of the zip
 * at a time, and only while the stream is read.
 */
async function unzipsToMoreThan(zip: JSZip, limit: number): Promise<boolean> {
  let total = 0;
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    // JSZip's stream is of the old kind (readable-stream 2); wrapping it gives it async iteration.
    for await (const chunk of new Readable().wrap(file.nodeStream("nodebuffer")) as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) return true;
    }
  }
  return false;
}

/**
 * The first worksheet. The zip is read through its central directory (JSZip, which ExcelJS's load
 * uses too), after its size is checked. ExcelJS's streaming reader is not used: it reads the zip's
 * entries in file order with unzipper, which now and then ends early, about one read in 300 of the
 * same bytes, and the file is then refused as unreadable (ARCHITECTURE.md, "Student import").
 */
async function xlsxRows(content: Buffer): Promise<RawRow[]> {
  if (await unzipsToMoreThan(await JSZip.loadAsync(content), XLSX_MAX_UNZIPPED_BYTES)) throw new BadRequestError(studentImportMessages.tooManyRows);
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  // Typed as an ArrayBuffer; ExcelJS hands it to JSZip, which reads a Node Buffer as well.
  await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  return sheet ? rowsOf(sheet) : [];
}

/** Excel writes a CSV with the separator of the computer's region: a comma, or a semicolon in much of Europe. */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.indexOf("\n") === -1 ? undefined : text.indexOf("\n"));
  return [",", ";", "\t"].reduce((best, candidate) => (firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best));
}

async function csvRows(content: Buffer): Promise<RawRow[]> {
  const text = content.toString("utf8").replace(/^\uFEFF/, "");
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  // Every cell stays text: ExcelJS would otherwise turn an admission number like 0012 into 12.
  const sheet = await workbook.csv.read(Readable.from([text]), { map: (value: string) => value, parserOptions: { delimiter: separatorOf(text) } });
  return rowsOf(sheet);
}

/** Where each of the template's columns is in this file, found by its header. */
function columnsOf(header: string[]): Map<StudentImportColumn, number> {
  const positions = new Map(header.map((text, index) => [importHeaderKey(text), index] as const));
  const columns = new Map<StudentImportColumn, number>();
  for (const column of studentImportColumns) {
    const position = positions.get(importHeaderKey(column.header));
    if (position === undefined) throw new BadRequestError(studentImportMessages.headerMismatch);
    columns.set(column.key, position);
  }
  return columns;
}

function cellsOf(texts: string[], columns: Map<StudentImportColumn, number>): SheetRow["cells"] {
  return Object.fromEntries(studentImportColumns.map(({ key }) => [key, texts[columns.get(key)!] ?? ""])) as SheetRow["cells"];
}

/**
 * The students of an .xlsx or CSV file: the first non-blank row is the header, blank rows are
 * skipped, and a file with no rows, a header that is not the template's or too many rows is refused.
 * Read afresh each time; `readImportFile` keeps what it read.
 */
export async function readImportFileAfresh(content: Buffer): Promise<readonly SheetRow[]> {
  const format = await formatOf(content);
  const rows: SheetRow[] = [];
  let columns: Map<StudentImportColumn, number> | undefined;
  try {
    for (const raw of format === "xlsx" ? await xlsxRows(content) : await csvRows(content)) {
      if (raw.texts.every((text) => text === "")) continue;
      if (!columns) {
        columns = columnsOf(raw.texts.map((text) => text.replace(/^\uFEFF/, "")));
        continue;
      }
      if (rows.length === STUDENT_IMPORT_MAX_ROWS) throw new BadRequestError(studentImportMessages.tooManyRows);
      rows.push({ row: raw.number, cells: cellsOf(raw.texts, columns) });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A damaged zip or a CSV with an unclosed quote: the file is not something we can read.
    throw new BadRequestError(studentImportMessages.fileUnsupported);
  }
  if (!columns) throw new BadRequestError(studentImportMessages.headerMismatch);
  if (rows.length === 0) throw new BadRequestError(studentImportMessages.noRows);
  return rows;
}

/**
 * The files read in the last minutes, by their SHA-256. The import screen sends the same file twice,
 * for the preview and then for the import, and reading 10,000 rows of an .xlsx takes ExcelJS about a
 * second of the event loop (docs/PERFORMANCE.md, forty-fifth round). The rows are the same for the
 * same bytes whoever sends them; a refused file is not kept, and is read and refused again.
 */
const recentlyRead = new LRUCache<string, readonly SheetRow[]>({ max: 4, ttl: 15 * 60_000, ttlAutopurge: true });

/** `readImportFileAfresh`, answered from the files read lately when these bytes are among them. */
export async function readImportFile(content: Buffer): Promise<readonly SheetRow[]> {
  const digest = hash("sha256", content);
  const known = recentlyRead.get(digest);
  if (known) return known;
  const rows = await readImportFileAfresh(content);
  recentlyRead.set(digest, rows);
  return rows;
}

export interface TemplateDegree {
  course: string;
  name: string;
}

const columnWidths: Record<StudentImportColumn, number> = {
  admissionNo: 20,
  name: 28,
  email: 30,
  mobile: 14,
  course: 16,
  degree: 36,
  currentYear: 18,
  admissionYear: 22,
};

/**
 * The template: the Students sheet with its header row alone, a second sheet listing the degrees the
 * staff member may import into, written as the file must name them, and a third with one filled row
 * to copy from. The example is kept off the Students sheet: typed under, it was imported as a real
 * student. Admission numbers and mobiles are text cells, so Excel keeps their leading zeros.
 */
export async function buildTemplate(degreeList: readonly TemplateDegree[]): Promise<Buffer> {
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  const addStudentSheet = (name: string) => {
    const sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = studentImportColumns.map((column) => ({ header: column.header, key: column.key, width: columnWidths[column.key] }));
    sheet.getRow(1).font = { bold: true };
    for (const key of ["admissionNo", "mobile"] as const) sheet.getColumn(key).numFmt = "@";
    return sheet;
  };
  addStudentSheet("Students");

  const list = workbook.addWorksheet("Degrees", { views: [{ state: "frozen", ySplit: 1 }] });
  list.columns = [
    { header: "Course", key: "course", width: 12 },
    { header: "Degree", key: "name", width: 40 },
  ];
  list.getRow(1).font = { bold: true };
  list.addRows([...degreeList]);

  const example = degreeList[0] ?? { course: "UG", name: "B.SC. COMPUTER SCIENCE" };
  const lastYear = new Date().getFullYear() - 1;
  addStudentSheet("Example").addRow({
    admissionNo: `ADM-${example.course}-${lastYear}-0001`,
    name: "PRIYA S",
    email: "priya.s@example.in",
    mobile: "9876543210",
    course: example.course,
    degree: example.name,
    currentYear: 2,
    admissionYear: lastYear,
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
