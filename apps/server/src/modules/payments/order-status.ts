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

/** What the order status call learnt: `known` is false when the gateway refused the call itself (an error, no record of the order). */
export interface StatusAnswer extends GatewayResult {
  known: boolean;
}

/**
 * CCAvenue's order status call (command orderStatusTracker): an encrypted JSON request, answered as
 * `status=0&enc_response=...`. The sandbox answers the same protocol in-process.
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
  if (answer.get("status") !== "0") return { outcome: "Awaiting", known: false, message: answer.get("enc_response") ?? answerText, raw: {} };
  const order = JSON.parse(decryptFromGateway(answer.get("enc_response") ?? "", gateway.workingKey)) as Record<string, unknown>;
  const text = (key: string) => (order[key] == null ? undefined : String(order[key]));
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
