import { applicantQuerySchema, envelope, isStaffRole, paymentRefundSchema, receiptQuerySchema } from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotFoundError } from "../../errors.js";
import { requestMeta } from "../../plugins/auth.js";
import { gatewayAskingLimit } from "../../plugins/rate-limit.js";
import { responses, success } from "../../http.js";
import { findReadable } from "../admissions/admissions.service.js";
import { presentRefund } from "../fees/fees.presenter.js";
import { findRefundsOfUser } from "../fees/fees.repository.js";
import { feeReceiptOfOrder } from "../fees/fees.service.js";
import { findApplicationStatusOfUser, getOrderById, paymentPurposes, type ApplicationStatusRow } from "./payments.repository.js";
import { applicationReceiptOf, landingOf, settleAwaitingOrders, settleFromReturn } from "./payments.service.js";
import { sendReceipt } from "./receipt.js";

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

  const statusOf = (found: ApplicationStatusRow | undefined) =>
    found
      ? {
          applicationNo: found.applicationNo,
          applicationStatus: found.applicationStatus,
          paymentStatus: found.paymentStatus,
          paymentRefNo: found.paymentRefNo,
          receiptOrderId: found.receiptOrderId,
        }
      : null;

  // A cross-site POST from the gateway without the session cookie: trust comes from the cipher and the
  // checks against the stored order. The browser lands on Payment Details, or Fees History for a term fee.
  for (const path of ["/payments/ccavenue/return", "/payments/ccavenue/cancel"]) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: "Where the gateway posts encResp back; redirects the browser to /transactionStatus, or /feesHistory?payment=success|failure|aborted|rejected for a term fee",
          // A post with no body at all is refused as any unreadable answer is, landing the browser on its page.
          body: z.preprocess((body) => body ?? {}, z.object({ encResp: z.string().max(20_000).optional(), orderNo: z.string().max(100).optional() }).passthrough()),
        },
        config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        return reply.redirect(landingOf(await settleFromReturn(app.ctx, request.body, requestMeta(request), request.log)), 303);
      },
    );
  }

  app.get(
    "/applicationStatus",
    {
      schema: {
        tags,
        summary: "Application No, Application Status, Payment Status and Payment Ref.No; data null before any application",
        querystring: applicantQuerySchema,
        response: responses(envelope(statusSchema), 401, 403, 404),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      return success(statusOf(await findReadable(app.ctx.db, request.actor!, request.query.userName, findApplicationStatusOfUser)));
    },
  );

  app.get(
    "/payments/receipt/:orderId",
    {
      schema: {
        tags,
        summary: "The PDF receipt of a successful payment, to its payer and to staff of its degree; print=true shows it in the browser",
        params: z.object({ orderId: z.string().max(60) }),
        querystring: receiptQuerySchema,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const actor = request.actor!;
      const order = await getOrderById(app.ctx.db, request.params.orderId);
      if (!order || order.status !== "Success" || (order.userId !== actor.id && !isStaffRole(actor.role))) throw new NotFoundError();
      const receipt = order.purpose === paymentPurposes.fee ? await feeReceiptOfOrder(app.ctx, actor, order) : await applicationReceiptOf(app.ctx, actor, order);
      return sendReceipt(reply, receipt, { inline: request.query.print });
    },
  );

  app.get(
    "/paymentRefunds",
    {
      schema: {
        tags,
        summary: "The signed-in user's own payments that paid nothing (a fee paid twice): owed back, or given back and how",
        response: responses(envelope(z.array(paymentRefundSchema)), 401),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      return success((await findRefundsOfUser(app.ctx.db, request.actor!.id)).map(presentRefund));
    },
  );

  app.post(
    "/payments/verify",
    {
      schema: { tags, summary: "Ask the gateway about the signed-in applicant's unanswered payments, then answer the status", response: responses(envelope(statusSchema), 401, 429) },
      onRequest: app.requireUser,
      ...app.limitAttempts("payment-verify", gatewayAskingLimit, (request) => String(request.actor!.id)),
    },
    async (request) => {
      await settleAwaitingOrders(app.ctx, { userId: request.actor!.id, notAskedRecently: false }, request.log);
      return success(statusOf(await findApplicationStatusOfUser(app.ctx.db, request.actor!.id)));
    },
  );
};
