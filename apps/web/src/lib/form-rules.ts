import type { Rule } from "antd/es/form";
import type { z } from "zod";
import { translateMessage } from "./i18n";

/** An Ant Design form rule that applies a shared zod schema, so the form says what the server would. */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? "");
      if (!result.success) throw new Error(translateMessage(result.error.issues[0]?.message ?? ""));
    },
  };
}
