import { z } from "zod";

/** DESIGN.md: every JSON answer is `{status, message, data}`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.enum(["success", "error"]),
    message: z.string(),
    data,
  });
}

export type Envelope<T> = { status: "success" | "error"; message: string; data: T };

export const fieldErrorSchema = z.object({
  /** Dotted path of the field, e.g. `addressDetails.pincode`. */
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The answer to any failed call: validation failures carry `data.errors`. */
export const errorEnvelopeSchema = envelope(
  z.union([z.object({ errors: z.array(fieldErrorSchema) }), z.null()]),
);

/**
 * DESIGN.md's paged list: `pageNo` from 0 and `pageSize` in, the Spring-style page out. A page past
 * the millionth is no list's (ten billion rows at the largest size) and its offset would overflow
 * PostgreSQL's bigint, so it is refused as bad input.
 */
export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(10_000).default(20),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
  });
}
