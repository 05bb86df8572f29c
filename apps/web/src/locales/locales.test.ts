import { activityActions, boardsOfStudy, examPassedOptions, mediumsOfStudy, messages, notices, religions, staffNotices } from "@admissions/shared";
import { describe, expect, it } from "vitest";
import { catalogues } from "../test/catalogues";

function flatten(tree: object, prefix = ""): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? { ...flat, [path]: value } : { ...flat, ...flatten(value as object, path) };
  }, {});
}

const english = flatten(catalogues.en);
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();

describe("catalogues", () => {
  it.each(Object.keys(catalogues).filter((code) => code !== "en"))("%s has every English key, filled, with its placeholders", (code) => {
    const catalogue = flatten(catalogues[code as keyof typeof catalogues]);
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(catalogue)) {
      expect(text.trim(), `${code}:${key}`).not.toBe("");
      expect(placeholders(text), `${code}:${key}`).toEqual(placeholders(english[key]!));
    }
  });

  it("labels every value of the form's reference lists, which are stored in English words", () => {
    const lists = { religions, mediums: mediumsOfStudy, boards: boardsOfStudy, examsPassed: examPassedOptions };
    for (const [group, values] of Object.entries(lists)) {
      expect(Object.keys(catalogues.en.admission[group as keyof typeof lists]).sort(), group).toEqual([...values].sort());
    }
    expect(catalogues.ta.admission.religions.Hindu).toBe("இந்து");
  });

  it("names every action the server writes to the activity log, which staff filter it by", () => {
    // The server's recordActivity takes only these actions (@admissions/shared's ActivityAction).
    for (const action of activityActions) expect(english[`activity.actionNames.${action}`], action).toBeTruthy();
  });

  it("words SPEC.md's messages in English exactly as the shared schemas do", () => {
    for (const [key, text] of Object.entries(messages)) expect(english[`validation.${key}`]).toBe(text);
    for (const [key, text] of Object.entries(notices)) expect(english[`notices.${key}`]).toBe(text);
    for (const [key, text] of Object.entries(staffNotices)) expect(english[`staffNotices.${key}`]).toBe(text);
  });
});
