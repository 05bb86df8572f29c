import { describe, expect, it } from "vitest";
import { ageOn, cleanMark, cleanName, copyFirstRowDetails, digitsOnly, isRealDate, isUnderGraduate, markTotals, mobileDigits, rowMaxMark, upperText } from "./admission.js";
import { sampleAadhaarNumber } from "../testing/sample-admission.js";
import { hasValidVerhoeffDigit, isValidAadhar, verhoeffDigit } from "./verhoeff.js";

describe("input clean-up (SPEC.md section 5)", () => {
  it.each([
    ["priya s.", "PRIYA S"],
    ["R. Karthik-Raja 2", "R KARTHIKRAJA "],
    ["Anu  Mary", "ANU MARY"],
  ])("cleanName(%j) keeps letters and spaces, upper-cased: %j", (input, expected) => expect(cleanName(input)).toBe(expected));

  it("upper-cases free text and keeps only digits of phone numbers", () => {
    expect(upperText("Gandhi Street")).toBe("GANDHI STREET");
    expect(digitsOnly("+91 98765-43210")).toBe("919876543210");
  });

  it.each([
    ["+91 98765-43210", "9876543210"],
    ["09876543210", "9876543210"],
    ["9198765432", "9198765432"],
    ["919876", "919876"],
    ["+1 98765 43210 9", "198765432109"],
  ])("mobileDigits(%j) drops a country code or trunk 0 written before ten digits, only then: %j", (input, expected) => expect(mobileDigits(input)).toBe(expected));

  it.each([
    ["91.5", "91.5"],
    ["9a1.5.2", "91.52"],
    ["..7", ".7"],
    ["abc", ""],
  ])("cleanMark(%j) keeps digits and one decimal point: %j", (input, expected) => expect(cleanMark(input)).toBe(expected));
});

describe("derived values", () => {
  it("computes the age in whole years on a given day", () => {
    const today = new Date(2026, 5, 2);
    expect(ageOn("2008-03-14", today)).toBe(18);
    expect(ageOn("2008-06-02", today)).toBe(18);
    expect(ageOn("2008-06-03", today)).toBe(17);
    expect(ageOn("2008-02-30", today)).toBeNull();
    expect(ageOn("14/03/2008", today)).toBeNull();
  });

  it("accepts only real YYYY-MM-DD dates", () => {
    expect(isRealDate("2024-02-29")).toBe(true);
    expect(isRealDate("2023-02-29")).toBe(false);
    expect(isRealDate("2024-2-9")).toBe(false);
  });

  it("knows every day of the calendar, leap years and centuries included, as the Date object does", () => {
    const two = (value: number) => String(value).padStart(2, "0");
    const asTheDateObjectReadsIt = (text: string) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
    };
    for (const year of [1600, 1900, 2000, 2023, 2024, 2100]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${year}-${two(month)}-${two(day)}`;
          expect(isRealDate(text), text).toBe(asTheDateObjectReadsIt(text));
        }
      }
    }
  });

  it("sets each row's max mark from the HSC maximum: 1200 gives 200, 600 gives 100", () => {
    expect(rowMaxMark(1200)).toBe(200);
    expect(rowMaxMark("1200")).toBe(200);
    expect(rowMaxMark(600)).toBe(100);
  });

  it("treats course 1 and the text UG as undergraduate", () => {
    expect([1, "1", "UG", "ug"].map(isUnderGraduate)).toEqual([true, true, true, true]);
    expect([2, "PG", null].map(isUnderGraduate)).toEqual([false, false, false]);
  });

  it("totals the marks and the percentage to two decimals", () => {
    expect(
      markTotals([
        { markSecured: 91.5, maxMark: 100 },
        { markSecured: "88", maxMark: "100" },
        { markSecured: 95.25, maxMark: 100 },
      ]),
    ).toEqual({ totalMarks: 274.75, totalMarkPercent: 91.58 });
    expect(markTotals([])).toEqual({ totalMarks: 0, totalMarkPercent: 0 });
  });

  it("copies the first row's passing year and register number to every row", () => {
    const rows = copyFirstRowDetails([
      { subject: "Tamil", passingYear: "2026", registerNo: "R1" },
      { subject: "English", passingYear: "2019", registerNo: "X" },
    ]);
    expect(rows[1]).toEqual({ subject: "English", passingYear: "2026", registerNo: "R1" });
  });
});

describe("Aadhar numbers", () => {
  it("computes Verhoeff check digits as the published example does (236 gives 3)", () => {
    expect(verhoeffDigit("236")).toBe("3");
    expect(hasValidVerhoeffDigit("2363")).toBe(true);
    expect(hasValidVerhoeffDigit("2364")).toBe(false);
  });

  it("accepts 12 digits starting 2-9 with a valid check digit, and nothing else", () => {
    expect(isValidAadhar("234123412346")).toBe(true);
    expect(isValidAadhar("234123412347")).toBe(false);
    expect(isValidAadhar("23412341234")).toBe(false);
    const startsWithOne = `12341234123${verhoeffDigit("12341234123")}`;
    expect(hasValidVerhoeffDigit(startsWithOne)).toBe(true);
    expect(isValidAadhar(startsWithOne)).toBe(false);
  });

  it("gives tests and seeds a valid number of its own for each applicant", () => {
    const numbers = [0, 1, 2, 99_999, 79_999_999_999].map(sampleAadhaarNumber);
    expect(numbers.every(isValidAadhar)).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("catches every single-digit typo and every swap of neighbours in a valid number", () => {
    const valid = "234123412346";
    for (let position = 0; position < 12; position += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        const typo = valid.slice(0, position) + digit + valid.slice(position + 1);
        if (typo !== valid) expect(hasValidVerhoeffDigit(typo), typo).toBe(false);
      }
      const swapped = valid.slice(0, position) + (valid[position + 1] ?? "") + valid[position] + valid.slice(position + 2);
      if (position < 11 && swapped !== valid) expect(hasValidVerhoeffDigit(swapped), swapped).toBe(false);
    }
  });
});
