import {
  ACADEMIC_PREVIEW_STUDENT_LIMIT,
  COMPLETED_LABEL,
  academicMessages,
  nextYearLabel,
  type AcademicYearClosed,
  type AcademicYearPreview,
} from "@admissions/shared";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import { ConflictError, NotFoundError } from "../../errors.js";
import { recordActivity } from "../activity/activity.repository.js";
import { getCourse } from "../masters/masters.repository.js";
import {
  completeFinalYearStudents,
  countActiveByYear,
  copyFeeStructureToStudents,
  findActiveStudents,
  getClosing,
  hasLaterClosing,
  insertClosing,
  moveStudentsUp,
  updateClosingCounts,
} from "./academic.repository.js";

export interface AcademicYear {
  year: number;
  next: number;
  courseId: number;
}

async function courseNameOf(ctx: AppContext, courseId: number): Promise<string> {
  const course = await getCourse(ctx.db, courseId);
  if (!course) throw new NotFoundError();
  return course.name;
}

/** GET closeAcademicYear with process false: who would move from which year, who would complete, and whether it is already done. */
export async function previewAcademicYear(ctx: AppContext, target: AcademicYear): Promise<AcademicYearPreview> {
  await courseNameOf(ctx, target.courseId);
  const [closing, counts, students] = await Promise.all([
    getClosing(ctx.db, target.courseId, target.year),
    countActiveByYear(ctx.db, target.courseId, target.year),
    findActiveStudents(ctx.db, target.courseId, target.year, ACADEMIC_PREVIEW_STUDENT_LIMIT),
  ]);
  return {
    ...target,
    alreadyClosed: !!closing,
    closing: closing
      ? { movedCount: closing.movedCount, completedCount: closing.completedCount, closedAt: closing.createdAt.toISOString(), closedBy: closing.closedBy }
      : null,
    moving: counts.filter((group) => !group.completing).map((group) => ({ yearFrom: group.currentYear, yearTo: group.currentYear + 1, count: group.count })),
    completing: counts.filter((group) => group.completing).reduce((total, group) => total + group.count, 0),
    students: students.map(({ lastYear, ...student }) => ({
      ...student,
      willBe: student.currentYear >= lastYear ? COMPLETED_LABEL : nextYearLabel(student.currentYear + 1),
    })),
  };
}

/**
 * GET closeAcademicYear with process true, in one transaction: the close is recorded first (once per
 * course and year, so a second run, even a simultaneous one, is refused and moves nobody), final-year
 * students complete, everyone else whose year it was moves up a year and gets that year's fee terms, and the activity
 * log says how many.
 */
export async function closeAcademicYear(ctx: AppContext, actor: Actor, target: AcademicYear, meta: RequestMeta): Promise<AcademicYearClosed> {
  const courseName = await courseNameOf(ctx, target.courseId);
  return ctx.db.transaction(async (tx) => {
    if (!(await insertClosing(tx, { courseId: target.courseId, year: target.year, closedBy: actor.id }))) {
      throw new ConflictError(academicMessages.alreadyClosed);
    }
    // Closing an earlier year after a later one would move everybody a second time.
    if (await hasLaterClosing(tx, target.courseId, target.year)) throw new ConflictError(academicMessages.laterYearClosed);

    const completed = await completeFinalYearStudents(tx, target.courseId, target.year);
    const movedIds = await moveStudentsUp(tx, target.courseId, target.year);
    const feeTermsCreated = await copyFeeStructureToStudents(tx, movedIds, { andLaterYears: false });
    await updateClosingCounts(tx, { courseId: target.courseId, year: target.year, movedCount: movedIds.length, completedCount: completed });
    await recordActivity(tx, {
      actor: { id: actor.id, userName: actor.userName },
      action: "academic.year_closed",
      entityType: "course",
      entityId: target.courseId,
      summary: `Closed the academic year ${target.year}-${String(target.next).slice(-2)} of ${courseName}: ${movedIds.length} moved up a year, ${completed} completed`,
      details: { course: courseName, year: target.year, next: target.next, moved: movedIds.length, completed, feeTermsCreated },
      ip: meta.ip,
    });
    return { ...target, moved: movedIds.length, completed, feeTermsCreated };
  });
}
