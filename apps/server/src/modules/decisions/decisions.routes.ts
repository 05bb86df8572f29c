import { applicantQuerySchema, applicationDecisionSchema, applicationNoQuerySchema, decisionHistorySchema, envelope, latestDecisionSchema, sameAadhaarQuerySchema, sameAadhaarSchema, staffNotices } from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestMeta } from "../../plugins/auth.js";
import { responses, success } from "../../http.js";
import { presentDecision } from "./decisions.presenter.js";
import { decideApplication, findApplicationsSharingAadhaar, findApplicationsWithAadhaarNumber, findDecisionHistory, findLatestDecision } from "./decisions.service.js";

/** SPEC.md section 7's status update (Approve, Transfer, Cancel, Reject) and the history of decisions. */
export const decisionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["applications"];

  app.post(
    "/applicationStatus",
    {
      schema: {
        tags,
        summary: "Approve, transfer (to degreeId), cancel or reject an application, with remarks; answers the application as it now is",
        body: applicationDecisionSchema,
        response: responses(envelope(z.record(z.string(), z.unknown())), 400, 401, 403, 404, 409),
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const { shown } = await decideApplication(app.ctx, request.actor!, request.body, requestMeta(request));
      return success(shown, staffNotices.statusUpdated);
    },
  );

  app.get(
    "/applicationHistory",
    {
      schema: {
        tags,
        summary: "The decisions on an application, newest first: who, when, from and to which status and degree, and the remarks",
        querystring: applicationNoQuerySchema,
        response: responses(envelope(decisionHistorySchema), 400, 401, 403, 404),
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const decisions = await findDecisionHistory(app.ctx, request.actor!, request.query.applicationNo);
      return success(decisions.map(presentDecision));
    },
  );

  app.get(
    "/applicationDecision",
    {
      schema: {
        tags,
        summary: "The latest decision on the applicant's own application (or, for staff, on userName's): status, degree, remarks and when; null before any",
        querystring: applicantQuerySchema,
        response: responses(envelope(latestDecisionSchema), 401, 403, 404),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      return success(await findLatestDecision(app.ctx, request.actor!, request.query.userName));
    },
  );

  app.get(
    "/sameAadhaar",
    {
      schema: {
        tags,
        summary: "The other applications made with the same Aadhaar number as this one (or with this aadharNo): those of the reader's degrees, and a count of the rest",
        querystring: sameAadhaarQuerySchema,
        response: responses(envelope(sameAadhaarSchema), 400, 401, 403, 404),
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const { applicationNo, aadharNo } = request.query;
      return success(
        applicationNo === undefined
          ? await findApplicationsWithAadhaarNumber(app.ctx, request.actor!, aadharNo!)
          : await findApplicationsSharingAadhaar(app.ctx, request.actor!, applicationNo),
      );
    },
  );
};
