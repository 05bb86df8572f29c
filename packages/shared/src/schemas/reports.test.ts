import { describe, expect, it } from "vitest";
import { applicationExportQuerySchema, dashboardMessages, dashboardQuerySchema, dayIn, daysInRange, perDayPeriod, yearIn } from "./reports.js";

describe("the dashboard's daily period", () => {
  const today = "2026-11-22";

  it("is the chosen range when both dates are given", () => {
    expect(perDayPeriod({ dateFrom: "2026-05-01", dateTo: "2026-05-06" }, today)).toEqual({ dateFrom: "2026-05-01", dateTo: "2026-05-06" });
  });

  it("is the 30 days up to today, or up to the chosen end", () => {
    expect(perDayPeriod({}, today)).toEqual({ dateFrom: "2026-10-24", dateTo: today });
    expect(perDayPeriod({ dateTo: "2026-03-01" }, today)).toEqual({ dateFrom: "2026-01-31", dateTo: "2026-03-01" });
  });

  it("is 30 days from the chosen start, never past today", () => {
    expect(perDayPeriod({ dateFrom: "2026-02-01" }, today)).toEqual({ dateFrom: "2026-02-01", dateTo: "2026-03-02" });
    expect(perDayPeriod({ dateFrom: "2026-11-20" }, today)).toEqual({ dateFrom: "2026-11-20", dateTo: today });
    expect(perDayPeriod({ dateFrom: "2026-12-01" }, today)).toEqual({ dateFrom: "2026-12-01", dateTo: "2026-12-01" });
  });

  it("counts both ends", () => {
    expect(daysInRange("2026-05-01", "2026-05-01")).toBe(1);
    expect(daysInRange("2024-02-28", "2024-03-01")).toBe(3);
    expect(daysInRange("2026-05-02", "2026-05-01")).toBe(0);
  });
});

describe("dashboardQuerySchema", () => {
  const messageOf = (query: Record<string, string>) => {
    const result = dashboardQuerySchema.safeParse(query);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("takes either bound, both, or neither", () => {
    expect(messageOf({})).toBeNull();
    expect(messageOf({ dateFrom: "2026-05-01" })).toBeNull();
    expect(messageOf({ dateFrom: "2025-11-22", dateTo: "2026-11-22" })).toBeNull();
  });

  it("refuses impossible days, a reversed range and one of more than 366 days", () => {
    expect(messageOf({ dateTo: "2026-02-30" })).toBe(dashboardMessages.dateInvalid);
    expect(messageOf({ dateFrom: "0000-01-01" })).toBe(dashboardMessages.dateInvalid);
    expect(messageOf({ dateFrom: "2026-05-02", dateTo: "2026-05-01" })).toBe(dashboardMessages.rangeReversed);
    expect(messageOf({ dateFrom: "2024-11-21", dateTo: "2025-11-22" })).toBe(dashboardMessages.rangeTooLong);
  });
});

describe("applicationExportQuerySchema", () => {
  it("keeps the list's filters and drops its paging and order", () => {
    expect(applicationExportQuerySchema.parse({ status: "Submitted", courseId: "2", pageNo: "3", pageSize: "5", sort: "name", order: "asc" })).toEqual({
      status: "Submitted",
      courseId: 2,
    });
  });
});

describe("the college's calendar", () => {
  it("dates a moment by the day and year in the college's time zone, not the UTC day", () => {
    const halfPastMidnightInIndia = new Date("2026-06-30T19:00:00Z");
    expect(dayIn("Asia/Kolkata", halfPastMidnightInIndia)).toBe("2026-07-01");
    expect(dayIn("UTC", halfPastMidnightInIndia)).toBe("2026-06-30");
    const newYearInIndia = new Date("2026-12-31T19:00:00Z");
    expect(yearIn("Asia/Kolkata", newYearInIndia)).toBe(2027);
    expect(yearIn("UTC", newYearInIndia)).toBe(2026);
  });
});
