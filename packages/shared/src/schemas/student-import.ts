import { z } from "zod";
import { messages } from "../messages.js";
import { emailField } from "./auth.js";
import { admissionFields } from "./admission.js";
import { pageQuerySchema, pageSchema } from "./envelope.js";
import { cleanMasterName } from "./masters.js";
import { admissionNoField } from "./students.js";

/**
 * What the student import says, about the file and about a row. The web app shows them through
 * `studentImport.messages.<key>` in its catalogues; a row's reasons may also be the admission form's
 * own messages (name, mobile), which it already translates.
 */
export const studentImportMessages = {
  fileRequired: "Choose an Excel (.xlsx) or CSV file to import.",
  fileUnsupported: "Only Excel (.xlsx) and CSV files can be imported.",
  fileTooLarge: "The file is larger than 2 MB: split it into smaller files.",
  tooManyRows: "A file can hold at most 10,000 students: split it into smaller files.",
  headerMismatch: "The first row must be the template's header (Admission No, Name, E-mail, Mobile, Course, Degree, Current Year, Admission Year): download the template.",
  noRows: "The file has no students under its header row.",
  admissionNoInvalid: "Enter the admission number: up to 40 letters, digits, -, / or .!",
  currentYearInvalid: "The current year must be 1, 2 or 3!",
  admissionYearInvalid: "Enter the admission year as YYYY, not after next year!",
  courseUnknown: "This course does not exist!",
  degreeUnknown: "This degree does not exist in this course!",
  degreeClosed: "This degree is closed!",
  degreeNotYours: "You do not look after this degree!",
  degreeWithoutFees: "This degree has no fee structure yet: add it under Degree before importing!",
  yearBeyondDegree: "This degree does not have that many years!",
  admissionNoRepeated: "This admission number is in the file more than once!",
  emailRepeated: "This e-mail is in the file more than once!",
  emailOfStaff: "This e-mail belongs to a staff account!",
  admissionNoTaken: "This admission number belongs to a student with another e-mail!",
  studentNotYours: "This admission number belongs to a student of a degree you do not look after!",
  studentRecordedOtherwise: "This student is already recorded with another name, degree or admission year: correct the row, or change the student on their page!",
  emailOfAnotherStudent: "This e-mail belongs to a student with another admission number!",
  yearNotReached: "A student admitted in that year cannot be in that year of the course yet!",
  accountDisabled: "This e-mail belongs to a disabled account: enable it under User first!",
  applicationUndecided: "This e-mail belongs to an applicant whose application is not yet decided: decide it first!",
  rowsRejected: "Some rows are not valid: nothing was imported. Correct them and upload the file again.",
  imported: "Students imported",
} as const;

export type StudentImportMessageKey = keyof typeof studentImportMessages;

/** The upload limit of an import file, and how many students one file may hold. */
export const STUDENT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const STUDENT_IMPORT_MAX_ROWS = 10_000;
export const STUDENT_IMPORT_TEMPLATE_NAME = "student-import-template.xlsx";

/**
 * The template's columns, in order. A file's columns are found by header, so their order may differ;
 * the hint in brackets and case are ignored when matching.
 */
export const studentImportColumns = [
  { key: "admissionNo", header: "Admission No" },
  { key: "name", header: "Name" },
  { key: "email", header: "E-mail" },
  { key: "mobile", header: "Mobile" },
  { key: "course", header: "Course (UG/PG)" },
  { key: "degree", header: "Degree (name as in the degree list)" },
  { key: "currentYear", header: "Current Year (1-3)" },
  { key: "admissionYear", header: "Admission Year (YYYY)" },
] as const;

export type StudentImportColumn = (typeof studentImportColumns)[number]["key"];

/** "Current Year (1-3)", "current year" and "CurrentYear" all name the same column. */
export function importHeaderKey(header: string): string {
  return header
    .replace(/\(.*?\)/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const latestAdmissionYear = () => new Date().getFullYear() + 1;

/**
 * One row of the file, every cell read as text. Name and mobile follow the admission form's rules;
 * course and degree are names (or the course's id), found by the server among the masters.
 */
export const studentImportRowSchema = z.object({
  admissionNo: admissionNoField(studentImportMessages.admissionNoInvalid),
  name: admissionFields.name,
  email: emailField(messages.emailInvalid),
  mobile: admissionFields.whatsappNo,
  course: z
    .string()
    .transform(cleanMasterName)
    .pipe(z.string().min(1, messages.courseRequired)),
  degree: z
    .string()
    .transform(cleanMasterName)
    .pipe(z.string().min(1, messages.degreeRequired)),
  currentYear: z
    .string()
    .trim()
    .regex(/^[1-3]$/, studentImportMessages.currentYearInvalid)
    .transform(Number),
  admissionYear: z
    .string()
    .trim()
    .regex(/^(19|20)\d{2}$/, studentImportMessages.admissionYearInvalid)
    .transform(Number)
    .refine((year) => year <= latestAdmissionYear(), studentImportMessages.admissionYearInvalid),
});
export type StudentImportRow = z.output<typeof studentImportRowSchema>;

/**
 * Whether a student admitted in `admissionYear` can be in `currentYear` of the course by now: year 2
 * of a course begun in 2026 comes in 2027. The year-end close moves students by when they were
 * admitted, and would never move one recorded as further on than the calendar allows.
 */
export function hasReachedYear(admissionYear: number, currentYear: number): boolean {
  return currentYear === 1 || admissionYear + currentYear - 1 <= new Date().getFullYear();
}

/** A row that cannot be imported: its sheet row (the header is row 1), its admission number as typed, and why. */
export const rejectedImportRowSchema = z.object({
  row: z.number().int(),
  admissionNo: z.string(),
  reasons: z.array(z.string()),
});
export type RejectedImportRow = z.infer<typeof rejectedImportRowSchema>;

/**
 * POST studentImport/preview, and the data of a refused POST studentImport: how many rows the file
 * holds, how many would be imported (`valid`), how many are already students and would be left as
 * they are (`duplicates`), and every rejected row with its reasons.
 */
export const studentImportPreviewSchema = z.object({
  fileName: z.string(),
  totalRows: z.number().int(),
  valid: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.array(rejectedImportRowSchema),
});
export type StudentImportPreview = z.infer<typeof studentImportPreviewSchema>;

/** One import as the log keeps it; a refused attempt has no imported rows and its rejected ones. */
export const importLogEntrySchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** The staff member's user name; null once their account is gone. */
  actorName: z.string().nullable(),
  totalRows: z.number().int(),
  importedRows: z.number().int(),
  skippedRows: z.number().int(),
  rejectedRows: z.number().int(),
  rejected: z.array(rejectedImportRowSchema),
  /** When, as an ISO 8601 instant. */
  createdAt: z.string(),
});
export type ImportLogEntry = z.infer<typeof importLogEntrySchema>;

/** GET importLog: newest first. */
export const importLogQuerySchema = pageQuerySchema;
export type ImportLogQuery = z.input<typeof importLogQuerySchema>;
export const importLogPageSchema = pageSchema(importLogEntrySchema);
export type ImportLogPage = z.infer<typeof importLogPageSchema>;
