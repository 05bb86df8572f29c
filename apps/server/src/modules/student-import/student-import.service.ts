import { randomBytes } from "node:crypto";
import {
  ROLE_ADMIN,
  cleanMasterName,
  hasReachedYear,
  isStaffRole,
  studentImportMessages,
  studentImportRowSchema,
  type RejectedImportRow,
  type StudentImportColumn,
  type StudentImportPreview,
  type StudentImportRow,
} from "@admissions/shared";
import { sql } from "drizzle-orm";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { copyFeeStructureToStudents } from "../academic/academic.repository.js";
import { recordActivity } from "../activity/activity.repository.js";
import { hashSecret } from "../auth/passwords.js";
import { degreeScopeOf, isDegreeInScope, type DegreeScope } from "../users/degree-scope.js";
import { buildTemplate, readImportFile, type SheetRow } from "./spreadsheet.js";
import {
  findCourseNames,
  findDegreesWithFeeYears,
  findImportLogPage,
  findStudentsMatching,
  findUsersNamed,
  insertImportLog,
  insertStudentAccounts,
  insertStudents,
  makeStudentAccounts,
  type ImportLogRow,
} from "./student-import.repository.js";

/** Any number, so that two imports take turns and never both create the same student. */
const IMPORT_LOCK_ID = 7_211_006;

export interface ImportFile {
  fileName: string;
  content: Buffer;
}

type Degree = Awaited<ReturnType<typeof findDegreesWithFeeYears>>[number];
type Course = Awaited<ReturnType<typeof findCourseNames>>[number];

/** The courses by name and by id, and the degrees of each course by name. */
interface Masters {
  courses: Map<string, Course>;
  degrees: Degree[];
  degreesByCourse: Map<number, Map<string, Degree>>;
}

/** A row that will become a student: what it said, its degree, and the account it reuses (if any). */
interface PlannedStudent {
  student: StudentImportRow;
  degree: Degree;
  existingAccount: { id: number; role: string } | undefined;
}

interface CheckedImport {
  totalRows: number;
  planned: PlannedStudent[];
  duplicates: number;
  rejected: RejectedImportRow[];
}

async function loadMasters(db: Database): Promise<Masters> {
  const [courseRows, degrees] = await Promise.all([findCourseNames(db), findDegreesWithFeeYears(db)]);
  // The file names a course by name (UG) or by its id (1).
  const courses = new Map(courseRows.flatMap((course) => [[cleanMasterName(course.name), course] as const, [String(course.id), course] as const]));
  const degreesByCourse = new Map<number, Map<string, Degree>>();
  for (const degree of degrees) {
    const ofCourse = degreesByCourse.get(degree.courseId) ?? new Map<string, Degree>();
    degreesByCourse.set(degree.courseId, ofCourse.set(degree.name, degree));
  }
  return { courses, degrees, degreesByCourse };
}

/** A row's cells as the shared rules read them (those that passed), and why the others did not. */
interface ParsedCells {
  parsed: Partial<StudentImportRow>;
  reasons: string[];
}

/** Each cell checked on its own, so a row lists every reason at once and a good degree is checked even when the name is not. */
function parseCellByCell(cells: SheetRow["cells"]): ParsedCells {
  const reasons: string[] = [];
  const parsed: Partial<StudentImportRow> = {};
  for (const key of Object.keys(studentImportRowSchema.shape) as StudentImportColumn[]) {
    const result = studentImportRowSchema.shape[key].safeParse(cells[key]);
    if (result.success) Object.assign(parsed, { [key]: result.data });
    else reasons.push(result.error.issues[0]!.message);
  }
  return { parsed, reasons };
}

/** The row checked whole, in a little over half the time of its cells one by one; only a row with a problem is checked cell by cell. */
function parseCells(cells: SheetRow["cells"]): ParsedCells {
  const whole = studentImportRowSchema.safeParse(cells);
  const { parsed, reasons }: ParsedCells = whole.success ? { parsed: whole.data, reasons: [] } : parseCellByCell(cells);
  if (parsed.admissionYear !== undefined && parsed.currentYear !== undefined && !hasReachedYear(parsed.admissionYear, parsed.currentYear)) {
    reasons.push(studentImportMessages.yearNotReached);
  }
  return { parsed, reasons };
}

/** Why the row's course and degree cannot take it: unknown, closed, not the actor's, no fees, or too few years. */
function degreeProblems(masters: Masters, scope: DegreeScope, row: Partial<StudentImportRow>): { degree?: Degree; reasons: string[] } {
  if (row.course === undefined || row.degree === undefined) return { reasons: [] };
  const course = masters.courses.get(row.course);
  if (!course) return { reasons: [studentImportMessages.courseUnknown] };
  const degree = masters.degreesByCourse.get(course.id)?.get(row.degree);
  if (!degree) return { reasons: [studentImportMessages.degreeUnknown] };
  const reasons: string[] = [];
  if (!degree.isActive || !course.isActive) reasons.push(studentImportMessages.degreeClosed);
  if (!isDegreeInScope(scope, degree.id)) reasons.push(studentImportMessages.degreeNotYours);
  if (degree.feeRows === 0) reasons.push(studentImportMessages.degreeWithoutFees);
  else if (row.currentYear !== undefined && row.currentYear > (degree.lastFeeYear ?? 0)) reasons.push(studentImportMessages.yearBeyondDegree);
  return { degree, reasons };
}

function countsOf(values: (string | undefined)[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * Every row checked with the shared rules, against the masters and the actor's degrees, against the
 * rest of the file, and against the students and accounts already there. A row whose admission
 * number already belongs to the same person (by e-mail), with the same name, degree and admission
 * year, is a duplicate, left as it is (a file imported twice adds nobody); one that gives that student
 * other facts is rejected rather than counted as done, as the import changes no student, and so is
 * one of a student outside the actor's degrees, whose facts are not theirs to compare. One whose
 * admission number or e-mail belongs to somebody else is rejected.
 */
async function checkRows(db: Database, scope: DegreeScope, rows: readonly SheetRow[]): Promise<CheckedImport> {
  const masters = await loadMasters(db);
  const checked = rows.map((sheetRow) => {
    const cells = parseCells(sheetRow.cells);
    const degree = degreeProblems(masters, scope, cells.parsed);
    return { sheetRow, row: cells.parsed, degree: degree.degree, reasons: [...cells.reasons, ...degree.reasons] };
  });

  const admissionNoCounts = countsOf(checked.map((entry) => entry.row.admissionNo));
  const emailCounts = countsOf(checked.map((entry) => entry.row.email));
  const emails = [...emailCounts.keys()];
  const accounts = new Map((await findUsersNamed(db, emails)).map((account) => [account.userName, account]));
  const existing = await findStudentsMatching(db, [...admissionNoCounts.keys()], [...accounts.values()].map((account) => account.id));
  const studentByAdmissionNo = new Map(existing.map((student) => [student.admissionNo, student]));
  const studentAccountIds = new Set(existing.map((student) => student.userId));

  const result: CheckedImport = { totalRows: rows.length, planned: [], duplicates: 0, rejected: [] };
  for (const entry of checked) {
    const { admissionNo, email } = entry.row;
    const account = email === undefined ? undefined : accounts.get(email);
    let duplicate = false;
    if (admissionNo !== undefined && admissionNoCounts.get(admissionNo)! > 1) entry.reasons.push(studentImportMessages.admissionNoRepeated);
    if (email !== undefined && emailCounts.get(email)! > 1) entry.reasons.push(studentImportMessages.emailRepeated);
    if (admissionNo !== undefined && email !== undefined) {
      const student = studentByAdmissionNo.get(admissionNo);
      if (student) {
        const samePerson = student.email === email || student.userName === email;
        if (!samePerson) entry.reasons.push(studentImportMessages.admissionNoTaken);
        else if (!isDegreeInScope(scope, student.degreeId)) entry.reasons.push(studentImportMessages.studentNotYours);
        else if (student.name !== entry.row.name || student.degreeId !== entry.degree?.id || student.admissionYear !== entry.row.admissionYear) {
          entry.reasons.push(studentImportMessages.studentRecordedOtherwise);
        } else duplicate = true;
      } else if (account && isStaffRole(account.role)) {
        entry.reasons.push(studentImportMessages.emailOfStaff);
      } else if (account && studentAccountIds.has(account.id)) {
        entry.reasons.push(studentImportMessages.emailOfAnotherStudent);
      } else if (account && !account.isActive) {
        entry.reasons.push(studentImportMessages.accountDisabled);
      } else if (account?.applicationUndecided) {
        entry.reasons.push(studentImportMessages.applicationUndecided);
      }
    }
    if (entry.reasons.length > 0) {
      result.rejected.push({ row: entry.sheetRow.row, admissionNo: entry.sheetRow.cells.admissionNo, reasons: [...new Set(entry.reasons)] });
    } else if (duplicate) {
      result.duplicates += 1;
    } else {
      result.planned.push({ student: entry.row as StudentImportRow, degree: entry.degree!, existingAccount: account });
    }
  }
  return result;
}

function previewOf(fileName: string, checked: CheckedImport): StudentImportPreview {
  return { fileName, totalRows: checked.totalRows, valid: checked.planned.length, duplicates: checked.duplicates, rejected: checked.rejected };
}

/** The name the browser gave, without any folder, for the log. */
function logFileName(name: string): string {
  return (name.split(/[/\\]/).pop() ?? "").trim().slice(0, 200) || "students";
}

/** POST studentImport/preview: what an import of the file would do, writing nothing. */
export async function previewImport(ctx: AppContext, actor: Actor, file: ImportFile): Promise<StudentImportPreview> {
  const rows = await readImportFile(file.content);
  const checked = await checkRows(ctx.db, await degreeScopeOf(ctx.db, actor), rows);
  return previewOf(logFileName(file.fileName), checked);
}

export type ImportOutcome = { imported: ImportLogRow } | { refused: StudentImportPreview };

/**
 * The new students' accounts (with the given password hash), the applicants' accounts that become
 * students, the records and fee terms (from their current year on); answers how many fee terms were written.
 */
async function writeStudents(db: Database, planned: PlannedStudent[], promotedAccountIds: number[], passwordHash: string): Promise<number> {
  const newAccountIds = await insertStudentAccounts(
    db,
    planned.filter((entry) => !entry.existingAccount).map(({ student }) => ({ userName: student.email, mobile: student.mobile })),
    passwordHash,
  );
  await makeStudentAccounts(db, promotedAccountIds);
  const studentIds = await insertStudents(
    db,
    planned.map(({ student, degree, existingAccount }) => ({
      userId: existingAccount?.id ?? newAccountIds.get(student.email)!,
      admissionNo: student.admissionNo,
      name: student.name,
      email: student.email,
      mobile: student.mobile,
      courseId: degree.courseId,
      degreeId: degree.id,
      currentYear: student.currentYear,
      admissionYear: student.admissionYear,
    })),
  );
  return copyFeeStructureToStudents(db, studentIds, { andLaterYears: true, newStudents: true });
}

/**
 * POST studentImport: all or nothing. The file is checked again inside the transaction (imports
 * take turns); any rejected row refuses the whole file, and the refusal is kept in the import log
 * with its reasons. Otherwise the new students, their accounts, their fee terms, the log entry and
 * the activity entry are written together; rows already imported are left as they are.
 */
export async function importStudents(ctx: AppContext, actor: Actor, file: ImportFile, meta: RequestMeta): Promise<ImportOutcome> {
  const rows = await readImportFile(file.content);
  const scope = await degreeScopeOf(ctx.db, actor);
  const fileName = logFileName(file.fileName);
  // One hash of a secret nobody keeps, shared by the new accounts and made before the transaction:
  // nobody can sign in with it, and hashing ten thousand passwords would take minutes. Students
  // choose their own through forgot password.
  const passwordHash = await hashSecret(randomBytes(24).toString("base64url"));
  let promotedAccountIds: number[] = [];
  const outcome = await ctx.db.transaction(async (tx): Promise<ImportOutcome> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_ID})`);
    const checked = await checkRows(tx, scope, rows);
    const log = {
      fileName,
      actorUserId: actor.id,
      actorName: actor.userName,
      totalRows: checked.totalRows,
      skippedRows: checked.duplicates,
      rejectedRows: checked.rejected.length,
      rejected: checked.rejected,
    };
    if (checked.rejected.length > 0) {
      await insertImportLog(tx, { ...log, importedRows: 0 });
      return { refused: previewOf(fileName, checked) };
    }

    promotedAccountIds = checked.planned.flatMap((entry) => (entry.existingAccount ? [entry.existingAccount.id] : []));
    const feeTermsWritten = await writeStudents(tx, checked.planned, promotedAccountIds, passwordHash);
    const imported = await insertImportLog(tx, { ...log, importedRows: checked.planned.length });
    await recordActivity(tx, {
      actor: { id: actor.id, userName: actor.userName },
      action: "students.imported",
      entityType: "import",
      entityId: imported.id,
      summary: `Imported ${imported.importedRows} students from ${fileName}; ${imported.skippedRows} were already there`,
      details: { fileName, totalRows: imported.totalRows, importedRows: imported.importedRows, skippedRows: imported.skippedRows, feeTerms: feeTermsWritten },
      ip: meta.ip,
    });
    return { imported };
  });
  // Applicants signed in when they became students get the student's screens on their next call.
  ctx.sessionCache.forgetUsers(promotedAccountIds);
  return outcome;
}

/** GET studentImport/template: the degrees listed are those the actor may import into (open ones). */
export async function studentImportTemplate(ctx: AppContext, actor: Actor): Promise<Buffer> {
  const [masters, scope] = await Promise.all([loadMasters(ctx.db), degreeScopeOf(ctx.db, actor)]);
  const courseNames = new Map([...masters.courses.values()].filter((course) => course.isActive).map((course) => [course.id, course.name]));
  return buildTemplate(
    masters.degrees
      .filter((degree) => degree.isActive && courseNames.has(degree.courseId) && isDegreeInScope(scope, degree.id))
      .map((degree) => ({ course: courseNames.get(degree.courseId)!, name: degree.name })),
  );
}

/** GET importLog: an admin reads every import; anyone else only their own. */
export async function findImportLog(ctx: AppContext, actor: Actor, page: { pageNo: number; pageSize: number }) {
  return findImportLogPage(ctx.db, page, actor.role === ROLE_ADMIN ? null : actor.id);
}
