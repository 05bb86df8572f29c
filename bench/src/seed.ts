import { ROLE_USER, admissionSchema, sampleAdmission, type AdmissionInput, type MarkRow } from "@admissions/shared";
import { openDatabase, type Database, type DatabaseTarget } from "@admissions/server/db/client";
import { applicationCounters, applications, degrees, paymentOrders, uploadedFiles, users } from "@admissions/server/db/schema/index";
import { DEMO_PASSWORD, seedDemo } from "@admissions/server/db/seed-demo";
import { applicationColumnsOf } from "@admissions/server/modules/admissions/admissions.service";
import { hashSecret } from "@admissions/server/modules/auth/passwords";
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
  password: string;
  /** User names of the applicants with an editable application. */
  applicantUserNames: string[];
  /** What POST admission receives from each of them: their own form, with their own documents. */
  formOf(userName: string): AdmissionInput;
}

const BATCH = 1_000;
const firstNames = ["ARUN", "KAVYA", "PRIYA", "KARTHIK", "DIVYA", "SURESH", "MEENA", "VIGNESH", "ANITHA", "RAHUL", "LAKSHMI", "GOKUL", "NIVETHA", "SANJAY", "DEEPA", "HARISH", "REVATHI", "MANOJ", "SWATHI", "AJITH"];
const initials = "ABCDEGJKMNPRSTV";

/** Later applications are mostly decided: the mix an office sees a few weeks into admissions. */
const statusMix: [status: string, share: number][] = [
  ["Pending", 0.15],
  ["Payment Failure", 0.05],
  ["Submitted", 0.35],
  ["Approved", 0.3],
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
    course: "UG",
    courseSubject: degree.name,
    courseSubjectId: degree.id,
    marksDetails: (sample.marksDetails as MarkRow[]).map((row) => ({ ...row, markSecured: random.integer(35, 100) })),
    ...documentsOf(index),
  });
}

/** The row the server would store for the form (admissions.service), with a status a few weeks on. */
function applicationRowOf(input: AdmissionInput, userId: number, degree: Degree, applicationNo: string, status: string, createdAt: Date, random: Random) {
  const offline = status !== "Pending" && status !== "Payment Failure" && random.next() < 0.1;
  const paymentStatus = status === "Pending" ? "Pending" : status === "Payment Failure" ? "Failure" : offline ? "Offline" : "Success";
  return {
    userId,
    applicationNo,
    status,
    paymentStatus,
    paymentRefNo: paymentStatus === "Success" ? `BENCH${userId}` : null,
    isOffline: offline,
    ...applicationColumnsOf(admissionSchema.parse(input), degree),
    applicationFee: 300,
    applicationDate: createdAt.toISOString().slice(0, 10),
    createdAt,
    updatedAt: createdAt,
  };
}

async function insertBatch(db: Database, first: number, size: number, ugDegrees: Degree[], passwordHash: string, random: Random) {
  const year = new Date().getFullYear();
  const insertedUsers = await db
    .insert(users)
    .values(Array.from({ length: size }, (_, offset) => ({ userName: userNameOf(first + offset), mobile: String(9_000_000_000 + first + offset), passwordHash, role: ROLE_USER })))
    .returning({ id: users.id, userName: users.userName });

  const rows = insertedUsers.map((user, offset) => {
    const index = first + offset;
    const degree = random.pick(ugDegrees);
    const status = index < SIGNED_IN_APPLICANTS ? "Pending" : random.status();
    // Spread over the eight weeks an admission season runs.
    const createdAt = new Date(Date.now() - random.integer(0, 56 * 24 * 3600) * 1000);
    return applicationRowOf(formOf(index, degree, random), user.id, degree, `UG-${year}-${String(index + 1).padStart(6, "0")}`, status, createdAt, random);
  });
  const inserted = await db.insert(applications).values(rows).returning({ id: applications.id, userId: applications.userId, paymentStatus: applications.paymentStatus, createdAt: applications.createdAt });

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
  const paid = inserted.filter((application) => application.paymentStatus === "Success" || application.paymentStatus === "Failure");
  if (paid.length > 0) {
    await db.insert(paymentOrders).values(
      paid.map((application) => ({
        orderId: `BENCH-${application.id}`,
        purpose: "application",
        applicationId: application.id,
        userId: application.userId,
        amountPaise: 30_000,
        status: application.paymentStatus,
        trackingId: application.paymentStatus === "Success" ? `BENCH${application.userId}` : null,
        settledBy: "return",
        createdAt: application.createdAt,
        settledAt: application.createdAt,
      })),
    );
  }
}

/**
 * Fills an empty database: the demo degrees, fee structures and staff accounts, then `total`
 * applicants with their application, documents and payment, in batches of a thousand.
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
    for (let first = 0; first < total; first += BATCH) {
      await insertBatch(db, first, Math.min(BATCH, total - first), ugDegrees, passwordHash, random);
      progress(Math.min(total, first + BATCH));
    }
    await db.insert(applicationCounters).values({ course: "UG", year: new Date().getFullYear(), last: total });
    // A database that grew over weeks has its planner statistics; one filled a minute ago has none
    // until autovacuum comes round, and would be measured with the plans of an empty table.
    await db.execute(sql`ANALYZE`);

    const formRandom = randomSource(7);
    return {
      applications: total,
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
