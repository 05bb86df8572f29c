import { describe, expect, it } from "vitest";
import { displayRef, needsPayment, type ApplicationStatus } from "./application-status";

const status = (applicationStatus: string): ApplicationStatus => ({ applicationNo: "UG-2026-000001", applicationStatus, paymentStatus: "Pending", paymentRefNo: null });

describe("Payment Details rules (SPEC.md)", () => {
  it("offers Verify and Pay for payment failure or pending, whatever the case", () => {
    expect(["Payment Failure", "PAYMENT FAILURE", "pending", "Pending"].map((value) => needsPayment(status(value)))).toEqual([true, true, true, true]);
    expect(["Submitted", "Approved", "Rejected"].map((value) => needsPayment(status(value)))).toEqual([false, false, false]);
    expect(needsPayment(null)).toBe(false);
  });

  it("prefixes the reference with # unless it is the text null", () => {
    expect(displayRef("313009876543")).toBe("#313009876543");
    expect(displayRef("null")).toBe("-");
    expect(displayRef(null)).toBe("-");
  });
});
