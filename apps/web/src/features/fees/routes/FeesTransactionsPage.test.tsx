import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findRow, ok, okAnswer, openDialog, renderAt, signedInAs, stubApi } from "../../../test/render";
import { choose } from "../test/fee-api";

const feeRow = {
  id: "fee-2",
  kind: "fee",
  paidAt: "2026-06-10T05:30:00.000Z",
  receiptNo: "FEE-2026-000002",
  orderId: null,
  name: "ASHA R",
  userName: "asha@example.in",
  admissionNo: "ADM-UG-2026-0001",
  applicationNo: null,
  degree: "B.SC. COMPUTER SCIENCE",
  year: 1,
  term: 2,
  amount: 15000.5,
  mode: "Cheque",
  reference: "CHQ-554433",
  status: "Paid",
};
const applicationRow = {
  ...feeRow,
  id: "application-7",
  kind: "application",
  receiptNo: null,
  orderId: "UG2026000007P1",
  name: "KAVYA N",
  userName: "kavya@example.in",
  admissionNo: null,
  applicationNo: "UG-2026-000007",
  year: null,
  term: null,
  amount: 300,
  mode: "Online",
  reference: "310012345678",
};
const page = { content: [feeRow, applicationRow], totalElements: 2, totalPages: 1, number: 0, size: 20, totals: { count: 123456, amount: 1234567.5 } };
const refundRow = { ...applicationRow, id: "refund-9", kind: "fee", orderId: "ADMUG20260001F3P2", name: "ASHA R", year: 1, term: 1, amount: 15000, status: "Refund due", refundReference: null };
const refundedRow = { ...refundRow, id: "refund-8", orderId: "ADMUG20260002F5P2", name: "BALA M", status: "Refunded", refundReference: "RFND-77" };

const timeZone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);

const api = {
  ...signedInAs("ROLE_ADMIN"),
  "/booking/degrees": ok([{ id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1 }]),
  "/booking/feeTransactions": ok(page),
};

describe("Fees Transaction", { timeout: 60_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the payments to refund, and records one's refund with how the money went back", async () => {
    const calls = stubApi({
      ...api,
      "/booking/feeTransactions": ok({ ...page, content: [refundRow, refundedRow], totalElements: 2 }),
      "/booking/refunds/": () => okAnswer({ orderId: refundRow.orderId, refundStatus: "Refunded", refundReference: "RFND-78" }, "Refund recorded"),
    });
    renderAt("/feesStatus?status=Refund");
    const due = await findRow("ASHA R");
    expect(within(due).getByText("Refund due")).toBeTruthy();
    expect(within(await findRow("BALA M")).getByText("Refunded: RFND-77")).toBeTruthy();

    const recordButton = within(due).getByRole("button", { name: `Record refund: ${refundRow.orderId}` });
    await userEvent.click(recordButton);
    const dialog = await openDialog(`Record the refund of order ${refundRow.orderId}`);
    await userEvent.click(within(dialog).getByRole("button", { name: "Record" }));
    expect(await within(dialog).findByText("Enter how the money went back: the gateway's refund number or the bank transfer's!")).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText("Refund reference"), "RFND-78");
    await userEvent.click(within(dialog).getByRole("button", { name: "Record" }));

    expect(await screen.findByText("Refund recorded")).toBeTruthy();
    const sent = calls.find((call) => call.init?.method === "POST");
    expect(sent?.url).toBe(`/booking/refunds/${refundRow.orderId}`);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ reference: "RFND-78" });
    // The row says Refunded once read again: the focus waits in its table, not on a button going away.
    await waitFor(() => expect(document.activeElement).toBe(recordButton.closest('[role="region"]')));
  });

  it("cancels a fee recorded at the office, saying why; a fee paid online offers no cancellation", async () => {
    const onlineFee = { ...feeRow, id: "fee-3", receiptNo: "FEE-2026-000003", orderId: "ADMUG20260001F1P1", name: "BALA M", mode: "Online", reference: "310099" };
    const calls = stubApi({
      ...api,
      "/booking/feeTransactions": ok({ ...page, content: [feeRow, onlineFee], totalElements: 2 }),
      "/booking/feeReceipt/": () => okAnswer({ receiptNo: feeRow.receiptNo, academicYear: 1, termNo: 2, cancelledAt: "2026-06-11T05:30:00.000Z" }, "Receipt cancelled: the term is due again."),
    });
    renderAt("/feesStatus");
    const office = await findRow("ASHA R");
    expect(within(await findRow("BALA M")).queryByRole("button")).toBeNull();

    const cancelButton = within(office).getByRole("button", { name: `Cancel receipt: ${feeRow.receiptNo}` });
    await userEvent.click(cancelButton);
    const dialog = await openDialog(`Cancel receipt ${feeRow.receiptNo}`);
    expect(within(dialog).getByText(/ASHA R · ₹15,000.5 · Cheque · CHQ-554433/)).toBeTruthy();
    const confirm = within(dialog).getByRole("button", { name: "Cancel receipt" });
    await userEvent.click(confirm);
    expect(await within(dialog).findByText("Please say why this receipt is cancelled, in at most 500 characters!")).toBeTruthy();
    expect(calls.some((call) => call.init?.method === "POST")).toBe(false);
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Cheque bounced");
    await userEvent.click(confirm);

    expect(await screen.findByText("Receipt cancelled: the term is due again.")).toBeTruthy();
    const sent = calls.find((call) => call.init?.method === "POST");
    expect(sent?.url).toBe(`/booking/feeReceipt/${feeRow.receiptNo}/cancellation`);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ reason: "Cheque bounced" });
    await waitFor(() => expect(document.activeElement).toBe(cancelButton.closest('[role="region"]')));
  });

  it("lists the cancelled receipts with when and why they were cancelled", async () => {
    const cancelledRow = {
      ...feeRow,
      id: "cancelled-2",
      status: "Cancelled",
      cancelledAt: "2026-06-11T05:30:00.000Z",
      cancelledBy: "cashier@college.in",
      cancelReason: "Entered for the wrong student",
    };
    const calls = stubApi({ ...api, "/booking/feeTransactions": ok({ ...page, content: [cancelledRow], totalElements: 1 }) });
    renderAt("/feesStatus?status=Cancelled");
    const row = await findRow("ASHA R");
    expect(within(row).getByText("Cancelled")).toBeTruthy();
    // Each value set apart from the sentence's direction (U+2068 ... U+2069).
    expect(within(row).getByText(/^Cancelled \u2068.+\u2069 by \u2068cashier@college\.in\u2069: \u2068Entered for the wrong student\u2069$/)).toBeTruthy();
    expect(within(row).queryByRole("button")).toBeNull();
    expect(screen.getByRole("combobox", { name: "Status" }).closest(".ant-select")?.textContent).toContain("Cancelled receipts");
    expect(calls.some((call) => call.url.startsWith("/booking/feeTransactions?status=Cancelled"))).toBe(true);
  });

  it("shows the server's page with its totals, and keeps each filter in the URL and the query", async () => {
    const calls = stubApi(api);
    const { router } = renderAt("/feesStatus?pageNo=1");
    const fee = await findRow("ASHA R");
    expect(calls.some((call) => call.url === `/booking/feeTransactions?pageNo=1&timeZone=${timeZone}&pageSize=20`)).toBe(true);

    expect(within(fee).getByText("FEE-2026-000002")).toBeTruthy();
    expect(within(fee).getByText("₹15,000.5")).toBeTruthy();
    expect(within(fee).getByText("Term fee")).toBeTruthy();
    expect(within(fee).getByRole("link", { name: "ASHA R" }).getAttribute("href")).toBe("/feesHistory/asha%40example.in");
    const application = await findRow("KAVYA N");
    expect(within(application).getByText("UG2026000007P1")).toBeTruthy();
    expect(within(application).getByText("UG-2026-000007")).toBeTruthy();
    expect(within(application).getByText("Application fee")).toBeTruthy();
    // Totals of everything the filters match, not of this page.
    expect(screen.getByText("1,23,456")).toBeTruthy();
    expect(screen.getByText("₹12,34,567.5")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("From date"), { target: { value: "2026-06-01" } });
    await waitFor(() => expect(router.state.location.search).toBe("?dateFrom=2026-06-01"));
    expect(screen.getByLabelText("To date").getAttribute("min")).toBe("2026-06-01");
    await choose("Mode", "Cheque");
    await choose("Type", "Term fee");
    await choose("Year", "Year 1");
    await choose("Term", "Term 2");
    await choose("Degree", "B.SC. COMPUTER SCIENCE");
    const wanted = "?dateFrom=2026-06-01&mode=Cheque&kind=fee&year=1&term=2&degreeId=4";
    await waitFor(() => expect(router.state.location.search).toBe(wanted));
    await waitFor(() => expect(calls.some((call) => call.url === `/booking/feeTransactions${wanted}&timeZone=${timeZone}&pageSize=20`)).toBe(true));

    // The search goes with the filters: a student, a receipt or an order.
    const search = screen.getByRole("searchbox", { name: "Name, admission or application number, receipt or order number, e-mail or mobile" });
    await userEvent.type(search, " fee-2026-000002 {Enter}");
    await waitFor(() => expect(router.state.location.search).toBe(`${wanted}&search=fee-2026-000002`));
    await waitFor(() => expect(calls.some((call) => call.url === `/booking/feeTransactions${wanted}&search=fee-2026-000002&timeZone=${timeZone}&pageSize=20`)).toBe(true));
    await userEvent.clear(search);
    await userEvent.type(search, "{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe(wanted));

    // Terms still due have no payment date or mode: those filters go, and wait until payments are listed again.
    await choose("Status", "Terms still due");
    await waitFor(() => expect(router.state.location.search).toBe("?kind=fee&year=1&term=2&degreeId=4&status=Due"));
    expect(screen.getByLabelText("From date").hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("combobox", { name: "Mode" }).hasAttribute("disabled")).toBe(true);
  });

  it("exports the filtered transactions to Excel, without the page", async () => {
    URL.createObjectURL = vi.fn(() => "blob:fees");
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const calls = stubApi(api);
    const answered = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).startsWith("/booking/exportFeeTransactions")) return answered(input, init);
      calls.push({ url: String(input), init });
      return new Response(new Uint8Array(2048), {
        headers: { "content-disposition": 'attachment; filename="fee-transactions-2026-06-10.xlsx"', "x-total-count": "2" },
      });
    });
    renderAt("/feesStatus?mode=Cash&pageNo=3");
    await userEvent.click(await screen.findByRole("button", { name: "Export to Excel" }));

    expect(await screen.findByText(/Exported to fee-transactions-2026-06-10.xlsx \(2 kB\)\. Transactions in the file: 2\./)).toBeTruthy();
    expect(calls.some((call) => call.url === `/booking/exportFeeTransactions?mode=Cash&timeZone=${timeZone}`)).toBe(true);
    expect(saved).toEqual(["fee-transactions-2026-06-10.xlsx blob:fees"]);
  });
});
