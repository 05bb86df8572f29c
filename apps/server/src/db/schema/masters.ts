import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** SPEC.md: courses are the programme levels, UG (id 1) and PG (id 2). */
export const courses = pgTable(
  "courses",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    /** The application fee in rupees (SPEC.md: Rs.300 UG, Rs.400 PG unless an admin changes it). */
    applicationFee: integer("application_fee").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("courses_name_key").on(table.name)],
);

/** Degrees offered under a course, e.g. B.SC. COMPUTER SCIENCE under UG. Deactivated, never deleted, once used. */
export const degrees = pgTable(
  "degrees",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("degrees_course_name_key").on(table.courseId, table.name), index("degrees_course_idx").on(table.courseId)],
);
