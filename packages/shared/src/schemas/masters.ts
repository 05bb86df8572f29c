import { z } from "zod";
import { messages } from "../messages.js";
import { masterMessages } from "../staff-messages.js";
import { recordId } from "./record-id.js";

export const MASTER_NAME_MAX_LENGTH = 100;
export const APPLICATION_FEE_MAX_RUPEES = 100_000;
/** A fee structure has a row for each year (1-3) and term (1-2) the degree charges. */
export const feeStructureYears = [1, 2, 3] as const;
export const feeStructureTerms = [1, 2] as const;

/** Names are stored trimmed, with single spaces, upper-cased (as SPEC.md keeps free text), so uniqueness ignores case. */
export function cleanMasterName(value: string): string {
  return value.trim().replace(/\s+/g, " ").toUpperCase();
}

function masterName(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .transform(cleanMasterName)
    .pipe(z.string().min(1, requiredMessage).max(MASTER_NAME_MAX_LENGTH, masterMessages.nameTooLong));
}

const activeField = z.boolean({ error: masterMessages.activeRequired });

export const courseFields = {
  name: masterName(masterMessages.courseNameRequired),
  applicationFee: z
    .number({ error: masterMessages.applicationFeeInvalid })
    .int(masterMessages.applicationFeeInvalid)
    .min(0, masterMessages.applicationFeeInvalid)
    .max(APPLICATION_FEE_MAX_RUPEES, masterMessages.applicationFeeInvalid),
};

/** POST courses. */
export const courseCreateSchema = z.object(courseFields);
/** PUT courses/:id. */
export const courseUpdateSchema = z.object({ ...courseFields, isActive: activeField });
export type CourseCreate = z.input<typeof courseCreateSchema>;
export type CourseUpdate = z.input<typeof courseUpdateSchema>;

export const degreeFields = {
  name: masterName(masterMessages.degreeNameRequired),
  courseId: recordId(messages.courseRequired, { coerce: false }),
};

/** POST degrees. */
export const degreeCreateSchema = z.object(degreeFields);
/** PUT degrees/:id. */
export const degreeUpdateSchema = z.object({ ...degreeFields, isActive: activeField });
export type DegreeCreate = z.input<typeof degreeCreateSchema>;
export type DegreeUpdate = z.input<typeof degreeUpdateSchema>;

/** GET courses and degrees: staff may ask for the inactive ones too; applicants always get the active ones. */
export const mastersListQuerySchema = z.object({ includeInactive: z.stringbool().optional() });

export const masterIdParamsSchema = z.object({ id: recordId() });

/**
 * The active list keeps the shape the admission form has always read; `isActive` comes with the staff
 * view (includeInactive=true) and with the answers to writes.
 */
const activeFlag = { isActive: z.boolean().optional() };

export const courseSchema = z.object({ id: z.number().int(), name: z.string(), applicationFee: z.number().int(), ...activeFlag });
export type Course = z.infer<typeof courseSchema>;

export const degreeSchema = z.object({ id: z.number().int(), name: z.string(), courseId: z.number().int(), ...activeFlag });
export type Degree = z.infer<typeof degreeSchema>;

/**
 * Rupees with at most 2 decimals, as a number or a decimal string, to whole paise. The digits are
 * read as text, never multiplied as a float, so 12500.5 is exactly 1250050 paise; a number that
 * prints with more decimals (0.1 + 0.2) is refused rather than rounded. Seven digits of rupees keep
 * the paise (at most 999999999) inside the integer column.
 */
export function rupeesToPaise(value: unknown): number | undefined {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : typeof value === "string" ? value.trim() : "";
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Paise back to rupees for the answer: 1250050 is 12500.5 (an exact decimal, so no float error either way). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

export const feeCodeField = z
  .string({ error: masterMessages.feeCodeInvalid })
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]{0,29}$/, masterMessages.feeCodeInvalid));

/** Rupees as a number or a decimal string ("12500.50"), answered as whole paise. */
export const feeAmountField = z.union([z.number(), z.string()], { error: masterMessages.amountInvalid }).transform((value, context) => {
  const paise = rupeesToPaise(value);
  if (paise === undefined) {
    context.addIssue({ code: "custom", message: masterMessages.amountInvalid });
    return z.NEVER;
  }
  return paise;
});

const feeTermInputSchema = z
  .object({
    year: z.number({ error: masterMessages.yearInvalid }).int(masterMessages.yearInvalid).min(1, masterMessages.yearInvalid).max(3, masterMessages.yearInvalid),
    term: z.number({ error: masterMessages.termInvalid }).int(masterMessages.termInvalid).min(1, masterMessages.termInvalid).max(2, masterMessages.termInvalid),
    amount: feeAmountField,
    feeCode: feeCodeField,
  })
  .transform(({ amount, ...term }) => ({ ...term, amountPaise: amount }));

/** PUT feeStructures/:degreeId: the degree's whole structure, at most one row per year and term. */
export const feeStructureUpdateSchema = z.object({
  terms: z
    .array(feeTermInputSchema)
    .max(feeStructureYears.length * feeStructureTerms.length, masterMessages.termRepeated)
    .superRefine((terms, context) => {
      const seenTerms = new Set<string>();
      const seenCodes = new Set<string>();
      terms.forEach((row, index) => {
        const yearTerm = `${row.year}/${row.term}`;
        if (seenTerms.has(yearTerm)) context.addIssue({ code: "custom", path: [index, "term"], message: masterMessages.termRepeated });
        if (seenCodes.has(row.feeCode)) context.addIssue({ code: "custom", path: [index, "feeCode"], message: masterMessages.feeCodeRepeated });
        seenTerms.add(yearTerm);
        seenCodes.add(row.feeCode);
      });
    }),
});
export type FeeStructureUpdate = z.input<typeof feeStructureUpdateSchema>;
export type FeeStructureRows = z.output<typeof feeStructureUpdateSchema>["terms"];

export const feeStructureQuerySchema = z.object({
  degreeId: recordId(messages.degreeRequired),
});
export const feeStructureParamsSchema = z.object({ degreeId: recordId() });

export const feeTermSchema = z.object({ year: z.number().int(), term: z.number().int(), amount: z.number(), feeCode: z.string() });
export type FeeTerm = z.infer<typeof feeTermSchema>;
