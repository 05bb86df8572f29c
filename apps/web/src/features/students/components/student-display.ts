import { studentMessages } from "@admissions/shared";
import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api-client";
import { errorText } from "../../../lib/error-text";
import { translateMessage } from "../../../lib/i18n";

/** Rupees with Indian digit grouping (₹1,23,456), as the office reads them, whatever the language. */
const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 2 });
export const formatRupees = (amount: number) => rupees.format(amount);

/** Solid tag colours whose white text keeps a 4.5:1 contrast, for student and fee-term statuses. */
const statusColours: Record<string, string> = {
  Active: "#15803d",
  Completed: "#1d4ed8",
  Cancelled: "#4b5563",
  Due: "#92400e",
  Paid: "#15803d",
};
export const studentStatusColour = (status: string) => statusColours[status] ?? "#4b5563";

const keyOfStudentMessage = new Map<string, string>(Object.entries(studentMessages).map(([key, text]) => [text, key]));

/** A message of the students calls in the chosen language; any other as the app translates it. */
export function studentMessageText(text: string, t: TFunction): string {
  const key = keyOfStudentMessage.get(text);
  return key ? t(`students.messages.${key}`) : translateMessage(text);
}

/** What went wrong with a students call, in the chosen language. */
export function studentErrorText(error: unknown, t: TFunction): string {
  return error instanceof ApiError && keyOfStudentMessage.has(error.message) ? studentMessageText(error.message, t) : errorText(error, t);
}
