import { z } from "zod";
import { messages } from "../messages.js";
import { recordId } from "./record-id.js";

/** What the academic year close says; the web app shows them through `academic.messages.<key>`. */
export const academicMessages = {
  yearInvalid: "Choose the academic year to close, as YYYY: one that has ended, begun before this year!",
  nextInvalid: "The next year must be the year after the one being closed!",
  alreadyClosed: "This academic year is already closed for this course.",
  laterYearClosed: "A later academic year is already closed for this course: years are closed in order.",
  closed: "The academic year is closed.",
} as const;

export type AcademicMessageKey = keyof typeof academicMessages;

/** SPEC.md: course 2 is PG. A degree's length is the last year of its fee structure, else its course's usual length. */
export function defaultCourseYears(courseId: number): number {
  return courseId === 2 ? 2 : 3;
}

/** The preview lists at most this many students; the counts cover them all. */
export const ACADEMIC_PREVIEW_STUDENT_LIMIT = 200;

/** Where a student goes when the year closes: "Year 2" for a move, "Completed" after the last year. */
export const COMPLETED_LABEL = "Completed";
export function nextYearLabel(year: number): string {
  return `Year ${year}`;
}

const FIRST_CLOSABLE_YEAR = 2000;

/** The query flag as the original client sends it: true or 1 runs the close, anything else previews. */
const processFlag = z
  .enum(["true", "false", "1", "0"])
  .default("false")
  .transform((value) => value === "true" || value === "1");

/**
 * GET closeAcademicYear (SPEC.md section 7): `year` is the academic year being closed (2026 for
 * 2026-27), one that has ended: it began before this calendar year (2026-27 runs into 2027, and
 * closed during 2026 it would move this year's new intake up to year 2, which cannot be undone);
 * `next` must be the year after it.
 */
export const closeAcademicYearQuerySchema = z
  .object({
    year: z.coerce
      .number({ error: academicMessages.yearInvalid })
      .int(academicMessages.yearInvalid)
      .min(FIRST_CLOSABLE_YEAR, academicMessages.yearInvalid)
      .refine((year) => year < new Date().getFullYear(), academicMessages.yearInvalid),
    next: z.coerce.number({ error: academicMessages.nextInvalid }).int(academicMessages.nextInvalid),
    courseId: recordId(messages.courseRequired),
    process: processFlag,
  })
  .refine((query) => query.next === query.year + 1, { path: ["next"], message: academicMessages.nextInvalid });
export type CloseAcademicYearQuery = z.input<typeof closeAcademicYearQuerySchema>;

/** The closing already recorded for the course and year, if any. */
export const academicYearClosingSchema = z.object({
  movedCount: z.number().int(),
  completedCount: z.number().int(),
  /** When, as an ISO 8601 instant. */
  closedAt: z.string(),
  /** Who closed it (user name); null once their account is gone. */
  closedBy: z.string().nullable(),
});

/** The preview (process false): who moves from which year to which, who completes, and the first students by name. */
export const academicYearPreviewSchema = z.object({
  year: z.number().int(),
  next: z.number().int(),
  courseId: z.number().int(),
  alreadyClosed: z.boolean(),
  closing: academicYearClosingSchema.nullable(),
  moving: z.array(z.object({ yearFrom: z.number().int(), yearTo: z.number().int(), count: z.number().int() })),
  completing: z.number().int(),
  students: z.array(
    z.object({
      admissionNo: z.string(),
      name: z.string(),
      degree: z.string(),
      currentYear: z.number().int(),
      /** "Year N" or "Completed". */
      willBe: z.string(),
    }),
  ),
});
export type AcademicYearPreview = z.infer<typeof academicYearPreviewSchema>;

/** The close (process true): how many students moved up a year, completed, and the fee terms created for them. */
export const academicYearClosedSchema = z.object({
  year: z.number().int(),
  next: z.number().int(),
  courseId: z.number().int(),
  moved: z.number().int(),
  completed: z.number().int(),
  feeTermsCreated: z.number().int(),
});
export type AcademicYearClosed = z.infer<typeof academicYearClosedSchema>;

export const closeAcademicYearAnswerSchema = z.union([academicYearClosedSchema, academicYearPreviewSchema]);
