import type { Rule } from "antd/es/form";
import type { z } from "zod";
import { lazyZodRule } from "../../lib/form-rules";
import type * as authSchemas from "./schemas";

/** A field's rule from the auth schemas, e.g. `authFieldRule((schemas) => schemas.signinRequestSchema.shape.username)`. */
export function authFieldRule(pick: (schemas: typeof authSchemas) => z.ZodType): Rule {
  return lazyZodRule(() => import("./schemas").then(pick));
}
