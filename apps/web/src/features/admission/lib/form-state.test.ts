import { describe, expect, it } from "vitest";
import type { StoredAdmission } from "../api/form-reads";
import { blankAdmission, fieldNameOf, formValuesOf, newestDraft, readLocalDraft, stepOfField, withEveryMarkRow, writeLocalDraft } from "./form-state";

describe("admission form state", () => {
  it("sends each field's error to the step that shows it", () => {
    expect(["name", "aadharNo", "userName", "courseSubjectId"].map(stepOfField)).toEqual([0, 0, 0, 0]);
    expect(["addressDetails.pincode", "whatsappNo", "fatherNo", "email"].map(stepOfField)).toEqual([1, 1, 1, 1]);
    expect(["examDetails.schoolName", "marksDetails.3.markSecured", "marksDetails"].map(stepOfField)).toEqual([2, 2, 2]);
    expect(["photoUrl", "aadharImageUrl", "declaration"].map(stepOfField)).toEqual([3, 3, 3]);
  });

  it("turns dotted paths into form field names with row numbers", () => {
    expect(fieldNameOf("marksDetails.3.markSecured")).toEqual(["marksDetails", 3, "markSecured"]);
  });

  it("starts with six mark rows out of 100 and SPEC.md's defaults", () => {
    const blank = blankAdmission("priya@example.in");
    expect(blank.marksDetails).toHaveLength(6);
    expect((blank.marksDetails as { maxMark: number }[]).every((row) => row.maxMark === 100)).toBe(true);
    expect(blank).toMatchObject({ email: "priya@example.in", hostelRequired: "no", examDetails: { tweleveStatus: "PASSED" } });
  });

  it("gives a draft that lost its mark rows a row for each again, out of the HSC maximum it names", () => {
    const kept = { markSecured: 91, maxMark: 200 };
    const restored = withEveryMarkRow({ name: "PRIYA", examDetails: { maxMarkInTweleve: 1200 }, marksDetails: [kept] });
    expect(restored.marksDetails).toEqual([kept, ...Array.from({ length: 5 }, () => ({ maxMark: 200, noOfAttempts: 1 }))]);
    expect((withEveryMarkRow({ marksDetails: "not rows" }).marksDetails as unknown[]).length).toBe(6);
  });

  it("prefers the newer of the browser's and the server's drafts", () => {
    const older = { savedAt: 1, step: 0, values: { name: "A" } };
    const newer = { savedAt: 2, step: 2, values: { name: "B" } };
    expect(newestDraft(older, newer)).toBe(newer);
    expect(newestDraft(null, older)).toBe(older);
    expect(newestDraft(null, null)).toBeNull();
  });

  it("keeps the draft in local storage as admissionData and ignores anything unreadable there", () => {
    writeLocalDraft({ savedAt: 5, step: 1, values: { name: "PRIYA" } }, "priya@example.in");
    expect(JSON.parse(localStorage.getItem("admissionData")!)).toMatchObject({ owner: "priya@example.in", step: 1, values: { name: "PRIYA" } });
    expect(readLocalDraft("priya@example.in")).toEqual({ savedAt: 5, step: 1, values: { name: "PRIYA" } });
    localStorage.setItem("admissionData", "{not json");
    expect(readLocalDraft("priya@example.in")).toBeNull();
  });

  it("gives a draft only to the user who typed it, not to the next one on a shared computer", () => {
    writeLocalDraft({ savedAt: 5, step: 1, values: { name: "PRIYA", aadharNo: "234123412346" } }, "priya@example.in");
    expect(readLocalDraft("arun@example.in")).toBeNull();
    localStorage.setItem("admissionData", JSON.stringify({ savedAt: 5, step: 1, values: { name: "PRIYA" } }));
    expect(readLocalDraft("arun@example.in")).toBeNull();
  });

  it("loads a stored application without the office's fields, padding the marks to six rows", () => {
    const stored = {
      name: "PRIYA S",
      applicationNo: "UG-2026-000001",
      applicationStatus: "Pending",
      paymentStatus: "Pending",
      paymentRefNo: null,
      applicationFee: 300,
      examDetails: { maxMarkInTweleve: 1200 },
      marksDetails: [{ subject: "Tamil", markSecured: 180, maxMark: 200 }],
    } as unknown as StoredAdmission;
    const values = formValuesOf(stored);
    expect(values).not.toHaveProperty("applicationNo");
    expect(values.marksDetails).toHaveLength(6);
    expect((values.marksDetails as { maxMark: number }[])[5]!.maxMark).toBe(200);
  });
});
