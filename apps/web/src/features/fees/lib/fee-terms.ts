import type { TFunction } from "i18next";
import type { FeeStatusTerm, FeeTermStatus, FeeTransactionRowStatus } from "@admissions/shared";

/** SPEC.md section 9: fee years 1 to 3, terms 1 to 2. */
export const feeYears = [1, 2, 3] as const;
export const feeTermNumbers = [1, 2] as const;

/** Rupees with Indian digit grouping (₹1,23,456), as the office and parents read them, whatever the language. */
const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 2 });
export const formatRupees = (amount: number) => rupees.format(amount);

/** A payment mode in the reader's language; one the catalogue does not name, as stored. */
export const feeModeName = (t: TFunction, mode: string) => t(`fees.modes.${mode}`, { defaultValue: mode });

/**
 * The term a year and term choice pays: both must match (the original client mixed them up, so
 * Year 1 Term 2 could show Year 2's amount).
 */
export function findFeeTerm(terms: readonly FeeStatusTerm[], year: number | undefined, termNo: number | undefined): FeeStatusTerm | undefined {
  if (year === undefined || termNo === undefined) return undefined;
  return terms.find((term) => term.academicYear === year && term.termNo === termNo);
}

/** Tag colours that keep AA contrast (Ant Design's orange and gold presets do not). */
const statusColours: Record<FeeTermStatus | FeeTransactionRowStatus, string> = { Due: "#92400e", Paid: "#15803d", "Refund due": "#b91c1c", Refunded: "#4b5563", Cancelled: "#4b5563" };
export const feeStatusColour = (status: FeeTermStatus | FeeTransactionRowStatus) => statusColours[status];
