import { ROLE_STUDENT, envelope, feePaymentAnswerSchema, feePaymentRequestSchema, feeReceiptParamsSchema, feeStatusQuerySchema, feeStatusSchema, feeTransactionExportQuerySchema, feeTransactionListQuerySchema, feeTransactionPageSchema, notices, receiptCancellationSchema, receiptCancelledSchema, receiptQuerySchema, refundParamsSchema, refundRecordSchema, staffNotices, type FeePaymentRequest } from "@admissions/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { responses, success } from "../../http.js";
import { requestMeta } from "../../plugins/auth.js";
import { gatewayAskingLimit } from "../../plugins/rate-limit.js";
import { settleAwaitingOrders } from "../payments/payments.service.js";
import { sendReceipt } from "../payments/receipt.js";
import { sendWorkbook } from "../reports/workbook.js";
import { feeReceiptByNumber, getFeeStatus, offlinePayerOf, onlinePayerOf, recordOfflineFeePayment, startOnlineFeePayment } from "./fees.service.js";
import { cancelReceipt } from "./cancellations.service.js";
import { recordRefund } from "./refunds.service.js";
import { exportFeeTransactions, listFeeTransactions } from "./transactions.service.js";

/**
 * SPEC.md section 7's feeStatus and feePayment, the term fee receipt, and the staff's Fees Transaction
 * list, its Excel export, the record of a refund given and the cancellation of an office receipt.
 */
export const feesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["fees"];

  app.get(
    "/feeStatus",
    {
      schema: {
        tags,
        summary: "A student's fee terms by year and term: the signed-in student's own (another's is 404), or any student's of the staff member's degrees",
        querystring: feeStatusQuerySchema,
        response: responses(envelope(feeStatusSchema), 400, 401, 403, 404),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = request.actor!;
      // A student back on the fee screens after paying, whose return from the gateway never came, sees
      // the term Paid: their waiting orders not asked about within the minute are asked about first.
      if (actor.role === ROLE_STUDENT) await settleAwaitingOrders(app.ctx, { userId: actor.id, notAskedRecently: true }, request.log);
      return success(await getFeeStatus(app.ctx.db, actor, request.query.userName));
    },
  );

  app.post(
    "/feePayment",
    {
      schema: {
        tags,
        summary:
          "Pay a term (found by the student and feeCode; the amount is always the term's): online, the student's own, answering the gateway form; offline (staff, with userName and mode), recorded at once with its receipt number",
        body: feePaymentRequestSchema,
        response: responses(envelope(feePaymentAnswerSchema), 400, 401, 403, 404, 409, 429),
      },
      onRequest: app.requireUser,
      // Online, each press asks the gateway about every earlier attempt: limited as Verify and Pay is.
      // The office's entries ask about one student's orders each and come one per payment at the counter.
      ...app.limitAttempts("fee-payment-online", gatewayAskingLimit, (request) => String(request.actor!.id), { only: (request) => !(request.body as FeePaymentRequest).isOffline }),
    },
    async (request) => {
      const actor = request.actor!;
      const meta = requestMeta(request);
      if (request.body.isOffline) {
        const payer = await offlinePayerOf(app.ctx.db, actor, request.body);
        // A student who paid online and whose browser never came back from the gateway may come to the
        // office: their waiting orders are settled first, so a term the gateway has paid is not taken again.
        await settleAwaitingOrders(app.ctx, { userId: payer.userId, notAskedRecently: false }, request.log);
        return success(await recordOfflineFeePayment(app.ctx, actor, payer, request.body, meta), notices.saved);
      }
      const student = await onlinePayerOf(app.ctx.db, actor, request.body);
      // An earlier attempt the gateway never reported is settled first, so a term it paid is not charged
      // again: every one of them, even one asked about a moment ago (a term's fee is worth the call).
      await settleAwaitingOrders(app.ctx, { userId: actor.id, notAskedRecently: false }, request.log);
      return success(await startOnlineFeePayment(app.ctx, actor, student, request.body, meta));
    },
  );

  app.get(
    "/feeReceipt/:receiptNo",
    {
      schema: {
        tags,
        summary: "The PDF receipt of a term fee: the student's own, or staff's within their degrees; print=true shows it in the browser",
        params: feeReceiptParamsSchema,
        querystring: receiptQuerySchema,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => sendReceipt(reply, await feeReceiptByNumber(app.ctx, request.actor!, request.params.receiptNo), { inline: request.query.print }),
  );

  app.post(
    "/feeReceipt/:receiptNo/cancellation",
    {
      schema: {
        tags,
        summary: "Staff: cancel a term fee recorded at the office by mistake, saying why, within their degrees: the term is due again and the receipt no longer counts; a fee paid online is 409; an online payment of the term held for refund pays it instead",
        params: feeReceiptParamsSchema,
        body: receiptCancellationSchema,
        response: responses(envelope(receiptCancelledSchema), 400, 401, 403, 404, 409),
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const { answer, notice } = await cancelReceipt(app.ctx, request.actor!, request.params.receiptNo, request.body, requestMeta(request));
      return success(answer, notice);
    },
  );

  app.get(
    "/feeTransactions",
    {
      schema: {
        tags,
        summary:
          "Staff: term fees and application fees paid (newest first), or with status=Due the unpaid terms (by year and term), filtered, within the staff member's degrees, with the count and sum of all matches",
        querystring: feeTransactionListQuerySchema,
        response: responses(envelope(feeTransactionPageSchema), 400, 401, 403),
      },
      onRequest: app.requireStaff,
    },
    async (request) => success(await listFeeTransactions(app.ctx.db, request.actor!, request.query)),
  );

  app.post(
    "/refunds/:orderId",
    {
      schema: {
        tags,
        summary: "Staff: record that a gateway payment to refund (a fee paid twice, a term whose fee had changed) was given back, within their degrees",
        params: refundParamsSchema,
        body: refundRecordSchema,
        response: responses(envelope(z.object({ orderId: z.string(), refundStatus: z.string().nullable(), refundReference: z.string().nullable() })), 400, 401, 403, 404, 409),
      },
      onRequest: app.requireStaff,
    },
    async (request) => success(await recordRefund(app.ctx, request.actor!, request.params.orderId, request.body, requestMeta(request)), staffNotices.refundRecorded),
  );

  app.get(
    "/exportFeeTransactions",
    {
      schema: {
        tags,
        summary: "Staff: what feeTransactions' filters match, as an .xlsx streamed row by row; X-Total-Count says how many",
        querystring: feeTransactionExportQuerySchema,
      },
      onRequest: app.requireStaff,
      // A HEAD would build and log the whole file only to throw it away.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      return sendWorkbook(reply, await exportFeeTransactions(app.ctx, request.actor!, request.query, requestMeta(request)));
    },
  );
};
