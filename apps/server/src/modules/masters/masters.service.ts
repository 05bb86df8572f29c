import { isDeepStrictEqual } from "node:util";
import {
  admissionCourses,
  feeCodeTakenMessage,
  masterMessages,
  messages,
  paiseToRupees,
  type FeeStructureRows,
  type FeeTerm,
} from "@admissions/shared";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.js";
import { recordActivity } from "../activity/activity.repository.js";
import { formatAmount } from "../payments/gateway.js";
import {
  findCourseNamed,
  findDegreeNamed,
  findFeeCodeOfOtherDegree,
  findFeeStructure,
  getCourse,
  getDegree,
  insertCourse,
  insertDegree,
  isDegreeInUse,
  lockForWriting,
  replaceFeeStructure,
  updateCourse,
  updateDegree,
  type CourseRow,
  type DegreeRow,
} from "./masters.repository.js";

interface CourseInput {
  name: string;
  applicationFee: number;
}
interface DegreeInput {
  name: string;
  courseId: number;
}
type WithActive<T> = T & { isActive: boolean };

/** A master write runs with the actor and the address it came from, for the activity log. */
interface WriteContext {
  ctx: AppContext;
  actor: Actor;
  meta: RequestMeta;
}

function rupees(paise: number): string {
  return `Rs.${formatAmount(paise)}`;
}

/** "name UG → UNDER GRADUATE; active yes → no": what an edit changed, for the activity log's summary. */
function describeChanges<T extends object>(before: T, after: T, labels: { [K in keyof T]?: (value: T[K]) => string }): string[] {
  return (Object.keys(labels) as (keyof T)[])
    .filter((field) => before[field] !== after[field])
    .map((field) => {
      const show = labels[field]!;
      return `${String(field)} ${show(before[field])} → ${show(after[field])}`;
    });
}

/** The fields an edit can change, for the activity log's details. */
function pick<T extends object>(row: T, fields: object): Partial<T> {
  return Object.fromEntries(Object.keys(fields).map((field) => [field, row[field as keyof T]])) as Partial<T>;
}

const yesNo = (value: boolean) => (value ? "yes" : "no");
const asText = (value: unknown) => String(value);

/** Who made a change and from where, for its activity entry. */
const madeBy = ({ actor, meta }: WriteContext) => ({ actor: { id: actor.id, userName: actor.userName }, ip: meta.ip });

async function assertCourseNameFree(db: Database, name: string, exceptId?: number) {
  if (await findCourseNamed(db, name, exceptId)) throw new ConflictError(masterMessages.courseNameTaken);
}

export async function createCourse(write: WriteContext, input: CourseInput): Promise<CourseRow> {
  return write.ctx.db.transaction(async (tx) => {
    await lockForWriting(tx, "courses");
    await assertCourseNameFree(tx, input.name);
    const course = await insertCourse(tx, input);
    await recordActivity(tx, {
      ...madeBy(write),
      action: "course.created",
      entityType: "course",
      entityId: course.id,
      summary: `Created course ${course.name} (application fee Rs.${course.applicationFee})`,
      details: { name: course.name, applicationFee: course.applicationFee },
    });
    return course;
  });
}

export async function editCourse(write: WriteContext, id: number, input: WithActive<CourseInput>): Promise<CourseRow> {
  return write.ctx.db.transaction(async (tx) => {
    await lockForWriting(tx, "courses");
    const current = await getCourse(tx, id);
    if (!current) throw new NotFoundError();
    const fixedName = admissionCourses[id];
    if (fixedName && input.name !== fixedName) throw new ConflictError(masterMessages.fixedCourseName);
    await assertCourseNameFree(tx, input.name, id);
    const changes = describeChanges(current, { ...current, ...input }, { name: asText, applicationFee: (fee) => `Rs.${fee}`, isActive: yesNo });
    if (changes.length === 0) return current;
    const course = await updateCourse(tx, id, input);
    await recordActivity(tx, {
      ...madeBy(write),
      action: "course.updated",
      entityType: "course",
      entityId: id,
      summary: `Updated course ${course.name}: ${changes.join("; ")}`,
      details: { course: course.name, before: pick(current, input), after: pick(course, input) },
    });
    return course;
  });
}

async function assertDegreeNameFree(db: Database, input: DegreeInput, exceptId?: number) {
  if (await findDegreeNamed(db, input.courseId, input.name, exceptId)) throw new ConflictError(masterMessages.degreeNameTaken);
}

/** The course a degree is put under must exist (it may be inactive: staff prepare degrees before opening a course). */
async function courseOf(db: Database, courseId: number): Promise<CourseRow> {
  const course = await getCourse(db, courseId);
  if (!course) throw new ValidationError([{ field: "courseId", message: messages.courseRequired }]);
  return course;
}

export async function createDegree(write: WriteContext, input: DegreeInput): Promise<DegreeRow> {
  return write.ctx.db.transaction(async (tx) => {
    await lockForWriting(tx, "degrees");
    const course = await courseOf(tx, input.courseId);
    await assertDegreeNameFree(tx, input);
    const degree = await insertDegree(tx, input);
    await recordActivity(tx, {
      ...madeBy(write),
      action: "degree.created",
      entityType: "degree",
      entityId: degree.id,
      summary: `Created degree ${degree.name} under ${course.name}`,
      details: { name: degree.name, courseId: degree.courseId, course: course.name },
    });
    return degree;
  });
}

/**
 * A degree is never deleted: deactivating it takes it off the admission form while its applications,
 * students and fee structure stay. Its course is fixed once anybody has applied for it, because each
 * application and student carries the course id they were admitted under.
 */
export async function editDegree(write: WriteContext, id: number, input: WithActive<DegreeInput>): Promise<DegreeRow> {
  return write.ctx.db.transaction(async (tx) => {
    await lockForWriting(tx, "degrees");
    const current = await getDegree(tx, id);
    if (!current) throw new NotFoundError();
    const course = await courseOf(tx, input.courseId);
    if (input.courseId !== current.courseId && (await isDegreeInUse(tx, id))) throw new ConflictError(masterMessages.degreeCourseLocked);
    await assertDegreeNameFree(tx, input, id);
    const changes = describeChanges(current, { ...current, ...input }, { name: asText, courseId: asText, isActive: yesNo });
    if (changes.length === 0) return current;
    const degree = await updateDegree(tx, id, input);
    await recordActivity(tx, {
      ...madeBy(write),
      action: "degree.updated",
      entityType: "degree",
      entityId: id,
      summary: `Updated degree ${degree.name} (${course.name}): ${changes.join("; ")}`,
      details: { degree: degree.name, course: course.name, before: pick(current, input), after: pick(degree, input) },
    });
    return degree;
  });
}

function presentFeeStructure(rows: { year: number; term: number; amountPaise: number; feeCode: string }[]): FeeTerm[] {
  return rows.map(({ year, term, amountPaise, feeCode }) => ({ year, term, amount: paiseToRupees(amountPaise), feeCode }));
}

async function existingDegree(db: Database, degreeId: number): Promise<DegreeRow> {
  const degree = await getDegree(db, degreeId);
  if (!degree) throw new NotFoundError();
  return degree;
}

export async function readFeeStructure(ctx: AppContext, degreeId: number): Promise<FeeTerm[]> {
  await existingDegree(ctx.db, degreeId);
  return presentFeeStructure(await findFeeStructure(ctx.db, degreeId));
}

/**
 * Replaces a degree's whole fee structure. Approval copies the structure into the student's own fee
 * terms, so this changes what students admitted from now on will owe, never what existing students owe.
 */
export async function saveFeeStructure(write: WriteContext, degreeId: number, terms: FeeStructureRows): Promise<FeeTerm[]> {
  return write.ctx.db.transaction(async (tx) => {
    await lockForWriting(tx, "fee_structures");
    const degree = await existingDegree(tx, degreeId);
    const takenCode = await findFeeCodeOfOtherDegree(tx, degreeId, terms.map((term) => term.feeCode));
    if (takenCode) throw new ConflictError(feeCodeTakenMessage(takenCode));
    const before = await findFeeStructure(tx, degreeId);
    const current = presentFeeStructure(before);
    // A save that changes nothing writes nothing: the log had "0 terms (was 0 terms)" entries.
    if (isDeepStrictEqual(current, presentFeeStructure([...terms].sort((a, b) => a.year - b.year || a.term - b.term)))) return current;
    await replaceFeeStructure(tx, degreeId, terms);
    const after = await findFeeStructure(tx, degreeId);
    const total = after.reduce((sum, term) => sum + term.amountPaise, 0);
    await recordActivity(tx, {
      ...madeBy(write),
      action: "feeStructure.updated",
      entityType: "feeStructure",
      entityId: degreeId,
      summary: `Fee structure of ${degree.name}: ${after.length} terms, ${rupees(total)} in all (was ${before.length} terms)`,
      details: { degree: degree.name, total: formatAmount(total), before: current, after: presentFeeStructure(after) },
    });
    return presentFeeStructure(after);
  });
}
