import type { TFunction } from "i18next";

/**
 * The admission form's fixed choices are stored in English words (SPEC.md's values); each is
 * labelled in the interface's language by its catalogue entry under admission.{group}. The form's
 * options, the review, the printouts and the student's page all label them here, so a value reads the
 * same in the form that took it and on every page that shows it.
 */
const groupOfField = {
  gender: "genders",
  religion: "religions",
  transportMode: "transportModes",
  examPassed: "examsPassed",
  boardOfStudy: "boards",
  mediumOfStudy: "mediums",
  tweleveStatus: "tweleveStatuses",
} as const;

export type ChoiceField = keyof typeof groupOfField;

/** The transport modes' catalogue keys: short words for stored values with a space and a slash. */
const transportModeKeys: Record<string, string> = { "College Bus": "bus", "Own/Others": "own" };

export const isChoiceField = (field: string): field is ChoiceField => Object.hasOwn(groupOfField, field);

/** A stored choice in the interface's language; a value the catalogue does not know is shown as stored. */
export function choiceLabel(t: TFunction, field: ChoiceField, value: string): string {
  const group = groupOfField[field];
  const key = group === "transportModes" ? (transportModeKeys[value] ?? value) : value;
  return t(`admission.${group}.${key}`, { defaultValue: value });
}

/** Select options for a fixed choice: the stored value, labelled in the interface's language. */
export function choiceOptions(t: TFunction, field: ChoiceField, values: readonly string[]) {
  return values.map((value) => ({ value, label: choiceLabel(t, field, value) }));
}

/** SPEC.md's yes/no answer in the interface's language: anything but yes (left empty too) is No. */
export const yesNoLabel = (t: TFunction, value: unknown) => (value === "yes" ? t("admission.yes") : t("admission.no"));
