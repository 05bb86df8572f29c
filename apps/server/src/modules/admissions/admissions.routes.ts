import { admissionDraftSchema, admissionSchema, applicantQuerySchema, envelope, limits, notices } from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestMeta } from "../../plugins/auth.js";
import { responses, success, sendSuccessOfJson } from "../../http.js";
import { getDraft, saveDraft } from "./admissions.repository.js";
import { presentSubmission } from "./admissions.presenter.js";
import { assertFormDrawnFor, findReadableApplication, submitAdmission } from "./admissions.service.js";

const submissionSchema = z.object({
  applicationNo: z.string(),
  applicationStatus: z.string(),
  paymentStatus: z.string(),
  applicationFee: z.number().int(),
  accessCode: z.string().optional(),
  encRequest: z.string().optional(),
  transactionUrl: z.string().optional(),
  orderId: z.string().optional(),
});

/** SPEC.md section 7: GET and POST admission, plus the server-side draft of the form. */
export const admissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["admission"];

  app.get(
    "/admission",
    {
      schema: {
        tags,
        summary: "An applicant's application, or data null when there is none; applicants may ask only for their own, department admins only for their degrees",
        querystring: applicantQuerySchema,
        response: responses(envelope(z.record(z.string(), z.unknown()).nullable()), 401, 403, 404),
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const application = await findReadableApplication(app.ctx.db, request.actor!, request.query.userName);
      return sendSuccessOfJson(reply, application?.json ?? null);
    },
  );

  app.post(
    "/admission",
    {
      schema: {
        tags,
        summary: "Save the whole application (online for the applicant, offline with userName for staff)",
        body: admissionSchema,
        response: responses(envelope(submissionSchema), 400, 401, 403, 404, 409),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { application, payment } = await submitAdmission(app.ctx, request.actor!, request.body, requestMeta(request), request.log);
      return success({ ...presentSubmission(application), ...payment }, notices.saved);
    },
  );

  app.get(
    "/admission/draft",
    {
      schema: { tags, summary: "The signed-in user's unfinished form, or null", response: responses(envelope(admissionDraftSchema.nullable()), 401) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const draft = await getDraft(app.ctx.db, request.actor!.id);
      return success((draft?.data as Record<string, unknown> | undefined) ?? null);
    },
  );

  app.put(
    "/admission/draft",
    {
      bodyLimit: limits.draftMaxBytes,
      schema: {
        tags,
        summary: "Keep the unfinished form on the server; userName, when given, is whose the form is (409 when it is not the session's)",
        querystring: applicantQuerySchema,
        body: admissionDraftSchema,
        response: responses(envelope(z.null()), 400, 401, 409, 413),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      assertFormDrawnFor(request.actor!, request.query.userName);
      await saveDraft(app.ctx.db, request.actor!.id, request.body);
      return success(null, notices.saved);
    },
  );
};
