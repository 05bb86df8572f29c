import type { ActivityEntry } from "@admissions/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import i18n from "../../../lib/i18n";
import { catalogues } from "../../../test/catalogues";
import { ok, renderAt, signedInAs, stubApi } from "../../../test/render";

const signInEntry: ActivityEntry = {
  id: 12,
  at: "2026-06-03T10:15:00.000Z",
  actorName: "asha.clerk@college.in",
  action: "user.signin",
  entityType: "user",
  entityId: "7",
  summary: "Signed in",
  details: null,
  ip: "10.0.0.5",
};
const paymentEntry: ActivityEntry = {
  id: 11,
  at: "2026-06-03T09:00:00.000Z",
  actorName: null,
  action: "payment.success",
  entityType: "payment_order",
  entityId: "UG2026000123P1",
  summary: "Rs.300.00 success (gateway return)",
  details: { trackingId: "310012345678", application: "UG-2026-000123", applicationStatusBefore: "Pending", refundDue: true, gateway: { mode: "Net Banking" } },
  ip: null,
};

const logCalls = (calls: { url: string }[]) => calls.filter((call) => call.url.startsWith("/booking/activity?")).map((call) => new URL(call.url, "http://app").searchParams);

describe("the activity log", () => {
  it("shows the server's page, keeps its filters in the URL and asks the server again from page one", async () => {
    const calls = stubApi({
      ...signedInAs("ROLE_ADMIN"),
      "/booking/activity/actions": ok(["payment.success", "user.signin"]),
      "/booking/activity": ok({ content: [signInEntry, paymentEntry], totalElements: 42, totalPages: 3, number: 1, size: 20 }),
    });
    const { router } = renderAt("/activityLog?pageNo=1&action=user.signin");

    // Ant Design's table takes a moment to render in jsdom.
    expect(await screen.findByText("asha.clerk@college.in", {}, { timeout: 15_000 })).toBeTruthy();
    const table = screen.getByRole("table");
    expect(within(table).getByText("System")).toBeTruthy();
    expect(within(table).getByText("Payment succeeded")).toBeTruthy();
    expect(within(table).getByText("Payment order UG2026000123P1")).toBeTruthy();
    expect(within(table).getByText("10.0.0.5")).toBeTruthy();
    expect(screen.getByText("Entries: 42")).toBeTruthy();
    const first = logCalls(calls)[0]!;
    expect(Object.fromEntries(first)).toMatchObject({ pageNo: "1", action: "user.signin", pageSize: "20" });
    expect(first.get("timeZone")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    await userEvent.type(screen.getByRole("searchbox", { name: "User name (e-mail)" }), "asha{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?action=user.signin&userName=asha"));
    await waitFor(() => expect(logCalls(calls).some((params) => params.get("userName") === "asha" && !params.has("pageNo"))).toBe(true));

    // Each date box shows its name, not only the date's format.
    for (const name of ["From date", "To date"]) expect(screen.getByLabelText(name).closest(".ant-input-affix-wrapper")?.textContent).toBe(name);
    fireEvent.change(screen.getByLabelText("From date"), { target: { value: "2026-06-01" } });
    await waitFor(() => expect(router.state.location.search).toBe("?action=user.signin&userName=asha&dateFrom=2026-06-01"));
    expect(screen.getByLabelText("To date").getAttribute("min")).toBe("2026-06-01");
  });

  it("opens an entry's details by keyboard, each one readable", async () => {
    stubApi({
      ...signedInAs("ROLE_ADMIN"),
      "/booking/activity/actions": ok([]),
      "/booking/activity": ok({ content: [signInEntry, paymentEntry], totalElements: 2, totalPages: 1, number: 0, size: 20 }),
    });
    renderAt("/activityLog");
    await screen.findByText("asha.clerk@college.in", {}, { timeout: 15_000 });

    // Only the entry that recorded details can be expanded; Ant Design hides the other rows' button
    // with CSS (visibility: hidden), which jsdom does not apply, so it is told apart by its class.
    const expand = screen
      .getAllByRole("button", { name: "Expand row" })
      .filter((button) => !button.classList.contains("ant-table-row-expand-icon-spaced"));
    expect(expand).toHaveLength(1);
    expand[0]!.focus();
    await userEvent.keyboard("{Enter}");

    // The expand column's header names it for a screen reader; the details open under the row.
    expect(screen.getAllByRole("columnheader", { name: "Details" }).length).toBeGreaterThan(0);
    expect(await screen.findByText("310012345678")).toBeTruthy();
    expect(screen.getByText(/"mode": "Net Banking"/)).toBeTruthy();
    expect(screen.getByText("Gateway tracking ID")).toBeTruthy();
    expect(screen.getByText("Application No")).toBeTruthy();
    // A detail the catalogues do not name yet shows as the server wrote it.
    expect(screen.getByText("gateway")).toBeTruthy();
  });

  it("names an entry's details, its statuses and its yes or no in the chosen language", async () => {
    const french = catalogues.fr;
    await act(() => i18n.changeLanguage("fr"));
    try {
      stubApi({
        ...signedInAs("ROLE_ADMIN"),
        "/booking/activity/actions": ok([]),
        "/booking/activity": ok({ content: [paymentEntry], totalElements: 1, totalPages: 1, number: 0, size: 20 }),
      });
      renderAt("/activityLog");
      await screen.findByText(french.activity.actionNames.payment.success, {}, { timeout: 15_000 });
      // Ant Design names the expand button in its own French words.
      await userEvent.click(document.querySelector<HTMLButtonElement>("button.ant-table-row-expand-icon")!);

      const details = await waitFor(() => document.querySelector<HTMLElement>(".ant-descriptions")!);
      expect(within(details).getByText(french.activity.details)).toBeTruthy();
      const valueOf = (label: string) => within(details).getByText(label).closest(".ant-descriptions-item-label")?.nextElementSibling?.textContent;
      expect(valueOf(french.activity.detailNames.trackingId)).toBe("310012345678");
      expect(valueOf(french.activity.detailNames.applicationStatusBefore)).toBe(french.statuses.application.Pending);
      expect(valueOf(french.activity.detailNames.refundDue)).toBe(french.admission.yes);
    } finally {
      await act(() => i18n.changeLanguage("en"));
    }
  });
});
