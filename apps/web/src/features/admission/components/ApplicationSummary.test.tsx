import { sampleAdmission } from "@admissions/shared";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StoredAdmission } from "../api/form-reads";
import { ApplicationSummary } from "./ApplicationSummary";

const printed = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling!.textContent;

describe("the printed application", () => {
  it("prints the total and the percentage of a passed HSC, and neither while its result is awaited", () => {
    const passed = { ...sampleAdmission(), applicationNo: "UG-2026-000003", totalMarks: 540, totalMarkPercent: 90 } as unknown as StoredAdmission;
    const { unmount } = render(<ApplicationSummary application={passed} />);
    expect(printed("Total marks")).toBe("540");
    expect(printed("Percentage")).toBe("90");
    unmount();

    const appeared = { ...sampleAdmission(), applicationNo: "UG-2026-000004", marksDetails: [], totalMarks: 0, totalMarkPercent: null } as unknown as StoredAdmission;
    render(<ApplicationSummary application={appeared} />);
    expect(printed("Total marks")).toBe("-");
    expect(printed("Percentage")).toBe("-");
  });
});
