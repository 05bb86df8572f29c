import { editableApplicationStatuses } from "@admissions/shared";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { recordActivity } from "../activity/activity.repository.js";
import { getApplicationById, updateApplication, type ApplicationRow } from "../admissions/admissions.repository.js";
import { decryptFromGateway, encryptForGateway } from "./ccavenue-cipher.js";
import { formatAmount, gatewayOf, returnUrls } from "./gateway.js";
import { outcomeOf, queryOrderStatus, type GatewayResult } from "./order-status.js";
import {
  countOrdersOfApplication,
  findAwaitingOrders,
  findOrderByTrackingId,
  getOrderForUpdate,
  insertPaymentOrder,
  settleOrder,
  type PaymentOrderRow,
} from "./payments.repository.js";

/** What the browser needs to post the hidden form to the gateway (SPEC.md: encRequest and access_code). */
export interface PaymentStart {
  accessCode: string;
  encRequest: string;
  transactionUrl: string;
  orderId: string;
}

/**
 * A new order for the application fee, with a fresh order id per attempt and the amount from the
 * application, never from the browser. Runs inside the caller's transaction.
 */
export async function startApplicationPayment(ctx: AppContext, db: Database, application: ApplicationRow): Promise<PaymentStart> {
  const gateway = gatewayOf(ctx.settings);
  const attempt = (await countOrdersOfApplication(db, application.id)) + 1;
  const order = await insertPaymentOrder(db, {
    orderId: `${application.applicationNo.replace(/-/g, "")}P${attempt}`,
    purpose: "application",
    applicationId: application.id,
    userId: application.userId,
    amountPaise: application.applicationFee * 100,
  });
  const { redirectUrl, cancelUrl } = returnUrls(ctx.settings);
  const request = new URLSearchParams({
    merchant_id: gateway.merchantId,
    order_id: order.orderId,
    currency: order.currency,
    amount: formatAmount(order.amountPaise),
    redirect_url: redirectUrl,
    cancel_url: cancelUrl,
    language: "EN",
    billing_name: application.name,
    billing_email: application.email,
    billing_tel: application.mobile,
    merchant_param1: application.applicationNo,
    merchant_param2: "application",
  });
  return {
    accessCode: gateway.accessCode,
    encRequest: encryptForGateway(request.toString(), gateway.workingKey),
    transactionUrl: gateway.transactionUrl,
    orderId: order.orderId,
  };
}

/** Why a gateway answer was not believed; nothing changes, the attempt is logged. */
export class RejectedPaymentResponse extends Error {}

/** What a settlement did: moved the order now, found it already moved (a replay), or left it waiting. */
export type Settlement = { result: "settled" | "already" | "awaiting"; order: PaymentOrderRow };

/**
 * Moves an order and its application once and only once, whichever of the browser's return and
 * the status call brings the answer first; the other finds it settled and changes nothing.
 */
export async function applyGatewayResult(
  ctx: AppContext,
  orderId: string,
  result: GatewayResult,
  settledBy: "return" | "status",
  meta: RequestMeta,
): Promise<Settlement> {
  return ctx.db.transaction(async (tx) => {
    const order = await getOrderForUpdate(tx, orderId);
    if (!order) throw new RejectedPaymentResponse(`unknown order ${orderId}`);
    if (result.amount !== undefined && result.amount !== formatAmount(order.amountPaise)) {
      throw new RejectedPaymentResponse(`amount ${result.amount} does not match ${formatAmount(order.amountPaise)} of order ${orderId}`);
    }
    if ((result.currency ?? order.currency) !== order.currency) throw new RejectedPaymentResponse(`currency ${result.currency} of order ${orderId}`);
    if (order.status !== "Awaiting") return { result: "already" as const, order };
    if (result.outcome === "Awaiting") return { result: "awaiting" as const, order };
    const trackingId = result.trackingId && result.trackingId !== "null" ? result.trackingId : null;
    if (trackingId) {
      const other = await findOrderByTrackingId(tx, trackingId);
      if (other && other.id !== order.id) throw new RejectedPaymentResponse(`tracking id ${trackingId} already belongs to order ${other.orderId}`);
    }

    await settleOrder(tx, order.id, {
      status: result.outcome,
      trackingId,
      bankRefNo: result.bankRefNo && result.bankRefNo !== "null" ? result.bankRefNo : null,
      paymentMode: result.paymentMode ?? null,
      statusMessage: result.message?.slice(0, 500) ?? null,
      settledBy,
      gatewayResponse: result.raw,
    });
    const application = order.applicationId ? await getApplicationById(tx, order.applicationId, { forUpdate: true }) : undefined;
    if (application && editableApplicationStatuses.includes(application.status)) {
      const moves = {
        Success: { status: "Submitted", paymentStatus: "Success", paymentRefNo: trackingId },
        Failure: { status: "Payment Failure", paymentStatus: "Failure", paymentRefNo: application.paymentRefNo },
        Aborted: { status: "Pending", paymentStatus: "Aborted", paymentRefNo: application.paymentRefNo },
      } as const;
      await updateApplication(tx, application.id, moves[result.outcome]);
    }
    await recordActivity(tx, {
      actor: null,
      action: `payment.${result.outcome.toLowerCase()}`,
      entityType: "payment_order",
      entityId: order.orderId,
      summary: `Rs.${formatAmount(order.amountPaise)} ${result.outcome.toLowerCase()} (${settledBy === "return" ? "gateway return" : "order status call"})`,
      details: { trackingId, application: application?.applicationNo, applicationStatusBefore: application?.status },
      ip: meta.ip,
    });
    return { result: "settled" as const, order: { ...order, status: result.outcome } };
  });
}

/** The gateway's POST back (return or cancel URL): decrypted, checked against our order, applied once. */
export async function settleFromReturn(ctx: AppContext, form: { encResp?: string; orderNo?: string }, meta: RequestMeta, log: FastifyBaseLogger) {
  const gateway = gatewayOf(ctx.settings);
  try {
    let fields: Record<string, string>;
    try {
      fields = Object.fromEntries(new URLSearchParams(decryptFromGateway(form.encResp ?? "", gateway.workingKey)));
    } catch {
      throw new RejectedPaymentResponse("encResp could not be decrypted");
    }
    const orderId = fields.order_id ?? "";
    if (form.orderNo && form.orderNo !== orderId) throw new RejectedPaymentResponse(`orderNo ${form.orderNo} differs from the encrypted order ${orderId}`);
    return await applyGatewayResult(
      ctx,
      orderId,
      {
        outcome: outcomeOf(fields.order_status),
        trackingId: fields.tracking_id,
        bankRefNo: fields.bank_ref_no,
        paymentMode: fields.payment_mode,
        amount: fields.amount,
        currency: fields.currency,
        message: fields.status_message || fields.failure_message,
        raw: fields,
      },
      "return",
      meta,
    );
  } catch (error) {
    if (!(error instanceof RejectedPaymentResponse)) throw error;
    log.warn({ reason: error.message, ip: meta.ip }, "gateway response rejected");
    await recordActivity(ctx.db, {
      actor: null,
      action: "payment.rejected",
      entityType: "payment_order",
      entityId: null,
      summary: `Gateway response refused: ${error.message}`,
      ip: meta.ip,
    });
    return undefined;
  }
}

/** Asks the gateway about orders that never came back, for one user (Verify and Pay) or on the schedule. */
export async function settleAwaitingOrders(ctx: AppContext, filter: { userId?: number; createdBefore?: Date }, log: FastifyBaseLogger): Promise<number> {
  const gateway = gatewayOf(ctx.settings);
  let settled = 0;
  for (const order of await findAwaitingOrders(ctx.db, filter)) {
    try {
      const result = await queryOrderStatus(ctx.db, gateway, order.orderId);
      const settlement = await applyGatewayResult(ctx, order.orderId, result, "status", { ip: null, userAgent: null });
      if (settlement.result === "settled") settled += 1;
    } catch (error) {
      log.warn({ err: error, orderId: order.orderId }, "order status could not be settled");
    }
  }
  return settled;
}

