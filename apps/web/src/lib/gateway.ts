import { limits } from "@admissions/shared";
import { useEffect, useState } from "react";

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

/**
 * Whether the page is on its way to the gateway, for its pay button to stay busy: set once the form
 * is posted (postToGateway), cleared when Back from the gateway shows the page again from the
 * browser's back-forward cache, where it would otherwise stay busy for good.
 */
export function useLeavingForGateway() {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const shownAgain = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener("pageshow", shownAgain);
    return () => window.removeEventListener("pageshow", shownAgain);
  }, []);
  return [leaving, setLeaving] as const;
}
