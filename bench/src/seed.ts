import { ROLE_STUDENT, ROLE_USER, admissionSchema, sampleAadhaarNumber, sampleAdmission, type AdmissionInput, type MarkRow, type StudentImportColumn } from "@admissions/shared";
import { openDatabase, type Database, type DatabaseTarget } from "@admissions/server/db/client";
import { applicationCounters, applications, degrees, paymentOrders, students, uploadedFiles, users } from "@admissions/server/db/schema/index";
import { DEMO_PASSWORD, seedDemo } from "@admissions/server/db/seed-demo";
import { copyFeeStructureToStudents } from "@admissions/server/modules/academic/academic.repository";
import { applicationColumnsOf } from "@admissions/server/modules/admissions/admissions.service";
import { hashSecret } from "@admissions/server/modules/auth/passwords";
import { ABANDONED_AFTER_MS } from "@admissions/server/modules/payments/payments.service";
import { count, sql } from "drizzle-orm";

/** Every seeded applicant signs in with this password. */
export const BENCH_PASSWORD = "Bench@2026";
export const BENCH_ADMIN = { userName: "admin@demo.in", password: DEMO_PASSWORD };

/**
 * The first applicants are left with an editable (Pending) application and are the ones the load
 * signs in as: they may read their status and save their form again, as applicants on deadline day do.
 */
export const SIGNED_IN_APPLICANTS = 1_000;

export interface SeededData {
  applications: number;
  /** Admitted students, each with the fee terms of their degree. */
  students: number;
  password: string;
  /** User names of the applicants with an editable application. */
  applicantUserNames: string[];
  /** What POST admission receives from each of them: their own form, with their own documents. */
  formOf(userName: string): AdmissionInput;
}

const BATCH = 1_000;
const firstNames = ["ARUN", "KAVYA", "PRIYA", "KARTHIK", "DIVYA", "SURESH", "MEENA", "VIGNESH", "ANITHA", "RAHUL", "LAKSHMI", "GOKUL", "NIVETHA", "SANJAY", "DEEPA", "HARISH", "REVATHI", "MANOJ", "SWATHI", "AJITH"];
const initials = "ABCDEGJKMNPRSTV";

/**
 * Later applications are mostly decided: the mix an office sees a few weeks into admissions. A fifth
 * are Approved, so 100,000 applications hold about the 20,000 students the targets are set for.
 */
const statusMix: [status: string, share: number][] = [
  ["Pending", 0.25],
  ["Payment Failure", 0.05],
  ["Submitted", 0.35],
  ["Approved", 0.2],
  ["Transferred", 0.03],
  ["Cancelled", 0.04],
  ["Rejected", 0.08],
];

/** A small seeded generator, so every run measures the same data. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    status: () => {
      let roll = next();
      for (const [status, share] of statusMix) {
        roll -= share;
        if (roll < 0) return status;
      }
      return statusMix[0]![0];
    },
  };
}

type Random = ReturnType<typeof randomSource>;
type Degree = typeof degrees.$inferSelect;

function userNameOf(index: number) {
  return `applicant${index}@bench.example.in`;
}

function documentsOf(index: number) {
  return { photoUrl: `bench-${index}-photo.jpg`, marksheetCertificateUrl: `bench-${index}-marks.pdf`, aadharImageUrl: `bench-${index}-aadhar.png` };
}

/** A UG applicant's whole form, varied by name, contact, degree and marks, and valid by the shared rules. */
function formOf(index: number, degree: Degree, random: Random): AdmissionInput {
  const userName = userNameOf(index);
  const sample = sampleAdmission();
  return sampleAdmission({
    userName,
    email: userName,
    name: `${random.pick(firstNames)} ${random.pick([...initials])}`,
    gender: random.pick(["female", "male"]),
    whatsappNo: String(9_000_000_000 + index),
    aadharNo: sampleAadhaarNumber(index),
    course: "UG",
    courseSubject: degree.name,
    courseSubjectId: degree.id,
    marksDetails: (sample.marksDetails as MarkRow[]).map((row) => ({ ...row, markSecured: random.integer(35, 100) })),
    ...documentsOf(index),
  });
}

/** The gateway's tracking id of an application's successful payment, on the order and the application alike. */
function trackingIdOf(applicationNo: string) {
  return `BENCH-${applicationNo}`;
}

/**
 * Whether an unpaid application's payment attempt was given up: the order status call closes an order
 * as Aborted when the gateway still reports it unpaid that long after it (its payer reached the
 * payment page and left). Newer ones still await the gateway's word, as on any day
 * of the season.
 */
function leftAtTheGateway(createdAt: Date) {
  return Date.now() - createdAt.getTime() > ABANDONED_AFTER_MS;
}

/** The row the server would store for the form (admissions.service), with a status a few weeks on. */
function applicationRowOf(input: AdmissionInput, degree: Degree, applicationNo: string, status: string, createdAt: Date, random: Random) {
  const offline = status !== "Pending" && status !== "Payment Failure" && random.next() < 0.1;
  const unpaidStatus = leftAtTheGateway(createdAt) ? "Aborted" : "Pending";
  const paymentStatus = status === "Pending" ? unpaidStatus : status === "Payment Failure" ? "Failure" : offline ? "Offline" : "Success";
  return {
    applicationNo,
    status,
    paymentStatus,
    paymentRefNo: paymentStatus === "Success" ? trackingIdOf(applicationNo) : null,
    isOffline: offline,
    ...applicationColumnsOf(admissionSchema.parse(input), degree),
    applicationFee: 300,
    applicationDate: createdAt.toISOString().slice(0, 10),
    createdAt,
    updatedAt: createdAt,
  };
}

/** DESIGN.md: admission numbers are counted per course and year, as application numbers are: ADM-UG-2026-0001. */
const admissionSeries = "ADM-UG";

function admissionNoOf(year: number, admitted: number) {
  return `${admissionSeries}-${year}-${String(admitted).padStart(4, "0")}`;
}

type InsertedApplication = Pick<typeof applications.$inferSelect, "id" | "userId" | "admissionNo" | "name" | "email" | "mobile" | "courseId" | "degreeId">;

/**
 * What approval writes for an admitted applicant (decisions.service `admit`): a student in year 1 of
 * the degree, and the degree's fee structure copied into their fee terms, all still due. Their
 * accounts were created with the student role.
 */
async function admitStudents(db: Database, approved: InsertedApplication[], year: number) {
  if (approved.length === 0) return;
  const inserted = await db
    .insert(students)
    .values(
      approved.map((application) => ({
        userId: application.userId,
        applicationId: application.id,
        admissionNo: application.admissionNo!,
        name: application.name,
        email: application.email,
        mobile: application.mobile,
        courseId: application.courseId,
        degreeId: application.degreeId,
        currentYear: 1,
        admissionYear: year,
      })),
    )
    .returning({ id: students.id });
  await copyFeeStructureToStudents(
    db,
    inserted.map((student) => student.id),
    { andLaterYears: true },
  );
}

/** Answers how many applicants are admitted so far: `admitted` before the batch, and the batch's own. */
async function insertBatch(db: Database, first: number, size: number, ugDegrees: Degree[], passwordHash: string, random: Random, admittedBefore: number): Promise<number> {
  const year = new Date().getFullYear();
  let admitted = admittedBefore;
  const planned = Array.from({ length: size }, (_, offset) => {
    const index = first + offset;
    const degree = random.pick(ugDegrees);
    const status = index < SIGNED_IN_APPLICANTS ? "Pending" : random.status();
    // Spread over the eight weeks an admission season runs.
    const createdAt = new Date(Date.now() - random.integer(0, 56 * 24 * 3600) * 1000);
    const row = applicationRowOf(formOf(index, degree, random), degree, `UG-${year}-${String(index + 1).padStart(6, "0")}`, status, createdAt, random);
    if (status !== "Approved") return row;
    admitted += 1;
    return { ...row, admissionNo: admissionNoOf(year, admitted) };
  });
  const insertedUsers = await db
    .insert(users)
    .values(
      planned.map((application, offset) => ({
        userName: userNameOf(first + offset),
        mobile: String(9_000_000_000 + first + offset),
        passwordHash,
        role: application.status === "Approved" ? ROLE_STUDENT : ROLE_USER,
      })),
    )
    .returning({ id: users.id, userName: users.userName });

  const inserted = await db
    .insert(applications)
    .values(planned.map((application, offset) => ({ ...application, userId: insertedUsers[offset]!.id })))
    .returning();
  await admitStudents(
    db,
    inserted.filter((application) => application.status === "Approved"),
    year,
  );

  await db.insert(uploadedFiles).values(
    insertedUsers.flatMap((user, offset) =>
      Object.values(documentsOf(first + offset)).map((fileName) => ({
        fileName,
        ownerUserName: user.userName,
        originalName: fileName,
        contentType: fileName.endsWith(".pdf") ? "application/pdf" : fileName.endsWith(".png") ? "image/png" : "image/jpeg",
        sizeBytes: 150_000,
      })),
    ),
  );
  // Every online application started a payment order. The statistics PostgreSQL plans with are taken
  // once the seed is in, so it must hold the orders that still await the gateway, as a real
  // database does after the first day: with none, the planner takes their indexes to be empty.
  const online = inserted.filter((application) => application.paymentStatus !== "Offline");
  if (online.length > 0) {
    await db.insert(paymentOrders).values(
      online.map((application) => {
        const awaiting = application.paymentStatus === "Pending";
        return {
          orderId: `BENCH-${application.id}`,
          purpose: "application",
          applicationId: application.id,
          userId: application.userId,
          amountPaise: 30_000,
          status: awaiting ? "Awaiting" : application.paymentStatus,
          trackingId: application.paymentStatus === "Success" ? trackingIdOf(application.applicationNo) : null,
          settledBy: awaiting ? null : application.paymentStatus === "Aborted" ? "status" : "return",
          createdAt: application.createdAt,
          settledAt: awaiting ? null : application.createdAt,
        };
      }),
    );
  }
  return admitted;
}

/**
 * Fills an empty database: the demo degrees, fee structures and staff accounts, then `total`
 * applicants with their application, documents and payment, in batches of a thousand; the approved
 * ones are students with their fee terms.
 */
export async function seedBenchData(target: DatabaseTarget, total: number, progress: (done: number) => void): Promise<SeededData> {
  const database = await openDatabase(target);
  try {
    const db = database.db;
    const [existing] = await db.select({ value: count() }).from(applications);
    if (existing!.value > 0) throw new Error("the benchmark needs an empty database: this one already holds applications");
    await seedDemo(db);
    const ugDegrees = (await db.select().from(degrees)).filter((degree) => degree.courseId === 1);
    const passwordHash = await hashSecret(BENCH_PASSWORD);
    const random = randomSource(2026);
    let admitted = 0;
    for (let first = 0; first < total; first += BATCH) {
      admitted = await insertBatch(db, first, Math.min(BATCH, total - first), ugDegrees, passwordHash, random, admitted);
      progress(Math.min(total, first + BATCH));
    }
    // The next application and admission numbers follow the seeded ones, as they would after the season so far.
    const year = new Date().getFullYear();
    await db.insert(applicationCounters).values([
      { course: "UG", year, last: total },
      ...(admitted > 0 ? [{ course: admissionSeries, year, last: admitted }] : []),
    ]);
    // A database that grew over weeks has been visited by autovacuum: planner statistics, and the
    // visibility map that lets counts read an index alone. One filled a minute ago has neither yet
    // and would be measured with the plans of an empty table.
    await db.execute(sql`VACUUM ANALYZE`);

    const formRandom = randomSource(7);
    return {
      applications: total,
      students: admitted,
      password: BENCH_PASSWORD,
      applicantUserNames: Array.from({ length: Math.min(SIGNED_IN_APPLICANTS, total) }, (_, index) => userNameOf(index)),
      formOf(userName) {
        const index = Number(/^applicant(\d+)@/.exec(userName)![1]);
        return formOf(index, ugDegrees[index % ugDegrees.length]!, formRandom);
      },
    };
  } finally {
    await database.close();
  }
}

/**
 * Students for the import, as an office moving onto the app would upload its second years: each
 * distinct (admission number, e-mail, mobile) and none already seeded, spread over the degrees the
 * template lists (every degree has a second year), admitted last year.
 */
export function studentsToImport(templateDegrees: { course: string; name: string }[], total: number): Record<StudentImportColumn, string>[] {
  const random = randomSource(11);
  const admissionYear = String(new Date().getFullYear() - 1);
  return Array.from({ length: total }, (_, index) => {
    const degree = random.pick(templateDegrees);
    return {
      admissionNo: `BENCH-${degree.course}-${admissionYear}-${String(index + 1).padStart(5, "0")}`,
      name: `${random.pick(firstNames)} ${random.pick([...initials])}`,
      email: `student${index}@bench.example.in`,
      mobile: String(8_000_000_000 + index),
      course: degree.course,
      degree: degree.name,
      currentYear: "2",
      admissionYear,
    };
  });
}
