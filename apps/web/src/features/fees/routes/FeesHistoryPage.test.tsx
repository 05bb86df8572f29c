import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { failure, findRow, ok, renderAt, signedInAs, stubApi } from "../../../test/render";
import { feeStatus } from "../test/fee-api";

describe("Fees History", { timeout: 60_000 }, () => {
  it("shows the loader until the signed-in student's terms come, then the student and every term with its status", async () => {
    const calls = stubApi({ ...signedInAs("ROLE_STUDENT", "asha@example.in") });
    let answer!: (response: Response) => void;
    const api = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).startsWith("/booking/feeStatus")) return api(input, init);
      calls.push({ url: String(input), init });
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    renderAt("/feesHistory");

    await waitFor(() => expect(calls.some((call) => call.url === "/booking/feeStatus?userName=asha%40example.in")).toBe(true));
    expect(screen.getByRole("status").textContent).toContain("Loading…");
    expect(screen.queryByRole("table")).toBeNull();

    answer(new Response(JSON.stringify({ status: "success", message: "OK", data: feeStatus }), { headers: { "content-type": "application/json" } }));
    expect(await screen.findByText("ASHA R")).toBeTruthy();
    expect(screen.getByText("ADM-UG-2026-0001")).toBeTruthy();
    // Each name isolated, so that in Arabic a degree's last dot stays at its end.
    const degree = screen.getByText("B.SC. COMPUTER SCIENCE");
    expect(degree.tagName).toBe("BDI");
    expect(degree.parentElement?.textContent).toBe("UG · B.SC. COMPUTER SCIENCE");

    const paid = await findRow("₹25,000");
    expect(within(paid).getByText("Year 1, term 1")).toBeTruthy();
    expect(within(paid).getByText("Paid")).toBeTruthy();
    expect(within(paid).getByText(/Paid on .*2026 · Online/)).toBeTruthy();
    expect(within(paid).getByRole("link", { name: "Receipt FEE-2026-000001" }).getAttribute("href")).toBe("/booking/feeReceipt/FEE-2026-000001");

    const due = await findRow("₹15,000.5");
    expect(within(due).getByText("Due")).toBeTruthy();
    expect(within(due).queryByRole("link")).toBeNull();
    // Year 2's term is owed once the student, in year 1, reaches year 2.
    const later = await findRow("₹30,000");
    expect(within(later).getByText("Not yet due")).toBeTruthy();
    expect(within(later).queryByText("Due")).toBeNull();
    // A student has terms to pay and no Fee Entry.
    expect(screen.getByRole("button", { name: "Pay Fees" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Fee Entry" })).toBeNull();
  });

  it("says after the gateway whether the term was paid, and offers another try when it was not", async () => {
    stubApi({ ...signedInAs("ROLE_STUDENT", "asha@example.in"), "/booking/feeStatus": ok(feeStatus) });
    const paid = renderAt("/feesHistory?payment=success");
    expect(await screen.findByText("Payment received: the term is now paid. Its receipt is below.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pay again" })).toBeNull();
    paid.unmount();

    const failed = renderAt("/feesHistory?payment=failure");
    expect(await screen.findByText("The payment did not go through, so the term is not paid. Please try again.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Pay again" }));
    await waitFor(() => expect(failed.router.state.location.pathname).toBe("/feesDetail"));
    failed.unmount();

    const aborted = renderAt("/feesHistory?payment=aborted");
    expect(await screen.findByText("The payment was cancelled, so the term is not paid. You can try again.")).toBeTruthy();
    aborted.unmount();

    // Money taken for a term that could not take it goes back, and no second payment is offered.
    renderAt("/feesHistory?payment=refund");
    expect(await screen.findByText(/^We received this payment, but the term had already been paid or its fee had changed/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pay again" })).toBeNull();
  });

  it("lists money the gateway took that paid nothing, owed back until the office gives it back, then how it went back", async () => {
    const refunds = [
      { orderId: "FEE2026000007P2", amount: 25000, academicYear: 1, termNo: 1, paidAt: "2026-06-10T05:40:00.000Z", status: "Due", refundedAt: null, reference: null },
      { orderId: "FEE2026000007P3", amount: 25000, academicYear: 1, termNo: 1, paidAt: "2026-06-10T05:41:00.000Z", status: "Refunded", refundedAt: "2026-06-12T05:00:00.000Z", reference: "RFND 556677" },
      // Paid twice as an applicant, the application fee is still owed back to the student.
      { orderId: "APP2026000007P2", amount: 300, academicYear: null, termNo: null, paidAt: "2026-05-02T05:40:00.000Z", status: "Due", refundedAt: null, reference: null },
    ];
    stubApi({ ...signedInAs("ROLE_STUDENT", "asha@example.in"), "/booking/feeStatus": ok({ ...feeStatus, refunds }) });
    renderAt("/feesHistory");
    expect(await screen.findByRole("heading", { name: "Money to be given back", level: 2 })).toBeTruthy();
    expect(
      screen.getByText("₹25,000 received on Jun 10, 2026 for Year 1, Term 1 (order FEE2026000007P2) paid for nothing: the term was already paid, or its fee had changed. The college office will give it back."),
    ).toBeTruthy();
    expect(screen.getByText("₹25,000 received on Jun 10, 2026 for Year 1, Term 1 (order FEE2026000007P3) was given back on Jun 12, 2026, reference RFND 556677.")).toBeTruthy();
    expect(
      screen.getByText("₹300 received on May 2, 2026 for the application fee (order APP2026000007P2) paid for nothing: the fee was already paid, or it had changed. The college office will give it back."),
    ).toBeTruthy();
  });

  it("shows nothing to give back when nothing is owed, and no cancelled receipts when there are none", async () => {
    stubApi({ ...signedInAs("ROLE_STUDENT", "asha@example.in"), "/booking/feeStatus": ok(feeStatus) });
    renderAt("/feesHistory");
    expect(await screen.findByText("ASHA R")).toBeTruthy();
    expect(screen.queryByText("Money to be given back")).toBeNull();
    expect(screen.queryByText("Cancelled receipts")).toBeNull();
  });

  it("says which of the student's receipts the office cancelled, when and why", async () => {
    const cancelledReceipts = [
      { receiptNo: "FEE-2026-000009", amount: 15000.5, academicYear: 1, termNo: 2, paidAt: "2026-06-10T05:40:00.000Z", cancelledAt: "2026-06-12T05:00:00.000Z", reason: "Cheque bounced" },
    ];
    stubApi({ ...signedInAs("ROLE_STUDENT", "asha@example.in"), "/booking/feeStatus": ok({ ...feeStatus, cancelledReceipts }) });
    renderAt("/feesHistory");
    expect(await screen.findByRole("heading", { name: "Cancelled receipts", level: 2 })).toBeTruthy();
    // Each value set apart from the sentence's direction (U+2068 ... U+2069).
    const said = "Receipt \u2068FEE-2026-000009\u2069 for ₹15,000.5 (Year 1, Term 2), paid on \u2068Jun 10, 2026\u2069, was cancelled by the college office on \u2068Jun 12, 2026\u2069: \u2068Cheque bounced\u2069";
    expect(screen.getByText(said)).toBeTruthy();
  });

  it("shows staff the student they named, with Fee Entry to /students/feesStatus/{user}", async () => {
    const calls = stubApi({ ...signedInAs("ROLE_ADMIN", "office@example.in"), "/booking/feeStatus": ok(feeStatus) });
    const { router } = renderAt("/feesHistory/asha%40example.in");
    await userEvent.click(await screen.findByRole("button", { name: "Fee Entry" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/students/feesStatus/asha%40example.in"));
    expect(calls.filter((call) => call.url.startsWith("/booking/feeStatus")).every((call) => call.url === "/booking/feeStatus?userName=asha%40example.in")).toBe(true);
  });

  it("says why the terms cannot be shown", async () => {
    stubApi({ ...signedInAs("ROLE_ADMIN"), "/booking/feeStatus": failure(404, "Not found") });
    renderAt("/feesHistory/nobody%40example.in");
    expect(await screen.findByText("Not found")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
