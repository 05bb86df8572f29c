import type { FormInstance } from "antd";
import { ApiError } from "../../../lib/api-client";
import { asFieldErrors, messageInLanguage } from "../../../lib/in-language";

type FieldPath = (string | number)[];

/** "terms.2.amount" as a form field path, array positions as numbers. */
export function fieldPathOf(dotted: string): FieldPath {
  return dotted.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Puts the server's field errors (400's data.errors) under the fields they name, translated;
 * `toFormPath` maps the server's field path onto the form's when the two differ.
 */
export function showFieldErrors(form: FormInstance, error: unknown, toFormPath: (path: FieldPath) => FieldPath | undefined = (path) => path): void {
  if (!(error instanceof ApiError)) return;
  form.setFields(
    error.fieldErrors.flatMap(({ field, message }) => {
      const name = toFormPath(fieldPathOf(field));
      return name ? [{ name, errors: asFieldErrors(messageInLanguage(message)) }] : [];
    }),
  );
}
