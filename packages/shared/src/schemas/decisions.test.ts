import { describe, expect, it } from "vitest";
import { messages } from "../messages.js";
import { applicationDecisionSchema } from "./decisions.js";

const base = { status: "Rejected", applicationNo: "UG-2026-000001" } as const;
const firstMessageOf = (input: unknown) => applicationDecisionSchema.safeParse(input).error?.issues[0]?.message;

describe("applicationDecisionSchema", () => {
  it("trims the remarks and keeps up to 100 characters", () => {
    expect(applicationDecisionSchema.parse({ ...base, message: "  Seats full  " }).message).toBe("Seats full");
    expect(applicationDecisionSchema.parse({ ...base, message: "r".repeat(100) }).message).toHaveLength(100);
  });

  it.each([[undefined], [""], ["   "], ["r".repeat(101)]])("answers 'Enter Remarks' for %j", (message) => {
    expect(firstMessageOf({ ...base, message })).toBe("Enter Remarks");
  });

  it("asks a transfer for its degree; a cleared select counts as none", () => {
    for (const degreeId of [undefined, null, ""]) {
      expect(firstMessageOf({ ...base, status: "Transferred", message: "Seats full", degreeId })).toBe(messages.degreeRequired);
    }
    expect(applicationDecisionSchema.parse({ ...base, status: "Transferred", message: "Seats full", degreeId: "7" }).degreeId).toBe(7);
    expect(applicationDecisionSchema.parse({ ...base, message: "Incomplete", degreeId: null }).degreeId).toBeUndefined();
  });

  it("takes only the four decisions", () => {
    expect(applicationDecisionSchema.safeParse({ ...base, status: "Submitted", message: "x" }).success).toBe(false);
  });
});
