import { ApiError } from "./api-client";
import { translateMessage } from "./i18n";

/** The server's message in the chosen language where it is one we know, else as sent. */
export function errorText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t("errors.network");
    if (error.message) return translateMessage(error.message);
  }
  return t("errors.generic");
}
