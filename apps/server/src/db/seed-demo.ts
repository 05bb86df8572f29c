import { pathToFileURL } from "node:url";
import { ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN, ROLE_STUDENT, ROLE_USER } from "@admissions/shared";
import { loadSettingsOrExit } from "../env.js";
import { hashSecret } from "../modules/auth/passwords.js";
import { addStaffDegrees, findUserByName, insertUserUnlessTaken } from "../modules/users/users.repository.js";
import { databaseTargetOf, openDatabase, type Database } from "./client.js";
import { and, eq } from "drizzle-orm";
import { copyFeeStructureToStudents } from "../modules/academic/academic.repository.js";
import { degrees, feeStructures, students } from "./schema/index.js";

export const DEMO_PASSWORD = "Demo@2026";

export const demoAccounts = [
  { userName: "admin@demo.in", role: ROLE_ADMIN, mobile: "9840000001" },
  { userName: "department@demo.in", role: ROLE_DEPARTMENT_ADMIN, mobile: "9840000002" },
  { userName: "student@demo.in", role: ROLE_STUDENT, mobile: "9840000003" },
  { userName: "applicant@demo.in", role: ROLE_USER, mobile: "9840000004" },
] as const;

/** Degrees of a typical arts and science college; course 1 is UG and 2 is PG (SPEC.md). */
export const demoDegrees = [
  { courseId: 1, name: "B.A. TAMIL" },
  { courseId: 1, name: "B.A. ENGLISH" },
  { courseId: 1, name: "B.SC. MATHEMATICS" },
  { courseId: 1, name: "B.SC. COMPUTER SCIENCE" },
  { courseId: 1, name: "B.COM." },
  { courseId: 2, name: "M.A. ENGLISH" },
  { courseId: 2, name: "M.SC. MATHEMATICS" },
  { courseId: 2, name: "M.COM." },
];

/** Rupees per term by year: UG runs three years, PG two and costs more. */
const demoTermFees: Record<number, number[]> = { 1: [15_000, 16_000, 17_000], 2: [22_000, 24_000] };

/** "B.SC. COMPUTER SCIENCE" gives BSCCS and "B.A. TAMIL" BATAMIL: the degree's letters, then the subject's initials or its one word. */
export function feeCodePrefixOf(degreeName: string): string {
  const [degree = "", ...subject] = degreeName.split(" ");
  const letters = (text: string) => text.replace(/[^A-Z]/g, "");
  return letters(degree) + (subject.length > 1 ? subject.map((word) => word[0]).join("") : letters(subject[0] ?? ""));
}

/** Two terms a year for each demo degree, e.g. BSCCS-Y1T1; rows already there (or edited since) are kept. */
async function seedFeeStructures(db: Database) {
  const demoNames = new Set(demoDegrees.map((degree) => `${degree.courseId}/${degree.name}`));
  const rows = (await db.select().from(degrees))
    .filter((degree) => demoNames.has(`${degree.courseId}/${degree.name}`))
    .flatMap((degree) =>
      (demoTermFees[degree.courseId] ?? []).flatMap((rupees, index) =>
        [1, 2].map((term) => ({
          degreeId: degree.id,
          year: index + 1,
          term,
          amountPaise: rupees * 100,
          feeCode: `${feeCodePrefixOf(degree.name)}-Y${index + 1}T${term}`,
        })),
      ),
    );
  // No target: a row is skipped whether its year and term or its fee code is already taken.
  if (rows.length > 0) await db.insert(feeStructures).values(rows).onConflictDoNothing();
}

/** Fills a database for demos and trials; running it again changes nothing. */
export async function seedDemo(db: Database): Promise<{ created: string[] }> {
  await db
    .insert(degrees)
    .values(demoDegrees)
    .onConflictDoNothing({ target: [degrees.courseId, degrees.name] });
  await seedFeeStructures(db);
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  const created: string[] = [];
  for (const account of demoAccounts) {
    if (await findUserByName(db, account.userName)) continue;
    await insertUserUnlessTaken(db, { ...account, passwordHash });
    created.push(account.userName);
  }
  await assignDemoDepartmentDegrees(db);
  await seedDemoStudent(db);
  return { created };
}

/**
 * The demo student studies B.SC. COMPUTER SCIENCE in year 1, as an imported student would (no
 * application), with the degree's fee terms to pay; a record already there is kept as it is.
 */
async function seedDemoStudent(db: Database) {
  const demo = demoAccounts.find((account) => account.role === ROLE_STUDENT)!;
  const account = await findUserByName(db, demo.userName);
  const [degree] = await db.select().from(degrees).where(and(eq(degrees.courseId, 1), eq(degrees.name, "B.SC. COMPUTER SCIENCE")));
  if (account?.role !== ROLE_STUDENT || !degree) return;
  const inserted = await db
    .insert(students)
    .values({
      userId: account.id,
      admissionNo: "DEMO-UG-0001",
      name: "DEMO STUDENT",
      email: account.userName,
      mobile: account.mobile ?? demo.mobile,
      courseId: degree.courseId,
      degreeId: degree.id,
      currentYear: 1,
      admissionYear: new Date().getFullYear(),
    })
    .onConflictDoNothing()
    .returning({ id: students.id });
  await copyFeeStructureToStudents(
    db,
    inserted.map((student) => student.id),
    { andLaterYears: true },
  );
}

/** The demo department admin looks after two degrees, so the applications list shows only theirs. */
async function assignDemoDepartmentDegrees(db: Database) {
  const departmentAdmin = await findUserByName(db, "department@demo.in");
  if (departmentAdmin?.role !== ROLE_DEPARTMENT_ADMIN) return;
  const theirs = new Set(["B.SC. COMPUTER SCIENCE", "B.SC. MATHEMATICS"]);
  const degreeIds = (await db.select().from(degrees)).filter((degree) => degree.courseId === 1 && theirs.has(degree.name)).map((degree) => degree.id);
  await addStaffDegrees(db, departmentAdmin.id, degreeIds);
}

async function main() {
  const settings = loadSettingsOrExit();
  const database = await openDatabase(databaseTargetOf(settings));
  try {
    const { created } = await seedDemo(database.db);
    console.warn(`Demo data ready (${database.engine}). Accounts, all with password ${DEMO_PASSWORD}:`);
    for (const account of demoAccounts) {
      console.warn(`  ${account.role.padEnd(22)} ${account.userName}${created.includes(account.userName) ? "" : " (already there)"}`);
    }
  } finally {
    await database.close();
  }
}

// Run as a script (npm run seed:demo), not when imported by tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
