import type { Dashboard } from "@admissions/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ok, renderAt, signedInAs, stubApi } from "../../../test/render";

const dashboard: Dashboard = {
  period: { dateFrom: "2026-05-01", dateTo: "2026-05-03" },
  perDay: [
    { date: "2026-05-01", count: 1200 },
    { date: "2026-05-02", count: 0 },
    { date: "2026-05-03", count: 34 },
  ],
  byStatus: [
    { status: "Pending", count: 234 },
    { status: "Submitted", count: 1000 },
  ],
  byCourse: [{ course: "UG", count: 1234 }],
  byDegree: [
    { degree: "B.SC. COMPUTER SCIENCE", count: 900 },
    { degree: "B.COM.", count: 334 },
  ],
  feesCollected: { applicationFees: 123456.5, count: 410, termFees: 2450000, termFeeCount: 98 },
  totals: { applications: 1234, submitted: 1000, approved: 0 },
};

/** The value an antd Statistic shows under its title. */
function statistic(title: string) {
  return screen.getByText(title, { selector: ".ant-statistic-title" }).closest(".ant-statistic")?.querySelector(".ant-statistic-content")?.textContent;
}

/** The text alternative of the chart with this caption, row by row. */
function tableRows(caption: string) {
  return within(screen.getByRole("table", { name: caption }))
    .getAllByRole("row")
    .map((row) => row.textContent);
}

describe("the dashboard", () => {
  it("shows the totals with Indian digit grouping, the rupees collected, and each chart's figures as a table", async () => {
    const calls = stubApi({ ...signedInAs("ROLE_ADMIN"), "/booking/dashboard": ok(dashboard) });
    renderAt("/report?dateFrom=2026-05-01&dateTo=2026-05-03");

    expect(await screen.findByRole("heading", { name: "Dashboard", level: 1 }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText("₹1,23,456.5", {}, { timeout: 15_000 })).toBeTruthy();
    // The days of the range are the reader's own: term fees are counted by when they were paid.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(calls.some((call) => call.url === `/booking/dashboard?dateFrom=2026-05-01&dateTo=2026-05-03&timeZone=${encodeURIComponent(timeZone)}`)).toBe(true);
    expect(
      [statistic("Applications"), statistic("Submitted"), statistic("Approved"), statistic("Application fees collected"), statistic("Term fees collected")],
    ).toEqual(["1,234", "1,000", "0", "₹1,23,456.5", "₹24,50,000"]);
    expect(screen.getByText("Online payments: 410")).toBeTruthy();
    expect(screen.getByText("Payments: 98")).toBeTruthy();
    // Each date isolated, so that in Arabic it keeps its order inside the sentence.
    expect(screen.getByText("\u20682026-05-01\u2069 to \u20682026-05-03\u2069")).toBeTruthy();

    expect(tableRows("Applications per day")).toEqual(["DateApplications", "2026-05-011,200", "2026-05-020", "2026-05-0334"]);
    expect(tableRows("Applications by status")).toEqual(["StatusApplications", "Pending234", "Submitted1,000"]);
    expect(tableRows("Applications by course")).toEqual(["CourseApplications", "UG1,234"]);
    expect(tableRows("Applications by degree")).toEqual(["DegreeApplications", "B.SC. COMPUTER SCIENCE900", "B.COM.334"]);
  });

  it("asks again for the range chosen, and says so when nothing was applied for", async () => {
    const empty: Dashboard = { ...dashboard, perDay: [], byStatus: [], byCourse: [], byDegree: [], feesCollected: { applicationFees: 0, count: 0, termFees: 0, termFeeCount: 0 }, totals: { applications: 0, submitted: 0, approved: 0 } };
    const calls = stubApi({ ...signedInAs("ROLE_ADMIN"), "/booking/dashboard": ok(empty) });
    const { router } = renderAt("/report");

    const from = await screen.findByLabelText("From date", {}, { timeout: 15_000 });
    expect(calls.some((call) => call.url === `/booking/dashboard?timeZone=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`)).toBe(true);
    expect(await screen.findAllByText("No applications in this period.")).toHaveLength(4);

    fireEvent.change(from, { target: { value: "2026-04-01" } });
    await waitFor(() => expect(router.state.location.search).toBe("?dateFrom=2026-04-01"));
    await waitFor(() => expect(calls.some((call) => call.url.startsWith("/booking/dashboard?dateFrom=2026-04-01&timeZone="))).toBe(true));
  });

  it("explains a reversed range in the reader's language instead of asking the server", async () => {
    const calls = stubApi({ ...signedInAs("ROLE_ADMIN"), "/booking/dashboard": ok(dashboard) });
    renderAt("/report?dateFrom=2026-05-06&dateTo=2026-05-01");

    expect(await screen.findByText("The start date must be on or before the end date.", {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith("/booking/dashboard"))).toBe(false);
    expect(screen.queryByText("Applications per day")).toBeNull();
  });
});
