import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { ROLE_STUDENT, ROLE_USER, admissionFields, dayIn, documentFieldNames, editableApplicationStatuses, isStaffRole, messages, notices, staffNotices, yearIn, type Admission, type FieldError } from "@admissions/shared";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { AppError, ConflictError, NotFoundError, ValidationError } from "../../errors.js";
import { recordActivity } from "../activity/activity.repository.js";
import { hashSecret } from "../auth/passwords.js";
import { getActiveDegree } from "../masters/masters.repository.js";
import { applicantPayer, applicationFeeOrder, gatewayRequestFor, settleAwaitingOrders, startApplicationPayment, type PaymentStart } from "../payments/payments.service.js";
import { findFileNamesOwnedBy } from "../uploads/uploads.repository.js";
import { assertDegreeInScope, degreeScopeOf } from "../users/degree-scope.js";
import { findUserByName, insertUserUnlessTaken } from "../users/users.repository.js";
import {
  deleteDraft,
  insertApplication,
  lockApplicationOfUser,
  readShownApplicationOfUser,
  takeApplicationNumber,
  updateApplication,
  type ApplicationRow,
  type NewApplication,
  type ShownApplicationText,
  type SubmittedApplication,
} from "./admissions.repository.js";
import { ORDER_ID_MARK, resaveEditableApplication, type OnlyResavedColumns, type ResavedColumns } from "./resave.repository.js";

/** Every document an application names must have been uploaded for that applicant. */
async function checkDocumentsBelongTo(db: Database, ownerUserName: string, admission: Admission): Promise<void> {
  const named = documentFieldNames.filter((field) => admission[field]);
  const owned = await findFileNamesOwnedBy(db, ownerUserName, named.map((field) => admission[field]));
  const errors: FieldError[] = named
    .filter((field) => !owned.has(admission[field]))
    .map((field) => ({ field, message: messages.documentNotYours }));
  if (errors.length > 0) throw new ValidationError(errors);
}

/** The degree must exist, be open and belong to the chosen course. */
async function resolveDegree(db: Database, admission: Admission) {
  const degree = await getActiveDegree(db, admission.courseSubjectId);
  if (!degree || degree.courseId !== admission.courseId) {
    throw new ValidationError([{ field: "courseSubjectId", message: messages.degreeRequired }]);
  }
  return degree;
}

function applicantUserNameOf(actor: Actor, admission: Admission): string {
  if (!isStaffRole(actor.role)) return actor.userName;
  const parsed = admissionFields.userName.safeParse(admission.userName ?? "");
  if (!parsed.success) throw new ValidationError([{ field: "userName", message: messages.emailRequired }]);
  return parsed.data;
}

/**
 * A form that names whose it is must be the signed-in account's own: a tab drawn for one applicant
 * and left open while another signed in elsewhere in the browser (one cookie for every tab) would
 * otherwise save the first applicant's details into the second's application or draft. Staff name
 * the walk-in applicant instead, and their saves do not come here.
 */
export function assertFormDrawnFor(actor: Actor, userName: string | undefined): void {
  if (userName === undefined || userName.trim() === "") return;
  if (userName.trim().toLowerCase() !== actor.userName) throw new ConflictError(notices.formOfAnotherAccount);
}

/**
 * A walk-in applicant entered by staff gets an account; they set its password through forgot
 * password. `created` says whether the account is new, for the activity log.
 */
async function findOrCreateApplicant(db: Database, userName: string, mobile: string) {
  const existing = await findUserByName(db, userName);
  if (existing) {
    if (existing.role !== ROLE_USER) throw new ConflictError(staffNotices.notAnApplicant);
    return { id: existing.id, created: false };
  }
  const created = await insertUserUnlessTaken(db, {
    userName,
    mobile,
    passwordHash: await hashSecret(randomBytes(24).toString("base64url")),
    role: ROLE_USER,
  });
  if (!created) throw new ConflictError(staffNotices.notAnApplicant);
  return { id: created.id, created: true };
}

/**
 * What an application row keeps of a checked form: the columns staff filter and sort by, and the whole
 * form in `data` (the applicant's user name and the online flag are the row's own columns).
 */
export function applicationColumnsOf(admission: Admission, degree: { id: number; name: string }) {
  return {
    courseId: admission.courseId,
    degreeId: degree.id,
    name: admission.name,
    email: admission.email,
    mobile: admission.whatsappNo,
    tweleveStatus: "tweleveStatus" in admission.examDetails ? admission.examDetails.tweleveStatus : null,
    totalMarkPercent: admission.totalMarkPercent,
    data: storedFormOf(admission, degree.name),
  };
}

/** The row's own columns, which the stored form leaves out. */
const applicantColumnsOfTheForm = new Set<string>(["userName", "isOffline", "replaceOwnApplication"]);

/**
 * The form as `data` keeps it: every field but the row's own columns, with the degree's name. Copied
 * field by field into a new object: taken apart with a rest pattern and spread again, the copy was a
 * dictionary of fifty fields that V8 copies and JSON writes on their slow paths (four times longer
 * for the copy, twice as long for its JSON: docs/PERFORMANCE.md, thirty-ninth round).
 */
function storedFormOf(admission: Admission, degreeName: string): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  const fields = admission as unknown as Record<string, unknown>;
  for (const field of Object.keys(fields)) if (!applicantColumnsOfTheForm.has(field)) form[field] = fields[field];
  form.courseSubject = degreeName;
  return form;
}

export interface SubmittedAdmission {
  application: SubmittedApplication;
  /** Set when the applicant still owes the fee: where the browser goes to pay it. */
  payment?: PaymentStart;
}

/** The log entry's summary of an applicant's save, which starts a payment. */
const paymentStartedSummary = (existing: boolean, orderId: string) => `${existing ? "Updated" : "Submitted"} the application; payment order ${orderId} started`;

/**
 * Saves a whole application: an applicant's own (online, fee still owed, a new payment attempt
 * started) or a walk-in applicant's entered by staff (offline, no fee step). A student updates only
 * the marks (see below).
 */
export async function submitAdmission(ctx: AppContext, actor: Actor, admission: Admission, meta: RequestMeta, log: FastifyBaseLogger): Promise<SubmittedAdmission> {
  if (!isStaffRole(actor.role)) assertFormDrawnFor(actor, admission.userName);
  if (actor.role === ROLE_STUDENT) return { application: await updateStudentMarks(ctx, actor, admission, meta) };
  const offline = isStaffRole(actor.role);
  const userName = applicantUserNameOf(actor, admission);
  // A department admin enters walk-in applicants for their own degrees only, and never takes over an
  // application of another degree by naming its applicant.
  const degreeInScope = allOrFirstFailure([resolveDegree(ctx.db, admission), offline ? degreeScopeOf(ctx.db, actor) : null]).then(([degree, scope]) => {
    assertDegreeInScope(scope, degree.id);
    return { degree, scope };
  });
  // The reads before the save do not depend on one another: asked at once, a save waits for the
  // longest of them (the settling's two) rather than for all of them in turn. Each is awaited even
  // when another fails, so nothing of this request is still running once it is answered, and a
  // failure is the one the reads in turn met first: the degree, its scope, then the documents.
  const [{ degree, scope }] = await allOrFirstFailure([
    degreeInScope,
    checkDocumentsBelongTo(ctx.db, userName, admission),
    // An earlier attempt the gateway never reported is settled before a new one starts.
    offline ? undefined : settleAwaitingOrders(ctx, { userId: actor.id, notAskedRecently: true }, log),
  ]);

  const changes = {
    status: offline ? "Submitted" : "Pending",
    paymentStatus: offline ? "Offline" : "Pending",
    isOffline: offline,
    ...applicationColumnsOf(admission, degree),
    applicationFee: degree.applicationFee,
    createdBy: offline ? actor.id : null,
  };
  if (!offline) {
    // Most applicants' saves change an application they already have: one statement, no transaction.
    const resaved = await resaveOwnApplication(ctx, actor, changes, degree, meta);
    if (resaved) return resaved;
  }

  return ctx.db.transaction(async (tx) => {
    const applicant = offline ? await findOrCreateApplicant(tx, userName, admission.whatsappNo) : { id: actor.id, created: false };
    const existing = await lockApplicationOfUser(tx, applicant.id);
    if (existing) assertDegreeInScope(scope, existing.degreeId);
    if (existing && !editableApplicationStatuses.includes(existing.status)) throw new ConflictError(notices.applicationLocked);
    // Still editable, it is the applicant's own, started online and unpaid: a walk-in entry over it
    // (an e-mail typed wrong) replaced another person's details without a word, so it must say so.
    if (offline && existing && !admission.replaceOwnApplication) {
      throw new AppError(409, notices.walkInOverOwnApplication, [{ field: "userName", message: notices.walkInOverOwnApplication }]);
    }

    // Dated and numbered by the college's calendar: sent at 00:30 on 1 July in India, it is of 1 July.
    const year = yearIn(ctx.settings.timeZone);
    const applicationNo =
      existing?.applicationNo ?? `${admission.course}-${year}-${String(await takeApplicationNumber(tx, admission.course, year)).padStart(6, "0")}`;
    const fields: NewApplication = { ...changes, userId: applicant.id, applicationNo, applicationDate: existing?.applicationDate ?? dayIn(ctx.settings.timeZone) };
    const saved = existing ? await updateApplication(tx, existing.id, fields) : await insertApplication(tx, fields);
    await deleteDraft(tx, applicant.id);
    // Staff keep a walk-in entry's draft as their own (the web app's form): it is this entry's.
    if (offline) await deleteDraft(tx, actor.id);
    const payment = offline ? undefined : await startApplicationPayment(ctx, tx, saved);
    const entry = { actor: { id: actor.id, userName: actor.userName }, entityType: "application", entityId: saved.applicationNo, ip: meta.ip };
    const saving = { degree: degree.name, status: saved.status };
    await recordActivity(
      tx,
      payment
        ? { ...entry, action: existing ? "application.updated" : "application.submitted", summary: paymentStartedSummary(Boolean(existing), payment.orderId), details: { ...saving, paymentOrder: payment.orderId } }
        : {
            ...entry,
            action: "application.offline_entry",
            summary: `Entered the walk-in application of ${userName}${applicant.created ? " (new applicant account)" : ""}${existing ? `, replacing the applicant's own (${existing.name}, ${existing.status})` : ""}`,
            details: { ...saving, userName, newAccount: applicant.created, replaced: existing ? { name: existing.name, status: existing.status, degreeId: existing.degreeId } : null },
          },
    );
    return { application: saved, payment };
  });
}

/**
 * An applicant's save of the application they may still change, written by one statement
 * (resaveEditableApplication) with the same row, order and log entry as the transaction above;
 * undefined when the transaction must save it instead (resaveEditableApplication says when).
 */
async function resaveOwnApplication<Changes extends ResavedColumns>(
  ctx: AppContext,
  actor: Actor,
  changes: OnlyResavedColumns<Changes>,
  degree: { name: string },
  meta: RequestMeta,
): Promise<SubmittedAdmission | undefined> {
  const resaved = await resaveEditableApplication(ctx.db, actor.id, changes, applicationFeeOrder({ userId: actor.id, applicationFee: changes.applicationFee }), {
    actor: { id: actor.id, userName: actor.userName },
    action: "application.updated",
    entityType: "application",
    summary: paymentStartedSummary(true, ORDER_ID_MARK),
    details: { degree: degree.name, status: changes.status },
    ip: meta.ip,
  });
  if (!resaved) return undefined;
  const { application, order } = resaved;
  return { application, payment: gatewayRequestFor(ctx, order, applicantPayer(changes), application.applicationNo) };
}

/**
 * SPEC.md: a student admitted before the results (tweleveStatus APPEARED) later enters the marks;
 * nothing else of the admitted application changes.
 */
async function updateStudentMarks(ctx: AppContext, actor: Actor, admission: Admission, meta: RequestMeta): Promise<ApplicationRow> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockApplicationOfUser(tx, actor.id);
    if (!locked) throw new NotFoundError();
    if (locked.tweleveStatus !== "APPEARED") throw new ConflictError(notices.studentMarksOnly);
    // The application is a UG one (only the school exam has a result to await): a form with another
    // exam's details is not its marks.
    if (!("tweleveStatus" in admission.examDetails)) throw new ConflictError(notices.studentMarksOnly);
    await checkDocumentsBelongTo(tx, actor.userName, admission);
    const data = locked.data as Record<string, unknown>;
    // The marks step shows the school exam's details above the marks (among them the maximum the
    // marks are out of), and the student enters them together: they are kept together, so that the
    // rows' max marks and the stated maximum agree.
    const { examDetails } = admission;
    const saved = await updateApplication(tx, locked.id, {
      tweleveStatus: examDetails.tweleveStatus,
      totalMarkPercent: admission.totalMarkPercent,
      data: {
        ...data,
        examDetails,
        marksDetails: admission.marksDetails,
        totalMarks: admission.totalMarks,
        totalMarkPercent: admission.totalMarkPercent,
        marksheetCertificateUrl: admission.marksheetCertificateUrl,
      },
    });
    await recordActivity(tx, {
      actor: { id: actor.id, userName: actor.userName },
      action: "application.marks_entered",
      entityType: "application",
      entityId: saved.applicationNo,
      summary: `Entered the HSC marks (${admission.totalMarkPercent}%)`,
      details: { totalMarkPercent: admission.totalMarkPercent },
      ip: meta.ip,
    });
    return saved;
  });
}

/**
 * The user an applicant-facing read is about: applicants may name only themselves (anyone else is
 * answered as absent), staff anybody; undefined when staff name an e-mail with no account.
 */
async function resolveApplicantId(db: Database, actor: Actor, userName: string | undefined): Promise<number | undefined> {
  const wanted = userName || actor.userName;
  if (wanted === actor.userName) return actor.id;
  if (!isStaffRole(actor.role)) throw new NotFoundError();
  return (await findUserByName(db, wanted))?.id;
}

/**
 * The application a read names by its applicant's e-mail (the actor's own without one), or undefined
 * when there is none; a department admin is refused (403) one of a degree they do not look after.
 */
export async function findReadableApplication(db: Database, actor: Actor, userName: string | undefined): Promise<ShownApplicationText | undefined> {
  return findReadable(db, actor, userName, readShownApplicationOfUser);
}

/** findReadableApplication's rules for any read of an applicant's application (`read` finds it by the user's id). */
export async function findReadable<Found extends { userId: number; degreeId: number }>(
  db: Database,
  actor: Actor,
  userName: string | undefined,
  read: (db: Database, userId: number) => Promise<Found | undefined>,
): Promise<Found | undefined> {
  const userId = await resolveApplicantId(db, actor, userName);
  const found = userId === undefined ? undefined : await read(db, userId);
  if (found && found.userId !== actor.id) assertDegreeInScope(await degreeScopeOf(db, actor), found.degreeId);
  return found;
}

/** Promise.all that answers only once every one has settled: with their values, or the first failure in their order. */
async function allOrFirstFailure<const Pending extends readonly unknown[]>(pending: Pending) {
  await Promise.allSettled(pending);
  return Promise.all(pending);
}
