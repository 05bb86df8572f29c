import { COMPLETED_LABEL, academicMessages } from "@admissions/shared";
import { ApiError } from "../../../lib/api-client";
import { errorText } from "../../../lib/error-text";

const keyOfMessage = new Map(Object.entries(academicMessages).map(([key, text]) => [text as string, `academic.messages.${key}`]));

/** The server's refusal in the chosen language: the year close's own messages, else as any other. */
export function academicErrorText(error: unknown, t: (key: string) => string): string {
  const key = error instanceof ApiError ? keyOfMessage.get(error.message) : undefined;
  return key ? t(key) : errorText(error, t);
}

/** 2025 as "2025-26", as colleges name their academic years. */
export function academicYearName(year: number): string {
  return `${year}-${String(year + 1).slice(-2)}`;
}

/** The server's "Year 2" or "Completed", in the chosen language. */
export function willBeText(willBe: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (willBe === COMPLETED_LABEL) return t("academic.completed");
  const year = /^Year (\d+)$/.exec(willBe)?.[1];
  return year ? t("academic.yearN", { year }) : willBe;
}
