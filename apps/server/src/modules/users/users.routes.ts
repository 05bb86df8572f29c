import {
  ROLE_ADMIN,
  createUserRequestSchema,
  envelope,
  roleSchema,
  updateUserRequestSchema,
  userIdParamsSchema,
  userListItemSchema,
  userListQuerySchema,
  userListSchema,
  userMessages,
} from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { responses, success } from "../../http.js";
import { requestMeta } from "../../plugins/auth.js";
import { findRoles } from "./users.repository.js";
import { createUser, listUsers, sendPasswordReset, updateUser } from "./users.service.js";

/** SPEC.md section 7's roles call, and the users screen's calls (/user, ROLE_ADMIN only). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["users"];
  const adminOnly = app.requireRoles(ROLE_ADMIN);

  app.get(
    "/roles",
    {
      schema: { tags, summary: "The roles an account can have", response: responses(envelope(z.array(roleSchema)), 401, 403) },
      onRequest: app.requireStaff,
    },
    async () => success(await findRoles(app.ctx.db)),
  );

  app.get(
    "/users",
    {
      schema: {
        tags,
        summary: "A page of accounts, newest first; search by the e-mail's start or the mobile, filter by role and state",
        querystring: userListQuerySchema,
        response: responses(envelope(userListSchema), 400, 401, 403),
      },
      onRequest: adminOnly,
    },
    async (request) => success(await listUsers(app.ctx.db, request.query)),
  );

  app.post(
    "/users",
    {
      schema: {
        tags,
        summary: "Create a staff account; the person is mailed a code to choose their password",
        body: createUserRequestSchema,
        response: responses(envelope(userListItemSchema), 400, 401, 403, 409),
      },
      onRequest: adminOnly,
    },
    async (request) => success(await createUser(app.ctx, request.actor!, request.body, requestMeta(request)), userMessages.created),
  );

  app.put(
    "/users/:id",
    {
      schema: {
        tags,
        summary: "Change an account's role, enable or disable it, assign a department admin's degrees; ends its sessions on a new role or when disabled",
        params: userIdParamsSchema,
        body: updateUserRequestSchema,
        response: responses(envelope(userListItemSchema), 400, 401, 403, 404, 409),
      },
      onRequest: adminOnly,
    },
    async (request) =>
      success(await updateUser(app.ctx, request.actor!, request.params.id, request.body, requestMeta(request)), userMessages.updated),
  );

  app.post(
    "/users/:id/passwordReset",
    {
      schema: {
        tags,
        summary: "Mail the account a password reset code (the forgot-password mail)",
        params: userIdParamsSchema,
        response: responses(envelope(z.null()), 400, 401, 403, 404, 409),
      },
      onRequest: adminOnly,
    },
    async (request) => {
      await sendPasswordReset(app.ctx, request.actor!, request.params.id, requestMeta(request));
      return success(null, userMessages.passwordResetSent);
    },
  );
};
