import { randomInt } from "node:crypto";
import { batchedPerDatabase, isOneOfTheKeys } from "../../db/batched.js";
import type { Database } from "../../db/client.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { sandboxTransactions } from "../../db/schema/index.js";
import { decryptFromGateway, encryptForGateway } from "./ccavenue-cipher.js";
import { SANDBOX_CREDENTIALS } from "./gateway.js";

export type SandboxOutcome = "Success" | "Failure" | "Aborted";

export class SandboxRequestError extends Error {}

/** The request the merchant's form posted, decrypted and checked as the real gateway would. */
export function readSandboxRequest(encRequest: string | undefined, accessCode: string | undefined): Record<string, string> {
  if (accessCode !== SANDBOX_CREDENTIALS.accessCode) throw new SandboxRequestError("Unknown access code.");
  let fields: Record<string, string>;
  try {
    fields = Object.fromEntries(new URLSearchParams(decryptFromGateway(encRequest ?? "", SANDBOX_CREDENTIALS.workingKey)));
  } catch {
    throw new SandboxRequestError("The request could not be decrypted with the sandbox working key.");
  }
  if (fields.merchant_id !== SANDBOX_CREDENTIALS.merchantId) throw new SandboxRequestError("Unknown merchant.");
  for (const required of ["order_id", "amount", "currency", "redirect_url", "cancel_url"]) {
    if (!fields[required]) throw new SandboxRequestError(`The request has no ${required}.`);
  }
  return fields;
}

/**
 * The gateway keeps an order from the moment its payer reaches the payment page, as Initiated until
 * they choose; the order status call answers about it from then on (and has no record before).
 */
export async function recordSandboxVisit(db: Database, request: Record<string, string>): Promise<void> {
  await db.insert(sandboxTransactions).values(newRecordOf(request, "Initiated", "")).onConflictDoNothing({ target: sandboxTransactions.orderId });
}

/**
 * The sandbox's record of an order reaching it, with a new tracking id: the gateway's reference of
 * an order, twelve digits, given when the order first reaches it and kept.
 */
function newRecordOf(request: Record<string, string>, outcome: string, bankRefNo: string): typeof sandboxTransactions.$inferInsert {
  const trackingId = String(randomInt(100_000_000_000, 999_999_999_999));
  return { orderId: request.order_id!, trackingId, outcome, amount: request.amount!, currency: request.currency!, bankRefNo };
}

/** Records the tester's choice and builds the encResp the gateway posts back, with where to post it. */
export async function decideSandboxPayment(db: Database, request: Record<string, string>, outcome: SandboxOutcome) {
  const bankRefNo = `SBX${randomInt(1_000_000, 9_999_999)}`;
  const [{ trackingId }] = (await db
    .insert(sandboxTransactions)
    .values(newRecordOf(request, outcome, bankRefNo))
    .onConflictDoUpdate({ target: sandboxTransactions.orderId, set: { outcome, bankRefNo } })
    .returning({ trackingId: sandboxTransactions.trackingId })) as [{ trackingId: string }];
  const response = new URLSearchParams({
    order_id: request.order_id!,
    tracking_id: trackingId,
    bank_ref_no: outcome === "Success" ? bankRefNo : "null",
    order_status: outcome,
    failure_message: outcome === "Failure" ? "Transaction declined by the sandbox" : "",
    payment_mode: "Net Banking",
    card_name: "Sandbox Bank",
    status_code: "null",
    status_message: outcome === "Success" ? "Transaction successful" : outcome === "Failure" ? "Transaction declined" : "Cancelled by the payer",
    currency: request.currency!,
    amount: request.amount!,
    billing_name: request.billing_name ?? "",
    merchant_param1: request.merchant_param1 ?? "",
  });
  return {
    target: outcome === "Aborted" ? request.cancel_url! : request.redirect_url!,
    encResp: encryptForGateway(response.toString(), SANDBOX_CREDENTIALS.workingKey),
    orderId: request.order_id!,
  };
}

/**
 * What the sandbox recorded for an order. Each applicant's save asks about their earlier unanswered
 * orders, so on a busy moment the status calls of many saves share one query.
 */
const findSandboxTransaction = batchedPerDatabase(
  (db, orderIds: readonly string[]) => sandboxTransactionsQuery(db).execute({ orderIds }),
  (row) => row.orderId,
);

const sandboxTransactionsQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(sandboxTransactions)
    .where(isOneOfTheKeys(sandboxTransactions.orderId, "orderIds"))
    .prepare("sandbox_transactions"),
);

const statusWords: Record<string, string> = { Success: "Successful", Failure: "Unsuccessful", Aborted: "Aborted" };

/** The order status call as CCAvenue answers it: the order's state, or an error when it has no record of the order. */
export async function answerStatusRequest(db: Database, form: Record<string, string | undefined>): Promise<string> {
  if (form.access_code !== SANDBOX_CREDENTIALS.accessCode || form.command !== "orderStatusTracker") {
    return "status=1&enc_response=Invalid access code or command";
  }
  let orderNo: string | undefined;
  try {
    orderNo = (JSON.parse(decryptFromGateway(form.enc_request ?? "", SANDBOX_CREDENTIALS.workingKey)) as { order_no?: string }).order_no;
  } catch {
    return "status=1&enc_response=Invalid request";
  }
  const record = orderNo ? await findSandboxTransaction(db, orderNo) : undefined;
  const order = record
    ? {
        status: 0,
        order_no: record.orderId,
        reference_no: record.trackingId,
        order_status: statusWords[record.outcome] ?? record.outcome,
        order_amt: Number(record.amount),
        order_currncy: record.currency,
        order_bank_ref_no: record.outcome === "Success" ? record.bankRefNo : "",
        order_option_type: "OPTNBK",
        order_status_date_time: record.createdAt.toISOString(),
      }
    : { status: 1, error_desc: orderNo ? `The sandbox has no record of order ${orderNo}` : "No order number", error_code: "" };
  return `status=0&enc_response=${encryptForGateway(JSON.stringify({ Order_Status_Result: order }), SANDBOX_CREDENTIALS.workingKey)}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/sandbox-gateway/sandbox.css"></head><body><main>${body}</main></body></html>`;
}

/** The page a tester sees: merchant, order and amount, and the three outcomes a real gateway can return. */
export function choicePage(request: Record<string, string>, encRequest: string, accessCode: string): string {
  const hidden = `<input type="hidden" name="encRequest" value="${escapeHtml(encRequest)}"><input type="hidden" name="access_code" value="${escapeHtml(accessCode)}">`;
  return page(
    "Sandbox payment gateway",
    `<p class="badge">Sandbox: no money moves</p>
<h1>Pay Rs.${escapeHtml(request.amount!)}</h1>
<dl><dt>Merchant</dt><dd>${escapeHtml(request.merchant_id!)}</dd><dt>Order</dt><dd>${escapeHtml(request.order_id!)}</dd>
<dt>Amount</dt><dd>${escapeHtml(request.currency!)} ${escapeHtml(request.amount!)}</dd><dt>Payer</dt><dd>${escapeHtml(request.billing_name ?? "")}</dd></dl>
<form method="post" action="/sandbox-gateway/decide">${hidden}
<button name="outcome" value="Success" class="success">Pay (Success)</button>
<button name="outcome" value="Failure" class="failure">Decline (Failure)</button>
<button name="outcome" value="Aborted" class="abort">Cancel (Abort)</button>
</form>`,
  );
}

/** Posts encResp back to the merchant, as the real gateway's redirect page does. */
export function returnPage(target: string, encResp: string, orderId: string): string {
  return page(
    "Returning to the merchant",
    `<h1>Returning to the college…</h1>
<form id="return" method="post" action="${escapeHtml(target)}"><input type="hidden" name="encResp" value="${escapeHtml(encResp)}"><input type="hidden" name="orderNo" value="${escapeHtml(orderId)}">
<button>Continue</button></form><script src="/sandbox-gateway/return.js"></script>`,
  );
}

export function errorPage(message: string): string {
  return page("Sandbox payment gateway", `<h1>The payment request was refused</h1><p>${escapeHtml(message)}</p>`);
}

export const returnScript = `document.getElementById("return").submit();\n`;

export const sandboxStyles = `body{font-family:system-ui,sans-serif;background:#f3f5f9;margin:0}main{max-width:420px;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:8px}
.badge{background:#fef3c7;color:#78350f;padding:.25rem .5rem;border-radius:4px;display:inline-block}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{font-weight:600}form{display:grid;gap:.75rem;margin-top:1rem}button{font-size:1rem;padding:.75rem;border-radius:6px;border:1px solid #9ca3af;cursor:pointer}
.success{background:#166534;color:#fff}.failure{background:#991b1b;color:#fff}.abort{background:#fff;color:#111827}\n`;
