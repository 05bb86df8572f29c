import { describe, expect, it } from "vitest";
import { masterMessages } from "../staff-messages.js";
import { cleanMasterName, feeStructureUpdateSchema, paiseToRupees, rupeesToPaise } from "./masters.js";

describe("rupees to paise", () => {
  it("reads the digits, never a float product, so no paisa is gained or lost", () => {
    expect(rupeesToPaise(12500.5)).toBe(1_250_050);
    expect(rupeesToPaise("12500.50")).toBe(1_250_050);
    expect(rupeesToPaise(" 0.07 ")).toBe(7);
    expect(rupeesToPaise(1.1)).toBe(110);
    expect(rupeesToPaise(9_999_999.99)).toBe(999_999_999);
    expect(paiseToRupees(1_250_050)).toBe(12500.5);
    for (let paise = 0; paise < 100_000; paise += 7) expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
  });

  it("refuses what is not rupees with at most two decimals", () => {
    for (const value of [0.1 + 0.2, -1, "1,000", "1e3", 1e21, "", null, undefined, Number.NaN, Infinity, "12.345", 10_000_000, true]) {
      expect(rupeesToPaise(value), String(value)).toBeUndefined();
    }
  });
});

describe("the fee structure body", () => {
  it("turns amounts into paise and fee codes to upper case, and names a repeated year and term", () => {
    expect(feeStructureUpdateSchema.parse({ terms: [{ year: 1, term: 2, amount: "15000.5", feeCode: " bsccs-y1t2 " }] })).toEqual({
      terms: [{ year: 1, term: 2, amountPaise: 1_500_050, feeCode: "BSCCS-Y1T2" }],
    });
    const repeated = feeStructureUpdateSchema.safeParse({
      terms: [
        { year: 1, term: 1, amount: 1, feeCode: "A" },
        { year: 1, term: 1, amount: 1, feeCode: "B" },
      ],
    });
    expect(repeated.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["terms.1.term", masterMessages.termRepeated]]);
  });
});

it("cleans master names: trimmed, single spaces, upper case", () => {
  expect(cleanMasterName("  b.sc.   computer\tscience ")).toBe("B.SC. COMPUTER SCIENCE");
});
