import {
  hasReachedYear,
  studentImportMessages,
  studentFields,
  studentMessages,
  type FieldError,
  type Student,
  type StudentDetail,
  type studentFilterSchema,
  type StudentList,
  type StudentUpdate,
} from "@admissions/shared";
import type { z } from "zod";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import { violatesConstraint, type Database } from "../../db/client.js";
import { STUDENT_ADMISSION_NO_KEY } from "../../db/schema/index.js";
import { AppError, NotFoundError, ValidationError } from "../../errors.js";
import { copyFeeStructureToStudents } from "../academic/academic.repository.js";
import { recordActivity } from "../activity/activity.repository.js";
import { findShownApplication, getApplicationById } from "../admissions/admissions.repository.js";
import { findFeeStructureOf, updateStudent } from "../decisions/decisions.repository.js";
import { getActiveDegree, getCourse } from "../masters/masters.repository.js";
import { assertDegreeInScope, degreeScopeOf, isDegreeInScope, type DegreeScope } from "../users/degree-scope.js";
import { findUserByName, updateUserName } from "../users/users.repository.js";
import { findTermsWithPayments } from "../fees/fees.repository.js";
import { presentFeeTerm } from "../fees/fees.presenter.js";
import { presentPayment, presentStudent, presentStudentListItem } from "./students.presenter.js";
import {
  findPaymentsOf,
  findStudentsPage,
  getStudent,
  hasEverSignedIn,
  hasFeeHistory,
  isAdmissionNoTaken,
  matchAccountRoleToStatus,
  remakeFeeTerms,
  type StudentRecord,
} from "./students.repository.js";

type StudentFilter = z.output<typeof studentFilterSchema>;

/** A page of the students the actor may see, in the paged shape. */
export async function listStudents(db: Database, actor: Actor, filter: StudentFilter): Promise<StudentList> {
  const { rows, total } = await findStudentsPage(db, filter, await degreeScopeOf(db, actor));
  return {
    content: rows.map(presentStudentListItem),
    totalElements: total,
    totalPages: Math.ceil(total / filter.pageSize),
    number: filter.pageNo,
    size: filter.pageSize,
  };
}

/** The student, unless absent (404) or of a degree outside the actor's (403), with the actor's scope. */
async function getStudentInScope(db: Database, actor: Actor, id: number, options: { forUpdate?: boolean } = {}): Promise<{ student: StudentRecord; scope: DegreeScope }> {
  const student = await getStudent(db, id, options);
  if (!student) throw new NotFoundError();
  const scope = await degreeScopeOf(db, actor);
  assertDegreeInScope(scope, student.degreeId);
  return { student, scope };
}

/**
 * A student's page: the record, the application form it came from (none for imported students), fee
 * terms and payments. The form only while it is of a degree the reader looks after: an approved
 * application transferred to another degree leaves its cancelled student record here, and the form
 * with it went to the other degree's office.
 */
export async function getStudentDetail(db: Database, actor: Actor, id: number): Promise<StudentDetail> {
  const { student, scope } = await getStudentInScope(db, actor, id);
  const [application, feeTerms, payments, emailCorrectable, degreeCorrectable] = await Promise.all([
    student.applicationId === null ? undefined : findShownApplication(db, student.applicationId, scope),
    findTermsWithPayments(db, student.id),
    findPaymentsOf(db, student.id),
    isEmailCorrectable(db, student),
    isDegreeCorrectable(db, student),
  ]);
  return {
    student: presentStudent(student),
    application: application ?? null,
    feeTerms: feeTerms.map(presentFeeTerm),
    payments: payments.map(presentPayment),
    emailCorrectable,
    admissionNoCorrectable: isAdmissionNoCorrectable(student),
    degreeCorrectable,
  };
}

/**
 * An imported student's e-mail is their sign-in, typed by the office in the file: one typed wrong
 * locks the student out (the password reset goes to a stranger's address, or nowhere), so it may be
 * corrected while nobody has signed in with it. An admitted applicant's is the one they registered
 * and signed in with.
 */
async function isEmailCorrectable(db: Database, student: StudentRecord): Promise<boolean> {
  return student.applicationId === null && student.email.toLowerCase() === student.userName && !(await hasEverSignedIn(db, student.userId));
}

/** A refusal of the edit with its message under the field corrected. */
const refusalOf = (field: string) => (message: string) => new ValidationError([{ field, message }]);

/** The e-mail a request corrects the student's to, checked; undefined when it keeps it. */
async function correctedEmail(db: Database, student: StudentRecord, input: StudentUpdate): Promise<string | undefined> {
  const given = input.email?.trim().toLowerCase();
  if (given === undefined || given === student.email.toLowerCase()) return undefined;
  const refuse = refusalOf("email");
  if (student.applicationId !== null) throw refuse(studentMessages.fixedFields);
  if (!(await isEmailCorrectable(db, student))) throw refuse(studentMessages.emailInUse);
  const email = studentFields.email.safeParse(given);
  if (!email.success) throw refuse(studentMessages.emailInvalid);
  if (await findUserByName(db, email.data)) throw refuse(studentMessages.emailTaken);
  return email.data;
}

/**
 * An imported student's admission number is the college's register's, typed by the office in the
 * file: one typed wrong is on every receipt and list, so it may be corrected (the activity log keeps
 * the old one). An admitted applicant's was given by approval.
 */
const isAdmissionNoCorrectable = (student: StudentRecord) => student.applicationId === null;

/** The admission number a request corrects the student's to, checked; undefined when it keeps it. */
async function correctedAdmissionNo(db: Database, student: StudentRecord, input: StudentUpdate): Promise<string | undefined> {
  const given = input.admissionNo?.trim().toUpperCase();
  if (given === undefined || given === student.admissionNo) return undefined;
  const refuse = refusalOf("admissionNo");
  if (!isAdmissionNoCorrectable(student)) throw refuse(studentMessages.fixedFields);
  const admissionNo = studentFields.admissionNo.safeParse(given);
  if (!admissionNo.success) throw refuse(studentMessages.admissionNoInvalid);
  if (await isAdmissionNoTaken(db, admissionNo.data)) throw refuse(studentMessages.admissionNoTaken);
  return admissionNo.data;
}

/**
 * An imported student's degree, typed by the office in the file, while none of their fees was paid or
 * begun: their terms are then only a copy of the degree's fee structure, which the degree's own
 * replaces. After that the payments and receipts are the degree's, and an admitted applicant's degree
 * changes only by a decision (a transfer).
 */
async function isDegreeCorrectable(db: Database, student: StudentRecord): Promise<boolean> {
  return student.applicationId === null && !(await hasFeeHistory(db, student.id));
}

/** The degree a request corrects the student's to, checked as the import checks a row's; undefined when it keeps it. */
async function correctedDegree(db: Database, student: StudentRecord, input: StudentUpdate, scope: DegreeScope) {
  if (input.degreeId === undefined || input.degreeId === student.degreeId) return undefined;
  const refuse = refusalOf("degreeId");
  if (student.applicationId !== null) throw refuse(studentMessages.fixedFields);
  if (await hasFeeHistory(db, student.id)) throw refuse(studentMessages.degreeFixedOnceFeesBegan);
  const degree = await getActiveDegree(db, input.degreeId);
  if (!degree || !isDegreeInScope(scope, degree.id)) throw refuse(studentMessages.degreeInvalid);
  const lastFeeYear = Math.max(0, ...(await findFeeStructureOf(db, degree.id)).map((row) => row.year));
  if (input.currentYear > lastFeeYear) throw refuse(studentMessages.degreeWithoutFees);
  // Named with its course: a degree's name is its course's alone, and may recur in the other.
  const course = await getCourse(db, degree.courseId);
  return { ...degree, course: course!.name };
}

/**
 * The facts that name a student elsewhere (the account, receipts, the degree's fees) and change only
 * through admission: a request may repeat them, but one that differs is refused. The user name may
 * also be the e-mail the request corrects the student's to, which `correctedEmail` checks, and the
 * course the one of the degree it corrects the student's to (`correctedDegree`); an imported
 * student's admission number is `correctedAdmissionNo`'s.
 */
function changedFixedFields(student: StudentRecord, input: StudentUpdate, degree: { courseId: number } | undefined): FieldError[] {
  const userName = input.userName?.trim().toLowerCase();
  const sent: [field: string, given: string | number | undefined, kept: string | number][] = [
    ["userName", userName === input.email?.trim().toLowerCase() ? undefined : userName, student.userName],
    ["courseId", input.courseId === degree?.courseId ? undefined : input.courseId, student.courseId],
  ];
  return sent.filter(([, given, kept]) => given !== undefined && given !== kept).map(([field]) => ({ field, message: studentMessages.fixedFields }));
}

/** What an edit may change, the course and degree by their names (the log's words). */
type EditableFields = Pick<StudentRecord, "name" | "mobile" | "currentYear" | "status" | "email" | "admissionNo" | "course" | "degree">;

const editableOf = ({ name, mobile, currentYear, status, email, admissionNo, course, degree }: EditableFields): EditableFields => ({
  name,
  mobile,
  currentYear,
  status,
  email,
  admissionNo,
  course,
  degree,
});

/** What changed, for the activity log's one line: `name A to B, currentYear 1 to 2`. */
function describeChanges(from: EditableFields, to: EditableFields): string {
  return (Object.keys(from) as (keyof EditableFields)[])
    .filter((field) => from[field] !== to[field])
    .map((field) => `${field} ${from[field]} to ${to[field]}`)
    .join(", ");
}

/**
 * Changes a student's name, mobile, current year and status, and an imported student's admission
 * number, e-mail and degree, on the locked record, with its activity entry in the same transaction.
 * A changed status takes the account's role with it (a Cancelled student is an applicant again, and
 * one made Active again a student, as decisions do); a corrected degree brings its fee terms. A
 * request that changes nothing writes nothing.
 */
export async function updateStudentRecord(ctx: AppContext, actor: Actor, input: StudentUpdate, meta: RequestMeta): Promise<Student> {
  let accountChanged: number | undefined;
  const updated = await ctx.db.transaction(async (tx) => {
    const { student: before, scope } = await getStudentInScope(tx, actor, input.id, { forUpdate: true });
    if (input.updatedAt && Date.parse(input.updatedAt) !== before.updatedAt.getTime()) throw new AppError(409, studentMessages.outdated);
    const degree = await correctedDegree(tx, before, input, scope);
    const refused = changedFixedFields(before, input, degree);
    if (refused.length > 0) throw new ValidationError(refused);
    const email = await correctedEmail(tx, before, input);
    const admissionNo = await correctedAdmissionNo(tx, before, input);
    // An admission withdrawn by a decision (cancelled, rejected, transferred to another degree) is
    // made again by approving the application, which gives the degree's terms; not from here.
    if (input.status === "Active" && before.status !== "Active" && before.applicationId !== null) {
      const application = await getApplicationById(tx, before.applicationId);
      if (application?.status !== "Approved") throw new ValidationError([{ field: "status", message: studentMessages.applicationNotApproved }]);
    }

    const from = editableOf(before);
    const to = editableOf({ ...input, email: email ?? before.email, admissionNo: admissionNo ?? before.admissionNo, course: degree?.course ?? before.course, degree: degree?.name ?? before.degree });
    const changes = describeChanges(from, to);
    if (!changes) return presentStudent(before);
    const yearChanged = from.currentYear !== to.currentYear;
    // The import's rule: the year-end close moves students by their admission year, and would never
    // move one recorded as further on than the calendar allows.
    if (yearChanged && !hasReachedYear(before.admissionYear, to.currentYear)) {
      throw new ValidationError([{ field: "currentYear", message: studentImportMessages.yearNotReached }]);
    }

    const { course: _courseName, degree: _degreeName, ...columns } = to;
    await updateStudent(tx, before.id, { ...columns, ...(degree && { degreeId: degree.id, courseId: degree.courseId }) }).catch((error: unknown) => {
      // Given to another student since the check (a colleague's correction, an import).
      if (violatesConstraint(error, STUDENT_ADMISSION_NO_KEY)) throw new ValidationError([{ field: "admissionNo", message: studentMessages.admissionNoTaken }]);
      throw error;
    });
    // The account signs in with the corrected e-mail.
    if (email) await updateUserName(tx, before.userId, email);
    if (from.status !== to.status) accountChanged = await matchAccountRoleToStatus(tx, before.id, to.status);
    // A student put in another year owes its fees and the later years': the terms they lack come from
    // the degree's fee structure, as approval and the import make them (an imported year-2 student
    // put back in year 1 had no year-1 terms to pay, and nothing made them later). So does one made
    // Active again, whose year may have been changed while they were not. A corrected degree's terms
    // replace the wrong one's, none of which has a payment.
    const owesAnotherYear = to.status === "Active" && (yearChanged || from.status !== "Active");
    const feeTermsCreated = degree
      ? await remakeFeeTerms(tx, before.id)
      : owesAnotherYear
        ? await copyFeeStructureToStudents(tx, [before.id], { andLaterYears: true })
        : 0;
    await recordActivity(tx, {
      actor,
      action: "student.updated",
      entityType: "student",
      entityId: before.admissionNo,
      summary: `Changed student ${before.admissionNo}: ${changes}${feeTermsCreated > 0 ? `; ${feeTermsCreated} fee terms added from the degree's fee structure` : ""}`,
      details: { from, to, feeTermsCreated },
      ip: meta.ip,
    });
    return presentStudent((await getStudent(tx, before.id))!);
  });
  // The account's sessions see the new role at once, here; other instances within their cache's age.
  if (accountChanged !== undefined) ctx.sessionCache.forgetUsers([accountChanged]);
  return updated;
}
