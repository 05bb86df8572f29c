import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { nameWords } from "../search.js";
import { degrees } from "./masters.js";
import { users } from "./users.js";

/**
 * One application per applicant. The columns hold what staff filter, sort and search by; `data` holds
 * the whole normalised form in SPEC.md's wire names, so the form can grow without a migration.
 */
export const applications = pgTable(
  "applications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    applicationNo: text("application_no").notNull(),
    admissionNo: text("admission_no"),
    /** Draft, Pending, Payment Failure, Submitted, Approved, Transferred, Cancelled, Rejected (DESIGN.md). */
    status: text("status").notNull(),
    /** Pending, Success, Failure, Aborted, Offline (DESIGN.md). */
    paymentStatus: text("payment_status").notNull(),
    paymentRefNo: text("payment_ref_no"),
    isOffline: boolean("is_offline").notNull().default(false),
    courseId: integer("course_id").notNull(),
    degreeId: integer("degree_id")
      .notNull()
      .references(() => degrees.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobile: text("mobile").notNull(),
    tweleveStatus: text("tweleve_status"),
    totalMarkPercent: numeric("total_mark_percent", { precision: 5, scale: 2, mode: "number" }),
    applicationFee: integer("application_fee").notNull(),
    data: jsonb("data").notNull(),
    // Four fields of the form that the export's sheet shows, kept beside it by PostgreSQL at every
    // write: read from `data`, each batch of the export decompressed every row's whole form, four
    // fifths of its time in the database (docs/PERFORMANCE.md, forty-first round).
    gender: text("gender").generatedAlwaysAs(sql`data ->> 'gender'`),
    community: text("community").generatedAlwaysAs(sql`data ->> 'community'`),
    dob: text("dob").generatedAlwaysAs(sql`data ->> 'dob'`),
    district: text("district").generatedAlwaysAs(sql`data -> 'addressDetails' ->> 'district'`),
    // The review screen names the other applications made with the same Aadhaar number. A column of
    // its own rather than an index on the form's field: an index on an expression of `data` would
    // stop every resave of the form from updating its row in place (migration 0013).
    aadharNo: text("aadhar_no").generatedAlwaysAs(sql`data ->> 'aadharNo'`),
    createdBy: integer("created_by").references(() => users.id),
    applicationDate: text("application_date").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("applications_user_id_key").on(table.userId),
    uniqueIndex("applications_application_no_key").on(table.applicationNo),
    // Staff mostly look at one status: newest first or by name. (status, column, id) serves any page of
    // those from the index alone; a deep page over 100,000 rows went from a sort of every match (80 ms) to an index walk.
    index("applications_status_idx").on(table.status, table.createdAt, table.id),
    index("applications_status_name_idx").on(table.status, table.name, table.id),
    index("applications_degree_idx").on(table.degreeId, table.createdAt),
    // The list sorts by a column and then the id: (column, id) lets a deep page walk the index alone.
    index("applications_created_at_idx").on(table.createdAt, table.id),
    index("applications_email_idx").on(sql`lower(${table.email})`),
    index("applications_mobile_idx").on(table.mobile),
    // Staff search a name by the starts of its words (db/search.ts), which a full-text index of them
    // serves, and an application number, stored upper-cased, from its start, which only a pattern
    // index serves under a collation other than C. The list sorts by name too.
    index("applications_name_words_idx").using("gin", nameWords(table.name)),
    index("applications_application_no_pattern_idx").on(table.applicationNo.op("text_pattern_ops")),
    index("applications_name_sort_idx").on(table.name, table.id),
    index("applications_mode_idx").on(table.isOffline, table.createdAt),
    index("applications_payment_status_idx").on(table.paymentStatus, table.createdAt),
    index("applications_course_idx").on(table.courseId, table.createdAt),
    index("applications_marks_idx").on(table.totalMarkPercent, table.id),
    // The dashboard counts by application date.
    index("applications_application_date_idx").on(table.applicationDate),
    index("applications_aadhar_no_idx").on(table.aadharNo),
  ],
);

/**
 * How many applications each course, degree and status holds, kept by triggers on applications
 * (migration 0011) so the staff list need not count 100,000 rows on every page. A change is
 * written to applicationStatusCountChanges, which no two writers ever contend for, and folded into
 * these totals from time to time (status-counts.repository.ts); the count is the two together.
 */
export const applicationStatusCounts = pgTable(
  "application_status_counts",
  {
    courseId: integer("course_id").notNull(),
    degreeId: integer("degree_id").notNull(),
    status: text("status").notNull(),
    applications: integer("applications").notNull(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.degreeId, table.status] })],
);

/** Changes to applicationStatusCounts not folded into it yet: +n or -n applications of one key. */
export const applicationStatusCountChanges = pgTable("application_status_count_changes", {
  courseId: integer("course_id").notNull(),
  degreeId: integer("degree_id").notNull(),
  status: text("status").notNull(),
  change: integer("change").notNull(),
});

/** Readable application numbers, counted per course and year: UG-2026-000123. */
export const applicationCounters = pgTable(
  "application_counters",
  {
    course: text("course").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (table) => [primaryKey({ columns: [table.course, table.year] })],
);

/** What an applicant has typed so far, so they can close the browser and go on from another device. */
export const applicationDrafts = pgTable("application_drafts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  data: jsonb("data").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded documents. The stored name is generated; the owner is the applicant's user name (e-mail). */
export const uploadedFiles = pgTable(
  "uploaded_files",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    fileName: text("file_name").notNull(),
    ownerUserName: text("owner_user_name").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("uploaded_files_file_name_key").on(table.fileName), index("uploaded_files_owner_idx").on(table.ownerUserName)],
);
