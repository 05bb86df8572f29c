import type { ApplicationListItem } from "@admissions/shared";

/** An application as the staff lists (and the same-Aadhar warning) show it. */
export function listedApplication(overrides: Partial<ApplicationListItem> = {}): ApplicationListItem {
  return {
    applicationNo: "UG-2026-000045",
    userName: "priya.s@example.in",
    name: "PRIYA S",
    email: "priya.s@example.in",
    mobile: "9876543210",
    course: "UG",
    degree: "B.SC. COMPUTER SCIENCE",
    applicationStatus: "Submitted",
    paymentStatus: "Success",
    isOffline: false,
    applicationDate: "2026-05-30",
    totalMarkPercent: 90,
    ...overrides,
  };
}
