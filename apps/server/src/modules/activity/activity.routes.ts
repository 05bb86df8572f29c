import { activityActionsSchema, activityListQuerySchema, activityPageSchema, envelope } from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { responses, success } from "../../http.js";
import { listActivity, listActivityActions } from "./activity.service.js";

/** SPEC.md section 7: GET activity (the log, paged and filtered) and the action names for its filter. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["activity"];

  app.get(
    "/activity",
    {
      schema: {
        tags,
        summary: "A page of the activity log, newest first: everything for an administrator, one's own entries for other staff",
        querystring: activityListQuerySchema,
        response: responses(envelope(activityPageSchema), 400, 401, 403),
      },
      onRequest: app.requireStaff,
    },
    async (request) => success(await listActivity(app.ctx, request.actor!, request.query)),
  );

  app.get(
    "/activity/actions",
    {
      schema: {
        tags,
        summary: "The action names present in the log the caller may read",
        response: responses(envelope(activityActionsSchema), 401, 403),
      },
      onRequest: app.requireStaff,
    },
    async (request) => success(await listActivityActions(app.ctx, request.actor!)),
  );
};
