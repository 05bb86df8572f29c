import type { Rule } from "antd/es/form";
import type { z } from "zod";
import { messageInLanguage } from "./in-language";

function check(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value ?? "");
  // The form shows what a rule rejects with: an element, so the error follows a change of language.
  if (!result.success) throw messageInLanguage(result.error.issues[0]?.message ?? "");
}

/** An Ant Design form rule that applies a shared zod schema, so the form says what the server would. */
export function zodRule(schema: z.ZodType): Rule {
  return { validator: async (_rule, value: unknown) => check(schema, value) };
}

/**
 * The same rule with its schema fetched when a field is first checked. The public screens and the
 * admission form use it: zod is then not part of a first visitor's download, only of the first
 * check's. If the schema cannot be fetched (the connection dropped), the field is let through: the
 * server checks it again and answers in words, where a failed download would show the browser's own
 * error under the field.
 */
export function lazyZodRule(loadSchema: () => Promise<z.ZodType>): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const schema = await loadSchema().catch(() => undefined);
      if (schema) check(schema, value);
    },
  };
}
