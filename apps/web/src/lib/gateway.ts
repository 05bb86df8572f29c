import { limits } from "@admissions/shared";

/**
 * SPEC.md: the browser goes to the card gateway by a hidden form carrying encRequest and access_code,
 * submitted about 200 ms after the answer, and only when both came back. Answers whether it went.
 */
export function postToGateway(start: { transactionUrl?: string; encRequest?: string; accessCode?: string }): boolean {
  if (!start.transactionUrl || !start.encRequest || !start.accessCode) return false;
  const form = document.createElement("form");
  form.method = "POST";
  form.action = start.transactionUrl;
  form.hidden = true;
  for (const [name, value] of [
    ["encRequest", start.encRequest],
    ["access_code", start.accessCode],
  ] as const) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  setTimeout(() => form.submit(), limits.gatewaySubmitDelayMs);
  return true;
}
