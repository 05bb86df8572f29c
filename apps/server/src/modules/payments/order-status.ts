import type { Database } from "../../db/client.js";
import { decryptFromGateway, encryptForGateway } from "./ccavenue-cipher.js";
import type { Gateway } from "./gateway.js";
import { answerStatusRequest } from "./sandbox.js";

export type Outcome = "Success" | "Failure" | "Aborted" | "Awaiting";

export interface GatewayResult {
  outcome: Outcome;
  trackingId?: string;
  bankRefNo?: string;
  paymentMode?: string;
  amount?: string;
  currency?: string;
  message?: string;
  raw: Record<string, unknown>;
}

/** The gateway's order_status words, on return and from the status call, as our four outcomes. */
export function outcomeOf(status: string | undefined): Outcome {
  switch ((status ?? "").toLowerCase()) {
    case "success":
    case "successful":
    case "shipped":
      return "Success";
    case "failure":
    case "unsuccessful":
    case "invalid":
    case "auto-cancelled":
    case "fraud":
      return "Failure";
    case "aborted":
      return "Aborted";
    default:
      return "Awaiting";
  }
}

/**
 * What the order status call learnt. `known` is true only when the gateway told this order's state:
 * the call refused, an error about the order (CCAvenue's answer for an order it has no record of),
 * and an answer that cannot be read as one about this order all leave it false, so that nothing
 * closes an order on an answer that does not say it was not paid.
 */
export interface StatusAnswer extends GatewayResult {
  known: boolean;
}

/**
 * CCAvenue's order status call (command orderStatusTracker): an encrypted JSON request, answered as
 * `status=0&enc_response=...` when the call was taken (`status=1` and a plain message when it was
 * refused). The decrypted answer is `{"Order_Status_Result": {...}}`, whose own `status` is 0 when the
 * order was found and 1, with `error_desc` and `error_code`, when not. The sandbox answers the same
 * protocol in-process.
 */
export async function queryOrderStatus(db: Database, gateway: Gateway, orderId: string): Promise<StatusAnswer> {
  const form = new URLSearchParams({
    enc_request: encryptForGateway(JSON.stringify({ order_no: orderId }), gateway.workingKey),
    access_code: gateway.accessCode,
    command: "orderStatusTracker",
    request_type: "JSON",
    response_type: "JSON",
    version: "1.2",
  });
  const answerText = gateway.sandbox
    ? await answerStatusRequest(db, Object.fromEntries(form))
    : await (await fetch(gateway.statusUrl, { method: "POST", body: form, signal: AbortSignal.timeout(20_000) })).text();

  const answer = new URLSearchParams(answerText.trim());
  const unknown = (message: string, raw: Record<string, unknown> = {}): StatusAnswer => ({ outcome: "Awaiting", known: false, message, raw });
  if (answer.get("status") !== "0") return unknown(`the call was refused: ${answer.get("enc_response") ?? answerText}`);
  const decrypted = JSON.parse(decryptFromGateway(answer.get("enc_response") ?? "", gateway.workingKey)) as { Order_Status_Result?: Record<string, unknown> };
  const order = decrypted.Order_Status_Result;
  if (typeof order !== "object" || order === null) return unknown("the answer has no Order_Status_Result", decrypted);
  const text = (key: string) => (order[key] == null || order[key] === "" ? undefined : String(order[key]));
  if (text("status") !== "0") return unknown(`no status of the order: ${[text("error_code"), text("error_desc")].filter(Boolean).join(" ") || "no reason given"}`, order);
  if (text("order_no") !== orderId) return unknown(`the answer is about order ${text("order_no") ?? "(none)"}`, order);
  if (!text("order_status")) return unknown("the answer has no order_status", order);
  return {
    outcome: outcomeOf(text("order_status")),
    known: true,
    trackingId: text("reference_no"),
    bankRefNo: text("order_bank_ref_no"),
    paymentMode: text("order_option_type"),
    amount: order.order_amt == null ? undefined : Number(order.order_amt).toFixed(2),
    currency: text("order_currncy"),
    message: text("order_status_date_time") ? `status ${text("order_status")} at ${text("order_status_date_time")}` : text("order_status"),
    raw: order,
  };
}
