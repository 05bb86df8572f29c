import { ROLE_STUDENT, ROLE_USER, messages, staffNotices, yearIn, type ActivityAction, type ApplicationDecision, type DecisionStatus, type LatestDecision, type SameAadhaar } from "@admissions/shared";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.js";
import { recordActivity } from "../activity/activity.repository.js";
import { findReadable } from "../admissions/admissions.service.js";
import { findApplicationsWithAadhaar } from "../admissions/applications-list.repository.js";
import { findShownApplication, takeApplicationNumber, updateApplication, type ApplicationRow, type NewApplication } from "../admissions/admissions.repository.js";
import type { OutgoingMail } from "../mail/mail.repository.js";
import { getActiveDegree } from "../masters/masters.repository.js";
import { assertDegreeInScope, degreeScopeOf, type DegreeScope } from "../users/degree-scope.js";
import { getUserById, type UserRow } from "../users/users.repository.js";
import {
  copyFeeStructureToTerms,
  findDecisionsOf,
  findLatestDecisionOfUser,
  findFeeStructureOf,
  getApplicationByNumber,
  getCourseName,
  getDegreeName,
  getStudentOfUser,
  highestAdmissionNumberIn,
  insertDecision,
  insertStudent,
  updateStudent,
  updateUserRole,
  type DecisionRecord,
} from "./decisions.repository.js";

/** The activity log's action for each decision. */
const decisionActions = {
  Approved: "application.approved",
  Transferred: "application.transferred",
  Cancelled: "application.cancelled",
  Rejected: "application.rejected",
} as const satisfies Record<DecisionStatus, ActivityAction>;

/** A student record is Active while its application is Approved, Cancelled once the admission is withdrawn. */
const studentStatus = { active: "Active", cancelled: "Cancelled" } as const;

interface Degree {
  id: number;
  name: string;
  courseId: number;
  courseName: string;
}

async function courseNameOf(db: Database, courseId: number): Promise<string> {
  const name = await getCourseName(db, courseId);
  if (!name) throw new Error(`course ${courseId} does not exist`);
  return name;
}

/**
 * DESIGN.md: admission numbers are counted per course and year like application numbers:
 * ADM-UG-2026-0001. The count goes on above any number of the series a student already has (one
 * imported from the office's register), so an approval never meets the unique admission number.
 */
async function takeAdmissionNumber(db: Database, courseId: number, year: number): Promise<string> {
  const series = `ADM-${await courseNameOf(db, courseId)}`;
  const prefix = `${series}-${year}-`;
  const next = await takeApplicationNumber(db, series, year, (await highestAdmissionNumberIn(db, prefix)) + 1);
  return `${prefix}${String(next).padStart(4, "0")}`;
}

/**
 * A transfer goes to another open degree of the application's course, one the staff member looks
 * after: a UG application's school exam and marks mean nothing to a PG degree, whose form asks for
 * the degree the applicant holds.
 */
async function resolveTransferTarget(db: Database, scope: DegreeScope, application: ApplicationRow, degreeId: number | undefined): Promise<Degree> {
  const degree = degreeId === undefined ? undefined : await getActiveDegree(db, degreeId);
  if (!degree) throw new ValidationError([{ field: "degreeId", message: messages.degreeRequired }]);
  if (degree.id === application.degreeId) throw new ValidationError([{ field: "degreeId", message: staffNotices.transferToSameDegree }]);
  if (degree.courseId !== application.courseId) throw new ValidationError([{ field: "degreeId", message: staffNotices.transferToOtherCourse }]);
  assertDegreeInScope(scope, degree.id);
  return { id: degree.id, name: degree.name, courseId: degree.courseId, courseName: await courseNameOf(db, degree.courseId) };
}

/** The application's columns and its stored form both name the new degree, so every reader agrees. */
function transferChanges(application: ApplicationRow, degree: Degree): Partial<NewApplication> {
  return {
    degreeId: degree.id,
    courseId: degree.courseId,
    data: {
      ...(application.data as Record<string, unknown>),
      course: degree.courseName,
      courseId: degree.courseId,
      courseSubject: degree.name,
      courseSubjectId: degree.id,
    },
  };
}

/**
 * DESIGN.md's admission: an admission number (kept from an earlier approval), the account becomes
 * ROLE_STUDENT, the student record is made or reactivated, and the degree's fee structure becomes the
 * student's fee terms. Refused, changing nothing, while the degree has no fee structure.
 */
async function admit(db: Database, application: ApplicationRow, applicant: UserRow, year: number): Promise<{ admissionNo: string; feeTermsWritten: number }> {
  if (applicant.role !== ROLE_USER && applicant.role !== ROLE_STUDENT) throw new ConflictError(staffNotices.notAnApplicant);
  const structure = await findFeeStructureOf(db, application.degreeId);
  if (structure.length === 0) throw new ConflictError(staffNotices.feeStructureMissing);

  const existing = await getStudentOfUser(db, applicant.id, { forUpdate: true });
  // One student record per account: approving moves it to this degree, which must not take a student
  // admitted to another degree (by the import, after this application was decided) out of it.
  if (existing?.status === studentStatus.active && existing.degreeId !== application.degreeId) throw new ConflictError(staffNotices.activeStudentElsewhere);
  const admissionNo = existing?.admissionNo ?? application.admissionNo ?? (await takeAdmissionNumber(db, application.courseId, year));
  const record = {
    applicationId: application.id,
    admissionNo,
    name: application.name,
    email: application.email,
    mobile: application.mobile,
    courseId: application.courseId,
    degreeId: application.degreeId,
    status: studentStatus.active,
  };
  const student = existing
    ? await updateStudent(db, existing.id, record)
    : await insertStudent(db, { ...record, userId: applicant.id, admissionYear: year, currentYear: 1 });
  await updateUserRole(db, applicant.id, ROLE_STUDENT);
  const fromOtherDegree = existing !== undefined && existing.degreeId !== application.degreeId;
  return { admissionNo, feeTermsWritten: await copyFeeStructureToTerms(db, student.id, structure, fromOtherDegree) };
}

/** Leaving Approved ends the admission; the student record and every fee term, paid or due, are kept. */
async function withdrawAdmission(db: Database, applicant: UserRow): Promise<void> {
  const student = await getStudentOfUser(db, applicant.id, { forUpdate: true });
  if (student) await updateStudent(db, student.id, { status: studentStatus.cancelled });
  if (applicant.role === ROLE_STUDENT) await updateUserRole(db, applicant.id, ROLE_USER);
}

function decisionMail(ctx: AppContext, applicant: UserRow, application: ApplicationRow, decision: ApplicationDecision, degrees: { from: string; to: string }): OutgoingMail {
  const outcome = {
    Approved: [
      `has been approved. Your admission number is ${application.admissionNo}.`,
      `Sign in at ${ctx.settings.publicUrl}/signin to see and pay your fees.`,
    ],
    Transferred: [`has been transferred to ${degrees.to}.`],
    Cancelled: ["has been cancelled."],
    Rejected: ["has been rejected."],
  }[decision.status];
  return {
    to: applicant.userName,
    subject: `${ctx.settings.collegeName}: your application ${application.applicationNo} is ${decision.status.toLowerCase()}`,
    body: [
      `Dear ${application.name},`,
      ``,
      `Your application ${application.applicationNo} for ${degrees.from} ${outcome.join("\n")}`,
      ``,
      `Remarks: ${decision.message}`,
      ``,
      `${ctx.settings.collegeName} admissions office`,
    ].join("\n"),
  };
}

export interface DecidedApplication {
  userId: number;
  /** The application as it was left by the decision, as its readers are shown it. */
  shown: Record<string, unknown>;
}

/**
 * SPEC.md section 4: staff approve, transfer, cancel or reject an application from any status. The
 * change, its history row, the activity entry and the applicant's mail are one transaction on the
 * locked application, so two staff members deciding at once are applied one after the other; the
 * later one is refused (409) when it says which status its screen showed and that has changed.
 */
export async function decideApplication(ctx: AppContext, actor: Actor, decision: ApplicationDecision, meta: RequestMeta): Promise<DecidedApplication> {
  const scope = await degreeScopeOf(ctx.db, actor);
  const decided = await ctx.db.transaction(async (tx) => {
    const current = await getApplicationByNumber(tx, decision.applicationNo, { forUpdate: true });
    if (!current) throw new NotFoundError();
    assertDegreeInScope(scope, current.degreeId);
    if (decision.expectedStatus !== undefined && decision.expectedStatus !== current.status) throw new ConflictError(staffNotices.decisionOutdated);
    if (decision.status !== "Transferred" && decision.status === current.status) throw new ConflictError(staffNotices.decisionUnchanged);
    const applicant = (await getUserById(tx, current.userId))!;
    const target = decision.status === "Transferred" ? await resolveTransferTarget(tx, scope, current, decision.degreeId) : undefined;

    // Numbered and dated by the college's calendar year.
    const admission = decision.status === "Approved" ? await admit(tx, current, applicant, yearIn(ctx.settings.timeZone)) : undefined;
    const admissionWithdrawn = !admission && current.status === "Approved";
    if (admissionWithdrawn) await withdrawAdmission(tx, applicant);
    const saved = await updateApplication(tx, current.id, {
      status: decision.status,
      ...(target && transferChanges(current, target)),
      ...(admission && { admissionNo: admission.admissionNo }),
    });

    const fromDegree = (await getDegreeName(tx, current.degreeId))!;
    const degrees = { from: fromDegree, to: target?.name ?? fromDegree };
    await insertDecision(tx, {
      applicationId: current.id,
      fromStatus: current.status,
      toStatus: saved.status,
      fromDegreeId: current.degreeId,
      toDegreeId: saved.degreeId,
      remarks: decision.message,
      actorUserId: actor.id,
      actorName: actor.userName,
    });
    await recordActivity(tx, {
      actor: { id: actor.id, userName: actor.userName },
      action: decisionActions[decision.status],
      entityType: "application",
      entityId: saved.applicationNo,
      summary:
        `${decision.status} the application of ${saved.name}` +
        (target ? ` from ${degrees.from} to ${degrees.to}` : "") +
        (admission ? `: admission number ${admission.admissionNo}` : "") +
        (admissionWithdrawn ? "; the admission was withdrawn: the student record is Cancelled" : ""),
      details: {
        applicantName: saved.name,
        ...admission,
        ...(admissionWithdrawn && { admissionWithdrawn }),
        fromStatus: current.status,
        toStatus: saved.status,
        fromDegree: degrees.from,
        toDegree: degrees.to,
        remarks: decision.message,
      },
      ip: meta.ip,
    });
    await ctx.mailer.enqueue(tx, decisionMail(ctx, applicant, saved, decision, degrees));
    return { userId: saved.userId, shown: (await findShownApplication(tx, saved.id))! };
  });
  ctx.mailer.kick();
  // Approving makes the applicant a student and leaving Approved makes them an applicant again.
  ctx.sessionCache.forgetUsers([decided.userId]);
  return decided;
}

/** The application of that number with the actor's scope, once it is known to be in it (404, 403 otherwise). */
async function applicationInScope(ctx: AppContext, actor: Actor, applicationNo: string) {
  const application = await getApplicationByNumber(ctx.db, applicationNo);
  if (!application) throw new NotFoundError();
  const scope = await degreeScopeOf(ctx.db, actor);
  assertDegreeInScope(scope, application.degreeId);
  return { application, scope };
}

/** The decisions on one application, newest first, for staff who may see that application. */
export async function findDecisionHistory(ctx: AppContext, actor: Actor, applicationNo: string): Promise<DecisionRecord[]> {
  const { application } = await applicationInScope(ctx, actor, applicationNo);
  return findDecisionsOf(ctx.db, application.id);
}

/**
 * The other applications made with the same Aadhaar number as this one (the same person from another
 * account, or a number typed wrong), for staff who may see this one: those of their degrees, and how
 * many more there are of degrees they do not look after.
 */
export async function findApplicationsSharingAadhaar(ctx: AppContext, actor: Actor, applicationNo: string): Promise<SameAadhaar> {
  const { application, scope } = await applicationInScope(ctx, actor, applicationNo);
  if (!application.aadharNo) return { applications: [], notListed: 0, outOfScope: 0 };
  return findApplicationsWithAadhaar(ctx.db, application.aadharNo, scope, application.id);
}

/** The applications made with this Aadhaar number, as findApplicationsSharingAadhaar tells them: for staff entering a walk-in. */
export async function findApplicationsWithAadhaarNumber(ctx: AppContext, actor: Actor, aadharNo: string): Promise<SameAadhaar> {
  return findApplicationsWithAadhaar(ctx.db, aadharNo, await degreeScopeOf(ctx.db, actor));
}

/** The latest decision on the application of `userName` (or the actor's own), for whoever may read that application. */
export async function findLatestDecision(ctx: AppContext, actor: Actor, userName: string | undefined): Promise<LatestDecision> {
  const found = await findReadable(ctx.db, actor, userName, findLatestDecisionOfUser);
  if (!found?.decidedAt) return null;
  return { at: found.decidedAt.toISOString(), status: found.status!, degree: found.degree, remarks: found.remarks! };
}
