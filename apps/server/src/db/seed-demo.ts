import { pathToFileURL } from "node:url";
import { ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN, ROLE_STUDENT, ROLE_USER } from "@admissions/shared";
import { loadSettingsOrExit } from "../env.js";
import { hashSecret } from "../modules/auth/passwords.js";
import { findUserByName, insertUserUnlessTaken } from "../modules/users/users.repository.js";
import { openDatabase, type Database } from "./client.js";
import { degrees } from "./schema/index.js";

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

/** Fills a database for demos and trials; running it again changes nothing. */
export async function seedDemo(db: Database): Promise<{ created: string[] }> {
  await db
    .insert(degrees)
    .values(demoDegrees)
    .onConflictDoNothing({ target: [degrees.courseId, degrees.name] });
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  const created: string[] = [];
  for (const account of demoAccounts) {
    if (await findUserByName(db, account.userName)) continue;
    await insertUserUnlessTaken(db, { ...account, passwordHash });
    created.push(account.userName);
  }
  return { created };
}

async function main() {
  const settings = loadSettingsOrExit();
  const database = await openDatabase(settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: settings.dataDir });
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
