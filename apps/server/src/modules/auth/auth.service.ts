import { randomInt } from "node:crypto";
import { ROLE_USER, limits, notices } from "@admissions/shared";
import type { AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { BadRequestError, ConflictError, ForbiddenError, UnauthorizedError } from "../../errors.js";
import { recordActivity } from "../activity/activity.repository.js";
import { findUserByName, insertUserUnlessTaken, updatePasswordHash, type UserRow } from "../users/users.repository.js";
import { claimResetCodeTry, replaceResetCode, takeResetCode } from "./password-reset.repository.js";
import { hashSecret, verifyDecoy, verifySecret } from "./passwords.js";
import { deleteSessionById, deleteSessionsOfUser, findSessionWithUser } from "./sessions.repository.js";
import { hashSessionToken, startSession } from "./sessions.js";

/** Registers an applicant (ROLE_USER); an e-mail that already has an account is a conflict. */
export async function signUp(
  ctx: AppContext,
  input: { emailId: string; mobile: string; password: string },
  meta: RequestMeta,
): Promise<UserRow> {
  const passwordHash = await hashSecret(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await insertUserUnlessTaken(tx, { userName: input.emailId, mobile: input.mobile, passwordHash, role: ROLE_USER });
    if (!user) throw new ConflictError(notices.emailTaken);
    await recordActivity(tx, {
      actor: { id: user.id, userName: user.userName },
      action: "user.signup",
      entityType: "user",
      entityId: user.id,
      summary: `Registered as an applicant`,
      ip: meta.ip,
    });
    return user;
  });
}

/**
 * Checks the password and opens a fresh session. The session the browser had before, if any, is
 * ended: a new sign-in never reuses a token that existed before it (session fixation).
 */
export async function signIn(
  ctx: AppContext,
  input: { username: string; password: string },
  previousToken: string | undefined,
  meta: RequestMeta,
): Promise<{ user: UserRow; token: string }> {
  const user = await findUserByName(ctx.db, input.username);
  const passwordMatches = user ? await verifySecret(user.passwordHash, input.password) : await verifyDecoy(input.password);
  if (!user || !passwordMatches) throw new UnauthorizedError(notices.loginFailed);
  if (!user.isActive) throw new ForbiddenError(notices.accountDisabled);

  const token = await startSession(ctx, user, meta, previousToken);
  return { user, token };
}

/** Ends the browser's session and records who signed out; a cookie of no live session changes nothing. */
export async function signOut(ctx: AppContext, token: string | undefined, meta: RequestMeta): Promise<void> {
  if (!token) return;
  const tokenHash = hashSessionToken(token);
  await ctx.db.transaction(async (tx) => {
    const session = await findSessionWithUser(tx, tokenHash);
    if (!session) return;
    await deleteSessionById(tx, session.sessionId);
    await recordActivity(tx, {
      actor: { id: session.userId, userName: session.userName },
      action: "user.signout",
      entityType: "user",
      entityId: session.userId,
      summary: "Signed out",
      ip: meta.ip,
    });
  });
  ctx.sessionCache.forgetToken(tokenHash);
}

export interface ResetCode {
  code: string;
  codeHash: string;
}

/** A fresh 6-digit code and its hash. */
export async function newResetCode(): Promise<ResetCode> {
  const code = String(randomInt(0, 1_000_000)).padStart(limits.resetCodeLength, "0");
  return { code, codeHash: await hashSecret(code) };
}

/** The lines around the code: a new account is told where to choose its password instead. */
export interface ResetMailWording {
  lead: string[];
  closing: string[];
}

const forgotPasswordWording: ResetMailWording = {
  lead: [],
  closing: [`If you did not ask to reset your password, ignore this mail: your password stays as it is.`],
};

/**
 * Makes the code the account's only live one and queues the mail that carries it, inside the
 * caller's transaction; the caller kicks the mailer once that has committed.
 */
export async function queueResetCodeMail(
  ctx: AppContext,
  tx: Database,
  user: { id: number; userName: string },
  { code, codeHash }: ResetCode,
  wording: ResetMailWording = forgotPasswordWording,
): Promise<void> {
  const expiresAt = new Date(Date.now() + limits.resetCodeValidMinutes * 60_000);
  await replaceResetCode(tx, user.id, codeHash, expiresAt);
  await ctx.mailer.enqueue(tx, {
    to: user.userName,
    subject: `${ctx.settings.collegeName}: your password reset code`,
    body: [
      ...wording.lead,
      `Your password reset code is ${code}.`,
      ``,
      `It is valid for ${limits.resetCodeValidMinutes} minutes and can be used once.`,
      ...wording.closing,
    ].join("\n"),
  });
}

/**
 * Mails a 6-digit code to an account's address. The answer and its timing are the same whether
 * or not the address has an account, so the call cannot be used to find out who has applied.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  const user = await findUserByName(ctx.db, email);
  const resetCode = await newResetCode();
  if (!user || !user.isActive) return;

  await ctx.db.transaction(async (tx) => {
    await queueResetCodeMail(ctx, tx, user, resetCode);
    await recordActivity(tx, {
      actor: { id: user.id, userName: user.userName },
      action: "user.password_reset_requested",
      entityType: "user",
      entityId: user.id,
      summary: "Asked for a password reset code",
      ip: meta.ip,
    });
  });
  ctx.mailer.kick();
}

/**
 * Sets a new password with a valid code, then ends every session of the account. The try is counted
 * before the code is checked and the check runs outside any transaction (claimResetCodeTry says why).
 * A wrong code costs one hash whether the address is unknown, has no live code or has one, and the
 * new password is hashed only once the code is right, so the time taken tells nobody who has an account.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; codes: string; newPassword: string },
  meta: RequestMeta,
): Promise<void> {
  const user = await findUserByName(ctx.db, input.email);
  const code = user?.isActive ? await claimResetCodeTry(ctx.db, user.id, limits.resetCodeMaxWrongTries) : undefined;
  const right = code ? await verifySecret(code.codeHash, input.codes) : await verifyDecoy(input.codes);
  if (!user || !code || !right) throw new BadRequestError(notices.resetCodeInvalid);
  const newPasswordHash = await hashSecret(input.newPassword);

  const accepted = await ctx.db.transaction(async (tx) => {
    if (!(await takeResetCode(tx, code.id))) return false;
    await updatePasswordHash(tx, user.id, newPasswordHash);
    await deleteSessionsOfUser(tx, user.id);
    await recordActivity(tx, {
      actor: { id: user.id, userName: user.userName },
      action: "user.password_reset",
      entityType: "user",
      entityId: user.id,
      summary: "Reset the password with an e-mailed code; all sessions ended",
      ip: meta.ip,
    });
    return true;
  });
  if (!accepted) throw new BadRequestError(notices.resetCodeInvalid);
  ctx.sessionCache.forgetUsers([user.id]);
}
