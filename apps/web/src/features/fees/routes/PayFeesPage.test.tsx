import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { after, failure, ok, renderAt, signedInAs, stubApi } from "../../../test/render";
import { choose, feeStatus } from "../test/fee-api";

const payments = (calls: { url: string; init: RequestInit | undefined }[]) =>
  calls.filter((call) => call.url === "/booking/feePayment").map((call) => JSON.parse(String(call.init?.body)) as unknown);

const amount = () => (screen.getByLabelText("Amount") as HTMLInputElement).value;
/** Pasted rather than typed: a keystroke at a time is slow in jsdom and adds nothing here. */
async function enter(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}
const payButton = () => screen.getByRole("button", { name: "PAY" });

describe("Pay Fees", { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.querySelectorAll("form[hidden]").forEach((form) => form.remove());
  });

  it("shows the amount of the term matching both the year and the term", async () => {
    stubApi({ ...signedInAs("ROLE_STUDENT", "asha@example.in"), "/booking/feeStatus": ok(feeStatus) });
    renderAt("/feesDetail");
    await screen.findByRole("combobox", { name: "Select Year" });
    expect(amount()).toBe("₹0");

    await choose("Select Year", "Year 1");
    await choose("Select Term", "Term 2");
    expect(amount()).toBe("₹15,000.5");
    // Year 2 Term 1 is its own term, not Year 1 Term 2 with the numbers swapped.
    await choose("Select Year", "Year 2");
    await choose("Select Term", "Term 1");
    expect(amount()).toBe("₹30,000");
  });

  it("asks for the year and the term in SPEC.md's words, and sends nothing", async () => {
    const calls = stubApi({ ...signedInAs("ROLE_STUDENT", "asha@example.in"), "/booking/feeStatus": ok(feeStatus) });
    renderAt("/feesDetail");
    await userEvent.click(await screen.findByRole("button", { name: "PAY" }));
    expect(await screen.findByText("Please input your Year!")).toBeTruthy();
    expect(screen.getByText("Please input your Term!")).toBeTruthy();
    expect(payments(calls)).toEqual([]);
  });

  it("says when the student has no such term, and sends nothing", async () => {
    const calls = stubApi({ ...signedInAs("ROLE_STUDENT", "asha@example.in"), "/booking/feeStatus": ok(feeStatus) });
    renderAt("/feesDetail");
    await screen.findByRole("combobox", { name: "Select Year" });
    await choose("Select Year", "Year 3");
    await choose("Select Term", "Term 1");
    const noFee = "There is no fee for Year 3, Term 1 for this student. Check the year and term, or contact the college office.";
    expect(await screen.findByText(noFee)).toBeTruthy();
    expect(amount()).toBe("₹0");

    await userEvent.click(payButton());
    await waitFor(() => expect(screen.getAllByText(noFee)).toHaveLength(2));
    expect(payments(calls)).toEqual([]);
  });

  it("does not offer to pay a term already paid", async () => {
    stubApi({ ...signedInAs("ROLE_STUDENT", "asha@example.in"), "/booking/feeStatus": ok(feeStatus) });
    renderAt("/feesDetail");
    await screen.findByRole("combobox", { name: "Select Year" });
    await choose("Select Year", "Year 1");
    await choose("Select Term", "Term 1");
    expect(await screen.findByText("Year 1, Term 1 is already paid.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Receipt FEE-2026-000001" })).toBeTruthy();
    expect(payButton().hasAttribute("disabled")).toBe(true);
  });

  it("offline: says a cancelled admission takes no fee, and offers no PAY", async () => {
    stubApi({ ...signedInAs("ROLE_ADMIN", "office@example.in"), "/booking/feeStatus": ok({ ...feeStatus, student: { ...feeStatus.student, status: "Cancelled" } }) });
    renderAt("/students/feesStatus/asha%40example.in");
    expect(await screen.findByText(/^This student's admission was cancelled: no fee can be paid for it\./)).toBeTruthy();
    await choose("Select Year", "Year 1");
    await choose("Select Term", "Term 2");
    expect(payButton().hasAttribute("disabled")).toBe(true);
  });

  it("online: asks the server to start the payment for the chosen term and posts the gateway form", async () => {
    const submitted = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => undefined);
    const calls = stubApi({
      ...signedInAs("ROLE_STUDENT", "asha@example.in"),
      "/booking/feeStatus": ok(feeStatus),
      "/booking/feePayment": ok({ accessCode: "AVSANDBOX", encRequest: "9f86d0", transactionUrl: "https://gateway.example/initiate", orderId: "FEE2026000012P1" }),
    });
    renderAt("/feesDetail");
    await screen.findByRole("combobox", { name: "Select Year" });
    await choose("Select Year", "Year 1");
    await choose("Select Term", "Term 2");
    await enter("Remarks", "  First instalment  ");
    await userEvent.click(payButton());

    await waitFor(() => expect(payments(calls)).toHaveLength(1));
    expect(payments(calls)[0]).toEqual({ feeCode: "BSCCS-Y1T2", academicYear: 1, termNo: 2, feeAmount: 15000.5, userName: "asha@example.in", remarks: "First instalment", isOffline: false });
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    const form = submitted.mock.contexts[0] as HTMLFormElement;
    expect(form.method).toBe("post");
    expect(form.action).toBe("https://gateway.example/initiate");
    expect(Object.fromEntries(new FormData(form))).toEqual({ encRequest: "9f86d0", access_code: "AVSANDBOX" });
    expect(screen.getByText("Taking you to the secure payment page…")).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    stubApi({
      ...signedInAs("ROLE_STUDENT", "asha@example.in"),
      "/booking/feeStatus": ok(feeStatus),
      "/booking/feePayment": failure(409, "This term has already been paid."),
    });
    renderAt("/feesDetail");
    await screen.findByRole("combobox", { name: "Select Year" });
    await choose("Select Year", "Year 2");
    await choose("Select Term", "Term 1");
    await userEvent.click(payButton());
    expect(await screen.findByText("This term has already been paid.")).toBeTruthy();
  });

  it("offline: staff record a cheque with its reference, see 'Saved' with the receipt to print, and go back", async () => {
    const calls = stubApi({
      ...signedInAs("ROLE_ADMIN", "office@example.in"),
      "/booking/feeStatus": ok(feeStatus),
      "/booking/feePayment": ok(
        { receiptNo: "FEE-2026-000002", feeCode: "BSCCS-Y1T2", academicYear: 1, termNo: 2, amount: 15000.5, mode: "Cheque", reference: "CHQ-554433", paidAt: "2026-06-11T06:00:00.000Z" },
        "Saved",
      ),
    });
    const { router } = renderAt("/feesHistory/asha%40example.in");
    await userEvent.click(await screen.findByRole("button", { name: "Fee Entry" }));
    expect(await screen.findByRole("heading", { name: "Fee Entry" })).toBeTruthy();
    await choose("Select Year", "Year 1");
    await choose("Select Term", "Term 2");

    // A cheque needs its number; cash does not.
    await choose("Mode", "Cheque");
    await userEvent.click(payButton());
    expect(await screen.findByText("Please input the cheque, draft or transfer number!")).toBeTruthy();
    expect(payments(calls)).toEqual([]);

    await enter("Reference no.", "CHQ-554433");
    await userEvent.click(payButton());
    await waitFor(() => expect(payments(calls)).toHaveLength(1));
    expect(payments(calls)[0]).toEqual({
      feeCode: "BSCCS-Y1T2",
      academicYear: 1,
      termNo: 2,
      feeAmount: 15000.5,
      userName: "asha@example.in",
      isOffline: true,
      mode: "Cheque",
      reference: "CHQ-554433",
    });

    expect(await screen.findByText("Saved")).toBeTruthy();
    expect(screen.getByText(/Receipt FEE-2026-000002 has been issued\./)).toBeTruthy();
    const print = screen.getByRole("link", { name: "Print receipt" });
    expect(print.getAttribute("href")).toBe("/booking/feeReceipt/FEE-2026-000002?print=true");
    expect(print.getAttribute("target")).toBe("_blank");
    await waitFor(() => expect(router.state.location.pathname).toBe("/feesHistory/asha%40example.in"));
  });

  it("offline: cash needs no reference, a double click records it once, and a screen opened directly goes back to the student's fees", async () => {
    const calls = stubApi({
      ...signedInAs("ROLE_ADMIN", "office@example.in"),
      "/booking/feeStatus": ok(feeStatus),
      "/booking/feePayment": after(
        300,
        ok(
          { receiptNo: "FEE-2026-000003", feeCode: "BSCCS-Y2T1", academicYear: 2, termNo: 1, amount: 30000, mode: "Cash", reference: null, paidAt: "2026-06-11T06:00:00.000Z" },
          "Saved",
        ),
      ),
    });
    const { router } = renderAt("/students/feesStatus/asha%40example.in");
    await screen.findByRole("combobox", { name: "Select Year" });
    await choose("Select Year", "Year 2");
    await choose("Select Term", "Term 1");
    await choose("Mode", "Cash");
    expect(screen.queryByLabelText("Reference no.")).toBeNull();
    // The second click comes while the form is still being checked, before the request is on its way.
    await userEvent.dblClick(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/feesHistory/asha%40example.in"));
    expect(payments(calls)).toEqual([{ feeCode: "BSCCS-Y2T1", academicYear: 2, termNo: 1, feeAmount: 30000, userName: "asha@example.in", isOffline: true, mode: "Cash" }]);
  });

  it("does not let a student enter fees for someone: they land on their own Pay Fees, and nothing is asked about the other", async () => {
    const calls = stubApi({ ...signedInAs("ROLE_STUDENT", "asha@example.in"), "/booking/feeStatus": ok(feeStatus) });
    const { router } = renderAt("/feesDetail/ravi%40example.in");
    await waitFor(() => expect(router.state.location.pathname).toBe("/feesDetail"));
    expect(await screen.findByRole("heading", { name: "Pay Fees", level: 1 })).toBeTruthy();
    expect(calls.some((call) => call.url.includes("ravi"))).toBe(false);
  });
});
