import { applicationListQuerySchema, applicationListSchema, envelope } from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { responses, success } from "../../http.js";
import { degreeScopeOf } from "../users/degree-scope.js";
import { findApplicationsPage } from "./applications-list.repository.js";

/** The staff side of applications: the searchable, filtered, paged list (SPEC.md: admissionAll). */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admissionAll",
    {
      schema: {
        tags: ["applications"],
        summary: "A page of applications for staff, searched, filtered and sorted, with the count per status",
        querystring: applicationListQuerySchema,
        response: responses(envelope(applicationListSchema), 400, 401, 403),
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const query = request.query;
      const { rows, total, statusCounts } = await findApplicationsPage(app.ctx.db, query, await degreeScopeOf(app.ctx.db, request.actor!));
      return success({
        content: rows,
        totalElements: total,
        totalPages: Math.ceil(total / query.pageSize),
        number: query.pageNo,
        size: query.pageSize,
        statusCounts,
      });
    },
  );
};
