import {
  envelope,
  forgotPasswordQuerySchema,
  notices,
  resetPasswordRequestSchema,
  sessionUserSchema,
  signinRequestSchema,
  signupRequestSchema,
} from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestMeta } from "../../plugins/auth.js";
import type { AuthLimits } from "../../plugins/rate-limit.js";
import { responses, success } from "../../http.js";
import { degreeScopeOf } from "../users/degree-scope.js";
import { presentSessionUser } from "./auth.presenter.js";
import { requestPasswordReset, resetPassword, signIn, signOut, signUp } from "./auth.service.js";
import { SESSION_COOKIE } from "./sessions.js";

/** SPEC.md section 7's auth calls, under /booking/api/auth/. */
export const authRoutes: FastifyPluginAsyncZod<{ limits: AuthLimits }> = async (app, { limits }) => {
  const tags = ["auth"];

  app.post(
    "/signup",
    {
      schema: {
        tags,
        summary: "Register an applicant account (ROLE_USER)",
        body: signupRequestSchema,
        response: responses(envelope(z.object({ userName: z.string() })), 400, 409, 429),
      },
      ...app.limitAttempts("signup", limits.signup, (request) => (request.body as { emailId?: string }).emailId),
    },
    async (request) => {
      const user = await signUp(app.ctx, request.body, requestMeta(request));
      return success({ userName: user.userName }, notices.accountCreated);
    },
  );

  app.post(
    "/signin",
    {
      schema: {
        tags,
        summary: "Sign in; sets the session cookie",
        body: signinRequestSchema,
        response: responses(envelope(sessionUserSchema), 400, 401, 403, 429),
      },
      // Someone who signs in again and again (a new tab, another desk) is never locked out by it.
      ...app.limitAttempts("signin", limits.signin, (request) => (request.body as { username?: string }).username, { successesFree: true }),
    },
    async (request, reply) => {
      const { user, token } = await signIn(app.ctx, request.body, request.cookies[SESSION_COOKIE], requestMeta(request));
      app.setSessionCookie(reply, token);
      return success(presentSessionUser(user, await degreeScopeOf(app.ctx.db, user)), "Signed in");
    },
  );

  app.post(
    "/logout",
    { schema: { tags, summary: "Sign out; ends this session", response: responses(envelope(z.null())) } },
    async (request, reply) => {
      await signOut(app.ctx, request.cookies[SESSION_COOKIE], requestMeta(request));
      app.clearSessionCookie(reply);
      return success(null, notices.signedOut);
    },
  );

  app.get(
    "/me",
    {
      schema: { tags, summary: "The signed-in user", response: responses(envelope(sessionUserSchema), 401) },
      onRequest: app.requireUser,
    },
    async (request) => success(presentSessionUser(request.actor!, await degreeScopeOf(app.ctx.db, request.actor!))),
  );

  app.get(
    "/forgetpwd",
    {
      schema: {
        tags,
        summary: "Mail a password reset code; answers the same whether or not the address has an account",
        querystring: forgotPasswordQuerySchema,
        response: responses(envelope(z.string()), 400, 429),
      },
      ...app.limitAttempts("forgot-password", limits.forgotPassword, (request) => (request.query as { emailid?: string }).emailid),
    },
    async (request) => {
      await requestPasswordReset(app.ctx, request.query.emailid, requestMeta(request));
      return success(notices.resetCodeSent, notices.resetCodeSent);
    },
  );

  app.put(
    "/changepwd",
    {
      schema: {
        tags,
        summary: "Set a new password with the mailed code; ends every session of the account",
        body: resetPasswordRequestSchema,
        response: responses(envelope(z.null()), 400, 429),
      },
      ...app.limitAttempts("reset-password", limits.resetPassword, (request) => (request.body as { email?: string }).email),
    },
    async (request, reply) => {
      await resetPassword(app.ctx, request.body, requestMeta(request));
      await signOut(app.ctx, request.cookies[SESSION_COOKIE], requestMeta(request));
      app.clearSessionCookie(reply);
      return success(null, notices.passwordResetSuccess);
    },
  );
};
