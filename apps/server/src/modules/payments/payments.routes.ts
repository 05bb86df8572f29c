import { envelope, isStaffRole } from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotFoundError } from "../../errors.js";
import { requestMeta } from "../../plugins/auth.js";
import { responses, success } from "../../http.js";
import { getApplicationById, getApplicationOfUser } from "../admissions/admissions.repository.js";
import { resolveApplicantId } from "../admissions/admissions.service.js";
import { findSuccessfulOrderOfApplication, getOrderById } from "./payments.repository.js";
import { buildReceiptPdf } from "./receipt.js";
import { settleAwaitingOrders, settleFromReturn } from "./payments.service.js";

const statusSchema = z
  .object({
    applicationNo: z.string(),
    applicationStatus: z.string(),
    paymentStatus: z.string(),
    paymentRefNo: z.string().nullable(),
    /** The order whose receipt can be downloaded, once the fee is paid. */
    receiptOrderId: z.string().nullable(),
  })
  .nullable();

/** SPEC.md section 7's applicationStatus, the gateway's return and cancel posts, and Verify and Pay. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["payments"];

  const statusOf = async (userId: number | undefined) => {
    const application = userId === undefined ? undefined : await getApplicationOfUser(app.ctx.db, userId);
    if (!application) return null;
    const paid = await findSuccessfulOrderOfApplication(app.ctx.db, application.id);
    return {
      applicationNo: application.applicationNo,
      applicationStatus: application.status,
      paymentStatus: application.paymentStatus,
      paymentRefNo: application.paymentRefNo,
      receiptOrderId: paid?.orderId ?? null,
    };
  };

  // A cross-site POST from the gateway without the session cookie: trust comes from the cipher and the
  // checks against the stored order. Either way the browser lands on Payment Details.
  for (const path of ["/payments/ccavenue/return", "/payments/ccavenue/cancel"]) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: "Where the gateway posts encResp back; redirects the browser to /transactionStatus",
          body: z.object({ encResp: z.string().max(20_000).optional(), orderNo: z.string().max(100).optional() }).passthrough(),
        },
        config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        const settlement = await settleFromReturn(app.ctx, request.body, requestMeta(request), request.log);
        return reply.redirect(settlement ? "/transactionStatus" : "/transactionStatus?payment=rejected", 303);
      },
    );
  }

  app.get(
    "/applicationStatus",
    {
      schema: {
        tags,
        summary: "Application No, Application Status, Payment Status and Payment Ref.No; data null before any application",
        querystring: z.object({ userName: z.string().trim().toLowerCase().optional() }),
        response: responses(envelope(statusSchema), 401, 404),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      return success(await statusOf(await resolveApplicantId(app.ctx, request.actor!, request.query.userName)));
    },
  );

  app.get(
    "/payments/receipt/:orderId",
    {
      schema: { tags, summary: "The PDF receipt of a successful payment, to its payer and to staff", params: z.object({ orderId: z.string().max(60) }) },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const actor = request.actor!;
      const order = await getOrderById(app.ctx.db, request.params.orderId);
      if (!order || order.status !== "Success" || (order.userId !== actor.id && !isStaffRole(actor.role))) throw new NotFoundError();
      const application = order.applicationId ? await getApplicationById(app.ctx.db, order.applicationId) : undefined;
      const pdf = await buildReceiptPdf({
        collegeName: app.ctx.settings.collegeName,
        applicantName: application?.name ?? "",
        userName: application?.email ?? "",
        applicationNo: application?.applicationNo ?? "",
        purpose: order.purpose === "application" ? "Application fee" : order.purpose,
        amountPaise: order.amountPaise,
        orderId: order.orderId,
        trackingId: order.trackingId,
        bankRefNo: order.bankRefNo,
        paymentMode: order.paymentMode,
        paidAt: order.settledAt ?? order.createdAt,
      });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="receipt-${order.orderId}.pdf"`)
        .header("cache-control", "private, no-cache")
        .send(pdf);
    },
  );

  app.post(
    "/payments/verify",
    {
      schema: { tags, summary: "Ask the gateway about the signed-in applicant's unanswered payments, then answer the status", response: responses(envelope(statusSchema), 401) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await settleAwaitingOrders(app.ctx, { userId: request.actor!.id }, request.log);
      return success(await statusOf(request.actor!.id));
    },
  );
};
