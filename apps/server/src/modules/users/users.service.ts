import { randomBytes } from "node:crypto";
import {
  ROLE_ADMIN,
  isStaffRole,
  userMessages,
  type createUserRequestSchema,
  type updateUserRequestSchema,
  type UserList,
  type UserListItem,
  type userListQuerySchema,
} from "@admissions/shared";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from "../../errors.js";
import { recordActivity } from "../activity/activity.repository.js";
import { newResetCode, queueResetCodeMail } from "../auth/auth.service.js";
import { hashSecret } from "../auth/passwords.js";
import { deleteSessionsOfUser } from "../auth/sessions.repository.js";
import {
  countActiveUsersWithRole,
  findDegreeNames,
  findDegreeIdsOfUsers,
  findUsersPage,
  getUserById,
  getUserByIdForUpdate,
  insertUserUnlessTaken,
  replaceStaffDegrees,
  roleExists,
  updateUserAccess,
  type UserRow,
} from "./users.repository.js";

type UserListQuery = z.output<typeof userListQuerySchema>;
type CreateUserInput = z.output<typeof createUserRequestSchema>;
type UpdateUserInput = z.output<typeof updateUserRequestSchema>;

/**
 * Held by every change made through the users screen until its transaction ends, so two admins
 * disabling or demoting each other at once cannot both pass the last-admin check.
 */
const USER_CHANGES_LOCK_ID = 7_211_003;

function presentUser(user: UserRow, degreeIds: readonly number[]): UserListItem {
  return {
    id: user.id,
    userName: user.userName,
    mobile: user.mobile,
    role: user.role,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
    degreeIds: [...degreeIds],
  };
}

/** A page of accounts in the paged shape, each with its degrees. */
export async function listUsers(db: Database, query: UserListQuery): Promise<UserList> {
  const { rows, total } = await findUsersPage(db, query);
  const degreesByUser = await findDegreeIdsOfUsers(db, rows.map((row) => row.id));
  return {
    content: rows.map((row) => presentUser(row, degreesByUser.get(row.id) ?? [])),
    totalElements: total,
    totalPages: Math.ceil(total / query.pageSize),
    number: query.pageNo,
    size: query.pageSize,
  };
}

/** The role must be one the roles table holds, and every degree must exist; else 400 and nothing changes. */
async function checkRoleAndDegrees(db: Database, role: string, degreeIds: readonly number[]): Promise<Map<number, string>> {
  if (!(await roleExists(db, role))) throw new ValidationError([{ field: "role", message: userMessages.roleUnknown }]);
  const names = await findDegreeNames(db, degreeIds);
  if (names.size !== new Set(degreeIds).size) throw new ValidationError([{ field: "degreeIds", message: userMessages.degreeUnknown }]);
  return names;
}

type Access = { role: string; isActive: boolean; degreeIds: readonly number[] };

/**
 * The account's facts an admin changes here, for the activity log: its degrees by name as well as
 * by id, since the log is read long after and "degrees 1" told nobody which.
 */
function accessFacts(access: Access, names: Map<number, string>) {
  const degrees = access.degreeIds.map((id) => names.get(id) ?? `#${id}`);
  return { role: access.role, isActive: access.isActive, degreeIds: access.degreeIds, degrees };
}

/** The same facts as one line. */
function describeAccess(access: ReturnType<typeof accessFacts>): string {
  const degrees = access.degrees.length > 0 ? `, degrees ${access.degrees.join(", ")}` : "";
  return `${access.role}, ${access.isActive ? "active" : "disabled"}${degrees}`;
}

/**
 * A staff account with a password nobody knows; the person is mailed a reset code and chooses
 * their own password with it. An e-mail that already has an account is a conflict.
 */
export async function createUser(ctx: AppContext, actor: Actor, input: CreateUserInput, meta: RequestMeta): Promise<UserListItem> {
  const names = await checkRoleAndDegrees(ctx.db, input.role, input.degreeIds);
  const passwordHash = await hashSecret(randomBytes(24).toString("base64url"));
  const resetCode = await newResetCode();

  const created = await ctx.db.transaction(async (tx) => {
    const user = await insertUserUnlessTaken(tx, { userName: input.userName, mobile: input.mobile, passwordHash, role: input.role });
    if (!user) throw new ConflictError(userMessages.emailTaken);
    const access = accessFacts({ ...user, degreeIds: input.degreeIds }, names);
    await replaceStaffDegrees(tx, user.id, input.degreeIds);
    await queueResetCodeMail(ctx, tx, user, resetCode, {
      lead: [
        `An account has been made for you on the ${ctx.settings.collegeName} admissions site, as ${input.role}.`,
        `To choose your password, open ${ctx.settings.publicUrl}/resetpassword/${encodeURIComponent(user.userName)} and enter the code below.`,
        ``,
      ],
      closing: [`When it has expired, ask for a new code with Forgot password on the sign-in page.`],
    });
    await recordActivity(tx, {
      actor,
      action: "user.created",
      entityType: "user",
      entityId: user.id,
      summary: `Created ${user.userName}: ${describeAccess(access)}`,
      details: { userName: user.userName, ...access },
      ip: meta.ip,
    });
    return user;
  });
  ctx.mailer.kick();
  return presentUser(created, input.degreeIds);
}

/**
 * Changes an account's role, whether it may sign in, and a department admin's degrees. Applicant
 * and student roles come from admission and are never given or taken here. Nobody can leave the
 * college without an active admin. A new role or a disabled account ends the user's sessions, so
 * the change holds from their next request.
 */
export async function updateUser(ctx: AppContext, actor: Actor, userId: number, input: UpdateUserInput, meta: RequestMeta): Promise<UserListItem> {
  await checkRoleAndDegrees(ctx.db, input.role, input.degreeIds);

  const updated = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_CHANGES_LOCK_ID})`);
    const before = await getUserByIdForUpdate(tx, userId);
    if (!before) throw new NotFoundError();
    const beforeDegreeIds = (await findDegreeIdsOfUsers(tx, [userId])).get(userId) ?? [];

    const roleChanged = before.role !== input.role;
    if (roleChanged && (!isStaffRole(before.role) || !isStaffRole(input.role))) throw new BadRequestError(userMessages.admissionRoleFixed);
    // An admin who disabled or demoted themselves was signed out at once and locked out for good.
    if (userId === actor.id && (roleChanged || !input.isActive)) throw new ConflictError(userMessages.ownAccessFixed);
    const removesAnAdmin = before.role === ROLE_ADMIN && before.isActive && (input.role !== ROLE_ADMIN || !input.isActive);
    // Counted after taking the lock: an admin removed by a change that committed meanwhile is not counted.
    if (removesAnAdmin && (await countActiveUsersWithRole(tx, ROLE_ADMIN)) <= 1) throw new ConflictError(userMessages.lastActiveAdmin);

    const names = await findDegreeNames(tx, [...beforeDegreeIds, ...input.degreeIds]);
    const fromFacts = accessFacts({ ...before, degreeIds: beforeDegreeIds }, names);
    const toFacts = accessFacts(input, names);
    const [from, to] = [describeAccess(fromFacts), describeAccess(toFacts)];
    if (from === to) return presentUser(before, beforeDegreeIds);

    const after = await updateUserAccess(tx, userId, { role: input.role, isActive: input.isActive });
    await replaceStaffDegrees(tx, userId, input.degreeIds);
    // Degrees are read on every request, so only a new role or a disabled account needs new sign-ins.
    if (roleChanged || (before.isActive && !input.isActive)) await deleteSessionsOfUser(tx, userId);
    await recordActivity(tx, {
      actor,
      action: "user.updated",
      entityType: "user",
      entityId: userId,
      summary: `Changed ${before.userName} from ${from} to ${to}`,
      details: {
        userName: before.userName,
        from: fromFacts,
        to: toFacts,
      },
      ip: meta.ip,
    });
    return presentUser(after, input.degreeIds);
  });
  ctx.sessionCache.forgetUsers([userId]);
  return updated;
}

/** Mails the user a reset code, the same mail as forgot password; a disabled account could not use it. */
export async function sendPasswordReset(ctx: AppContext, actor: Actor, userId: number, meta: RequestMeta): Promise<void> {
  const user = await getUserById(ctx.db, userId);
  if (!user) throw new NotFoundError();
  if (!user.isActive) throw new ConflictError(userMessages.accountDisabled);
  const resetCode = await newResetCode();

  await ctx.db.transaction(async (tx) => {
    await queueResetCodeMail(ctx, tx, user, resetCode);
    await recordActivity(tx, {
      actor,
      action: "user.passwordResetSent",
      entityType: "user",
      entityId: user.id,
      summary: `Sent a password reset code to ${user.userName}`,
      details: { userName: user.userName },
      ip: meta.ip,
    });
  });
  ctx.mailer.kick();
}
