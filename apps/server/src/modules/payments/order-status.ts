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
 * What the order status call learnt. `known` is true only when the gateway told this order's state
 * in words we read: a refused call, an error about the order (CCAvenue's answer for an order it has
 * no record of), an answer about another order, and a status word that is neither a result nor
 * "Initiated" (Awaited, which a bank's late answer can still make Successful; Refunded and the like)
 * all leave it false, so that nothing closes an order on an answer that does not say it was not paid.
 */
export interface StatusAnswer extends GatewayResult {
  known: boolean;
}

/** The one word for an order whose payer reached the payment page and has paid nothing (yet). */
const NOT_PAID_YET = "initiated";

/**
 * CCAvenue's order status call (command orderStatusTracker): an encrypted JSON request, answered as
 * `status=0&enc_response=...` when the call was taken (`status=1` and a plain message when it was
 * refused). The decrypted answer is `{"Order_Status_Result": {...}}`, whose own `status` is 0 when the
 * order was found and 1, with `error_desc` and `error_code`, when not; an answer without the wrapper
 * is read the same way. The sandbox answers the same protocol in-process.
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
  const untold = (message: string, raw: Record<string, unknown> = {}): StatusAnswer => ({ outcome: "Awaiting", known: false, message, raw });
  if (answer.get("status") !== "0") return untold(`the call was refused: ${answer.get("enc_response") ?? answerText}`);
  const order = orderStatusResultOf(JSON.parse(decryptFromGateway(answer.get("enc_response") ?? "", gateway.workingKey)));
  if (!order) return untold("the answer is not an order's status");
  const text = (key: string) => (order[key] == null || order[key] === "" ? undefined : String(order[key]));
  if ((text("status") ?? "0") !== "0") return untold(`no status of the order: ${[text("error_code"), text("error_desc")].filter(Boolean).join(" ") || "no reason given"}`, order);
  if (text("order_no") !== orderId) return untold(`the answer is about order ${text("order_no") ?? "(none)"}`, order);
  const word = text("order_status");
  const outcome = outcomeOf(word);
  if (outcome === "Awaiting" && word?.toLowerCase() !== NOT_PAID_YET) return untold(`order status ${word ?? "(none)"}`, order);
  const amount = text("order_amt");
  return {
    outcome,
    known: true,
    trackingId: text("reference_no"),
    bankRefNo: text("order_bank_ref_no"),
    paymentMode: text("order_option_type"),
    amount: amount === undefined ? undefined : Number(amount).toFixed(2),
    currency: text("order_currncy"),
    message: text("order_status_date_time") ? `status ${word} at ${text("order_status_date_time")}` : word,
    raw: order,
  };
}

/** The order's part of a decrypted answer: inside Order_Status_Result, or the answer itself without it. */
function orderStatusResultOf(decrypted: unknown): Record<string, unknown> | undefined {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
  if (!isObject(decrypted)) return undefined;
  return isObject(decrypted.Order_Status_Result) ? decrypted.Order_Status_Result : decrypted;
}
