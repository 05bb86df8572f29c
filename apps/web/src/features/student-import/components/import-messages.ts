import { studentImportMessages } from "@admissions/shared";
import { ApiError } from "../../../lib/api-client";
import { errorText } from "../../../lib/error-text";
import { translateMessage } from "../../../lib/i18n";

const keyOfMessage = new Map(Object.entries(studentImportMessages).map(([key, text]) => [text as string, `studentImport.messages.${key}`]));

/**
 * A reason or a refusal the server gave, in the chosen language: the import's own messages through
 * `studentImport.messages`, the admission form's (name, mobile, e-mail) through the shared catalogue.
 */
export function importMessageText(text: string, t: (key: string) => string): string {
  const key = keyOfMessage.get(text);
  return key ? t(key) : translateMessage(text);
}

export function importErrorText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && keyOfMessage.has(error.message)) return importMessageText(error.message, t);
  return errorText(error, t);
}
