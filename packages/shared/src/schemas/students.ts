import { z } from "zod";
import { ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN } from "../constants/roles.js";
import { admissionFields } from "./admission.js";
import { emailField } from "./auth.js";
import { pageQuerySchema, pageSchema } from "./envelope.js";
import { feeStatusTermSchema } from "./fees.js";
import { recordId } from "./record-id.js";

/**
 * What the students screens and calls say. The web app shows them through `students.messages.<key>`
 * in its catalogues.
 */
export const studentMessages = {
  idRequired: "Students are made by approving an application or by the student import: give the id of the student to change!",
  yearInvalid: "The current year must be 1, 2 or 3!",
  statusInvalid: "The status must be Active, Cancelled or Completed!",
  fixedFields: "The e-mail, admission number, course and degree of a student cannot be changed here!",
  applicationNotApproved: "This student's application is no longer approved: approve it again to readmit the student!",
  emailInvalid: "Enter the student's e-mail, such as name@example.com!",
  emailInUse: "The student has signed in with this e-mail already: it can no longer be changed here!",
  emailTaken: "Another account already uses this e-mail!",
  admissionNoInvalid: "Enter the admission number: up to 40 letters, digits, -, / or .!",
  admissionNoTaken: "Another student already has this admission number!",
  degreeInvalid: "Please choose an open degree that you look after!",
  degreeWithoutFees: "This degree has no fee structure for the student's year yet: add it under Degree first!",
  degreeFixedOnceFeesBegan: "A fee of this student has been paid or begun: the degree can no longer be changed here!",
  outdated: "Someone else has changed this student since you opened it: look at the record again before saving!",
  updated: "Student updated",
} as const;

export type StudentMessageKey = keyof typeof studentMessages;

/** A student record's states: Active while admitted, Cancelled once withdrawn, Completed after the last year. */
export const studentStatuses = ["Active", "Cancelled", "Completed"] as const;
export type StudentStatus = (typeof studentStatuses)[number];

/** The years of a course a student can be in (SPEC.md: fee years 1 to 3). */
export const studentYears = [1, 2, 3] as const;

/** Due: at least one fee term is unpaid; Paid: none is (a student without terms owes nothing). */
export const studentFeeStatuses = ["Due", "Paid"] as const;

export const studentSortFields = ["admissionNo", "name", "currentYear", "admissionYear", "amountDue"] as const;

/** Who may change a student's record (a department admin only within their degrees; the server checks). */
export const studentEditorRoles: readonly string[] = [ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN];

export function canEditStudents(role: string | null | undefined): boolean {
  return !!role && studentEditorRoles.includes(role);
}

/** Optional, and absent when null or "": the original client sends empty values rather than leaving the key out. */
function absentWhenEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null || value === "" ? undefined : value), schema.optional());
}

const yearField = z.coerce
  .number({ error: studentMessages.yearInvalid })
  .int(studentMessages.yearInvalid)
  .min(1, studentMessages.yearInvalid)
  .max(3, studentMessages.yearInvalid);

const statusField = z.enum(studentStatuses, { error: studentMessages.statusInvalid });

/**
 * POST studentsFilter's body, and GET students' query (SPEC.md's client asks pageNo=0&pageSize=10000
 * with nothing else): the page, the search and filters, and the order.
 */
export const studentFilterSchema = pageQuerySchema.extend({
  /** A name or an admission number from its start, an e-mail, or a 10-digit mobile. */
  search: absentWhenEmpty(z.string().trim().max(100)),
  courseId: absentWhenEmpty(recordId()),
  degreeId: absentWhenEmpty(recordId()),
  currentYear: absentWhenEmpty(yearField),
  status: absentWhenEmpty(statusField),
  feeStatus: absentWhenEmpty(z.enum(studentFeeStatuses)),
  sort: absentWhenEmpty(z.enum(studentSortFields)).transform((value) => value ?? "admissionNo"),
  order: absentWhenEmpty(z.enum(["asc", "desc"])).transform((value) => value ?? "asc"),
});
export type StudentFilter = z.input<typeof studentFilterSchema>;

export const studentListItemSchema = z.object({
  id: z.number().int(),
  admissionNo: z.string(),
  name: z.string(),
  /** The account's e-mail, which names the student in the fee screens (/feesHistory/{userName}). */
  userName: z.string(),
  mobile: z.string(),
  course: z.string(),
  courseId: z.number().int(),
  degree: z.string(),
  degreeId: z.number().int(),
  currentYear: z.number().int(),
  admissionYear: z.number().int(),
  status: z.string(),
  /** How many fee terms are owed now (Due, of a year reached, the admission not withdrawn), and what they add up to in rupees. */
  feesDue: z.number().int(),
  amountDue: z.number(),
});
export type StudentListItem = z.infer<typeof studentListItemSchema>;

export const studentListSchema = pageSchema(studentListItemSchema);
export type StudentList = z.infer<typeof studentListSchema>;

/** One student as the student's page and an edit answer show it. */
export const studentSchema = studentListItemSchema.extend({
  /** The e-mail of the application (the student's own mail), which may differ from the account's. */
  email: z.string(),
  createdAt: z.string(),
  /** When the record last changed (ISO 8601), which an edit gives back to say what it was made over. */
  updatedAt: z.string(),
});
export type Student = z.infer<typeof studentSchema>;

export const studentPaymentSchema = z.object({
  receiptNo: z.string(),
  paidAt: z.string(),
  amount: z.number(),
  mode: z.string(),
  reference: z.string().nullable(),
  academicYear: z.number().int(),
  termNo: z.number().int(),
  /** A receipt staff cancelled: when (ISO 8601), by whom (their user name) and why; null for a payment that stands. */
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type StudentPayment = z.infer<typeof studentPaymentSchema>;

/** GET students/{id}: the record, the application form it came from (null for imported students), its fees. */
export const studentDetailSchema = z.object({
  student: studentSchema,
  application: z.record(z.string(), z.unknown()).nullable(),
  feeTerms: z.array(feeStatusTermSchema),
  payments: z.array(studentPaymentSchema),
  /** An imported student nobody has signed in as yet: the e-mail, their sign-in, may be corrected. */
  emailCorrectable: z.boolean(),
  /** An imported student: the admission number, typed in the file, may be corrected. */
  admissionNoCorrectable: z.boolean(),
  /** An imported student none of whose fees was paid or begun: the degree, typed in the file, may be corrected. */
  degreeCorrectable: z.boolean(),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

export const studentIdParamsSchema = z.object({ id: recordId() });

/** An admission number as the college's register writes it: upper-cased, up to 40 letters, digits, -, / or . */
export function admissionNoField(message: string) {
  return z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9/.-]{0,39}$/, message));
}

/** Each field of the edit with its own rule, so the dialog checks a field as the server does. */
export const studentFields = {
  /** The name as the admission form keeps it: letters and spaces, upper-cased. */
  name: admissionFields.name,
  /** The student's own mobile, as the admission form's student number. */
  mobile: admissionFields.whatsappNo,
  currentYear: yearField,
  status: statusField,
  /** Only an imported student's, typed wrong in the file, while nobody has signed in with it (the server checks). */
  email: emailField(studentMessages.emailInvalid),
  /** Only an imported student's, typed wrong in the file (the server checks). */
  admissionNo: admissionNoField(studentMessages.admissionNoInvalid),
};

/**
 * POST students: changes a student's name, mobile, year and status, an imported student's admission
 * number, their e-mail while nobody has signed in with it, and their degree while none of their fees
 * was paid or begun. Students are made by approval and by import, so the id is required. A client may
 * send the whole record back: an admitted applicant's admission number, course and degree are
 * accepted only unchanged, the course otherwise only as the old or the new degree's, and the e-mail
 * and user name unchanged or as the corrected e-mail (the server compares them with the record, and
 * checks what is corrected). `updatedAt`, the record's as the edit was opened, makes the save refused
 * (409, nothing changed) when someone has changed the record since: without it, the edit's values,
 * older ones included, would replace a colleague's change made meanwhile.
 */
export const studentUpdateSchema = z.object(
  {
    id: recordId(studentMessages.idRequired, { coerce: false }),
    ...studentFields,
    email: absentWhenEmpty(z.string()),
    userName: absentWhenEmpty(z.string()),
    admissionNo: absentWhenEmpty(z.string()),
    courseId: absentWhenEmpty(z.coerce.number()),
    degreeId: absentWhenEmpty(z.coerce.number()),
    updatedAt: absentWhenEmpty(z.iso.datetime({ offset: true, error: studentMessages.outdated })),
  },
  { error: studentMessages.idRequired },
);
export type StudentUpdateInput = z.input<typeof studentUpdateSchema>;
export type StudentUpdate = z.output<typeof studentUpdateSchema>;
