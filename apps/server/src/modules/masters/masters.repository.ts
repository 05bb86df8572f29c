import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { courses, degrees } from "../../db/schema/index.js";

export async function findActiveCourses(db: Database) {
  return db.select().from(courses).where(eq(courses.isActive, true)).orderBy(asc(courses.id));
}

export async function findActiveDegrees(db: Database) {
  return db.select().from(degrees).where(eq(degrees.isActive, true)).orderBy(asc(degrees.courseId), asc(degrees.name));
}

export async function getActiveDegree(db: Database, degreeId: number) {
  const [row] = await db
    .select({ id: degrees.id, name: degrees.name, courseId: degrees.courseId, applicationFee: courses.applicationFee })
    .from(degrees)
    .innerJoin(courses, eq(courses.id, degrees.courseId))
    .where(and(eq(degrees.id, degreeId), eq(degrees.isActive, true), eq(courses.isActive, true)))
    .limit(1);
  return row;
}
