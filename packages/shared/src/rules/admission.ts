/** SPEC.md section 5's input clean-up and section 3's derived values, shared by the form and the server. */

/** Names as on the HSC marksheet: letters and spaces only, upper-cased. */
export function cleanName(value: string): string {
  return value.replace(/[^A-Za-z ]/g, "").replace(/ {2,}/g, " ").toUpperCase();
}

/** Free text is kept upper-cased (SPEC.md); e-mail addresses are not. */
export function upperText(value: string): string {
  return value.toUpperCase();
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

/** A mobile number's digits without the country code (+91) or trunk 0 written before its ten. */
export function mobileDigits(value: string): string {
  return digitsOnly(value).replace(/^(91|0)(?=\d{10}$)/, "");
}

/** Marks keep digits and the first decimal point only. */
export function cleanMark(value: string): string {
  const kept = value.replace(/[^\d.]/g, "");
  const point = kept.indexOf(".");
  return point === -1 ? kept : kept.slice(0, point + 1) + kept.slice(point + 1).replace(/\./g, "");
}

/** Whole years between a YYYY-MM-DD birth date and a day (today by default); null when not a date. */
export function ageOn(dob: string, today: Date = new Date()): number | null {
  const born = dayOf(dob);
  if (!born) return null;
  let age = today.getFullYear() - born.year;
  if (today.getMonth() + 1 < born.month || (today.getMonth() + 1 === born.month && today.getDate() < born.day)) age -= 1;
  return age;
}

/** YYYY-MM-DD naming a day that exists (no 2026-02-30). */
export function isRealDate(value: string): boolean {
  return dayOf(value) !== null;
}

/**
 * A calendar day that exists (2026-02-30 is refused, not rolled over into March), from 1900 on: no
 * record is older, and PostgreSQL refuses the year 0000 that JavaScript's dates take. Here among the
 * rules, not beside the list schemas that check it: a screen's date box asks it too, and importing
 * it from a module of zod schemas brought zod into the staff's first download.
 */
export const isRecordedDay = (value: string): boolean => value >= "1900" && isRealDate(value);

/**
 * The year, month and day a YYYY-MM-DD text names, or null when it names no day of the (Gregorian)
 * calendar. Counted rather than parsed into a Date and written back: every save reads the birth
 * date three times (its check, and its age twice), which was 8 % of a save's check with its JSON
 * parsed, in a profile of that alone (docs/PERFORMANCE.md, forty-second round).
 */
function dayOf(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) ? { year, month, day } : null;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** SPEC.md: a 1200-mark HSC has rows out of 200; a 600-mark one rows out of 100. */
export function rowMaxMark(maxMarkInTweleve: number | string | null | undefined): number {
  return Number(maxMarkInTweleve) === 1200 ? 200 : 100;
}

/**
 * The courses the admission form takes, by id, with their names, which staff cannot change (the
 * application numbers begin with them): DESIGN.md's UG (courseId 1) and PG (courseId 2), the two whose
 * exam details the form asks for. Staff may add other courses; their degrees take students by
 * import, not by the admission form.
 */
export const admissionCourses: Readonly<Record<number, "UG" | "PG">> = { 1: "UG", 2: "PG" };

/** SPEC.md: a course counts as UG when its value is 1 or the text UG. */
export function isUnderGraduate(course: number | string | null | undefined): boolean {
  return course === 1 || course === "1" || String(course).toUpperCase() === "UG";
}

const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** SPEC.md: the sum of marks, and that sum over the sum of max marks as a percentage, both to 2 decimals. */
export function markTotals(rows: readonly { markSecured?: number | string | null; maxMark?: number | string | null }[]) {
  const secured = rows.reduce((sum, row) => sum + (Number(row.markSecured) || 0), 0);
  const maximum = rows.reduce((sum, row) => sum + (Number(row.maxMark) || 0), 0);
  return { totalMarks: round2(secured), totalMarkPercent: maximum > 0 ? round2((secured * 100) / maximum) : 0 };
}

/** SPEC.md: six mark rows are shown with these labels; up to seven are handled. */
export const markRowLabels = ["Language 1", "Language 2", "Subject 1", "Subject 2", "Subject 3", "Subject 4"] as const;
export const maxMarkRows = 7;

/** The row of the first of the HSC's own subjects: the two before it are the languages, each from a list of its own. */
const FIRST_SUBJECT_ROW = 2;

/**
 * Whether row `index`'s subject was chosen in an earlier row of the HSC's own subjects: its marks
 * would count twice in the percentage staff rank by. "Other" may stand for several unlisted subjects.
 */
export function isRepeatedSubject(subjects: readonly unknown[], index: number): boolean {
  const subject = subjects[index];
  if (index <= FIRST_SUBJECT_ROW || !subject || subject === "Other") return false;
  return subjects.slice(FIRST_SUBJECT_ROW, index).includes(subject);
}

/** SPEC.md: the first row's passing year and register number are copied to every row. */
export function copyFirstRowDetails<T extends { passingYear?: string; registerNo?: string }>(rows: readonly T[]): T[] {
  const first = rows[0];
  if (!first) return [...rows];
  return rows.map((row, index) => (index === 0 ? row : { ...row, passingYear: first.passingYear, registerNo: first.registerNo }));
}
