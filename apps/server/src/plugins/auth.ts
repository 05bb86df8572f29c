import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { isStaffRole } from "@admissions/shared";
import type { Actor, AppContext, RequestMeta } from "../context.js";
import { ForbiddenError, UnauthorizedError } from "../errors.js";
import { SESSION_COOKIE, resolveSession } from "../modules/auth/sessions.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by the requireUser and requireRoles hooks. */
    actor: Actor | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    requireUser: onRequestAsyncHookHandler;
    requireRoles(...roles: string[]): onRequestAsyncHookHandler;
    /** Any staff role (SPEC.md section 6: every role but an applicant's or a student's). */
    requireStaff: onRequestAsyncHookHandler;
    setSessionCookie(reply: FastifyReply, token: string): void;
    clearSessionCookie(reply: FastifyReply): void;
  }
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip ?? null, userAgent: request.headers["user-agent"] ?? null };
}

/** Named guards routes put in their onRequest hooks; every route says who may call it. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { settings } = app.ctx;
  const cookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: settings.secureCookies,
  };

  app.decorateRequest("actor", null);

  app.decorate("setSessionCookie", (reply: FastifyReply, token: string) => {
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: Math.floor(settings.session.absoluteMs / 1000) });
  });
  app.decorate("clearSessionCookie", (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
  });

  const requireUser: onRequestAsyncHookHandler = async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    request.actor = token ? await resolveSession(app.ctx, token) : null;
    if (!request.actor) {
      if (token) app.clearSessionCookie(reply);
      throw new UnauthorizedError();
    }
  };
  app.decorate("requireUser", requireUser);

  app.decorate("requireStaff", async function requireStaff(request, reply) {
    await requireUser.call(this, request, reply);
    if (!isStaffRole(request.actor!.role)) throw new ForbiddenError();
  } as onRequestAsyncHookHandler);

  app.decorate("requireRoles", (...roles: string[]): onRequestAsyncHookHandler => {
    return async function requireRoles(request, reply) {
      await requireUser.call(this, request, reply);
      if (!roles.includes(request.actor!.role)) throw new ForbiddenError();
    };
  });
});
