import { applicationExportQuerySchema, dashboardQuerySchema, dashboardSchema, envelope } from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { responses, success } from "../../http.js";
import { requestMeta } from "../../plugins/auth.js";
import { getDashboard } from "./dashboard.service.js";
import { exportApplications } from "./export.service.js";
import { sendWorkbook } from "./workbook.js";

/** Staff reports: the applications as an Excel file, and the dashboard's figures (SPEC.md: exportApplication). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["reports"];

  app.get(
    "/exportApplication",
    {
      schema: {
        tags,
        summary: "The applications the staff list's filters match, as an .xlsx streamed row by row; X-Total-Count says how many",
        querystring: applicationExportQuerySchema,
      },
      onRequest: app.requireStaff,
      // A HEAD would build and log the whole file only to throw it away.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      return sendWorkbook(reply, await exportApplications(app.ctx, request.actor!, request.query, requestMeta(request)));
    },
  );

  app.get(
    "/dashboard",
    {
      schema: {
        tags,
        summary: "Applications per day, by status, course and degree, and the application fees collected, for a range of application dates",
        querystring: dashboardQuerySchema,
        response: responses(envelope(dashboardSchema), 400, 401, 403),
      },
      onRequest: app.requireStaff,
    },
    async (request) => success(await getDashboard(app.ctx, request.actor!, request.query)),
  );
};
