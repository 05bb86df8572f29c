import { ROLE_ADMIN, academicMessages, closeAcademicYearAnswerSchema, closeAcademicYearQuerySchema, envelope, notices } from "@admissions/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ForbiddenError } from "../../errors.js";
import { responses, success } from "../../http.js";
import { requestMeta } from "../../plugins/auth.js";
import { closeAcademicYear, previewAcademicYear } from "./academic.service.js";

/**
 * SPEC.md makes the close a GET, which the CSRF check for writes does not cover and which a link
 * on another site (or in an e-mail) could trigger with the admin's cookie. A run is refused when the
 * browser says it is a page navigation or comes from another site; the screen's own fetch is neither.
 */
function refuseForeignRun(request: FastifyRequest): void {
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site" || request.headers["sec-fetch-mode"] === "navigate") {
    throw new ForbiddenError(notices.foreignOrigin);
  }
}

/** SPEC.md section 7: GET closeAcademicYear?year&next&process&courseId (ROLE_ADMIN only). */
export const academicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/closeAcademicYear",
    {
      schema: {
        tags: ["academic"],
        summary:
          "Closes an academic year for a course: process=false previews who moves up a year and who completes; process=true does it, once per course and year",
        querystring: closeAcademicYearQuerySchema,
        response: responses(envelope(closeAcademicYearAnswerSchema), 400, 401, 403, 404, 409),
      },
      onRequest: app.requireRoles(ROLE_ADMIN),
      exposeHeadRoute: false,
    },
    async (request) => {
      const { process, ...target } = request.query;
      if (!process) return success(await previewAcademicYear(app.ctx, target));
      refuseForeignRun(request);
      return success(await closeAcademicYear(app.ctx, request.actor!, target, requestMeta(request)), academicMessages.closed);
    },
  );
};
