import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { ROLE_ADMIN } from "@admissions/shared";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.js";
import { users } from "../../db/schema/index.js";
import { recordActivity } from "../activity/activity.repository.js";
import { hashSecret } from "../auth/passwords.js";
import { deleteSessionsOfUser } from "../auth/sessions.repository.js";
import { countActiveUsersWithRole, findUserByName, insertUserUnlessTaken } from "./users.repository.js";

export const GENERATED_ADMIN_EMAIL = "admin@admissions.local";

/** Any number, so that instances starting together on an empty database make one admin, not two. */
const FIRST_ADMIN_LOCK_ID = 7_211_002;

/**
 * A database with no active administrator gets one: from ADMIN_EMAIL and ADMIN_PASSWORD, or with a
 * random password printed once to the log, so a fresh install can always be signed in to.
 */
export async function ensureFirstAdmin(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if ((await countActiveUsersWithRole(ctx.db, ROLE_ADMIN)) > 0) return;
  const configured = ctx.settings.firstAdmin;
  const email = configured?.email ?? GENERATED_ADMIN_EMAIL;
  const password = configured?.password ?? randomBytes(12).toString("base64url");
  const passwordHash = await hashSecret(password);

  const created = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_ID})`);
    // Another instance may have made the admin while this one waited for the lock.
    if ((await countActiveUsersWithRole(tx, ROLE_ADMIN)) > 0) return false;
    const existing = await findUserByName(tx, email);
    // Sessions read the role live: one opened by whoever held the account before must not become an admin's.
    if (existing) await deleteSessionsOfUser(tx, existing.id);
    const admin = existing
      ? (await tx.update(users).set({ role: ROLE_ADMIN, isActive: true, passwordHash }).where(eq(users.id, existing.id)).returning())[0]
      : await insertUserUnlessTaken(tx, { userName: email, mobile: null, passwordHash, role: ROLE_ADMIN });
    await recordActivity(tx, {
      actor: null,
      action: "user.first_admin",
      entityType: "user",
      entityId: admin?.id,
      summary: existing ? `Made ${email} the first administrator` : `Created the first administrator ${email}`,
      details: { userName: email, promoted: existing !== undefined },
    });
    return true;
  });
  if (!created) return;

  if (configured) {
    log.info({ email }, "first administrator created from ADMIN_EMAIL and ADMIN_PASSWORD");
  } else {
    // Printed once, on purpose: there is no other way to learn it. Set ADMIN_EMAIL/ADMIN_PASSWORD to choose.
    log.warn(`First administrator created. Sign in as ${email} with password ${password} and keep it safe; it is not shown again.`);
  }
}
