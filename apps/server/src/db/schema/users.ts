import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** The roles a user can hold; the four of SPEC.md are seeded by the first migration. */
export const roles = pgTable("roles", {
  name: text("name").primaryKey(),
  description: text("description").notNull(),
});

/** Everyone who signs in: applicants, students and staff. `user_name` is the lower-cased e-mail. */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userName: text("user_name").notNull(),
    mobile: text("mobile"),
    passwordHash: text("password_hash").notNull(),
    role: text("role")
      .notNull()
      .references(() => roles.name),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_user_name_key").on(table.userName),
    index("users_role_idx").on(table.role).where(sql`${table.isActive}`),
    // Staff search accounts by the start of the e-mail.
    index("users_user_name_prefix_idx").on(table.userName.op("text_pattern_ops")),
  ],
);

/** A signed-in browser. Only the SHA-256 of the cookie's token is kept, so a database leak signs nobody in. */
export const sessions = pgTable(
  "sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (table) => [uniqueIndex("sessions_token_hash_key").on(table.tokenHash), index("sessions_user_id_idx").on(table.userId)],
);

/** One-time codes for password reset: hashed, short-lived, single use, void after too many wrong tries. */
export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    wrongTries: integer("wrong_tries").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("password_reset_codes_user_id_idx").on(table.userId, table.createdAt)],
);
