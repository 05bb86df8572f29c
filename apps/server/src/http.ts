import { errorEnvelopeSchema } from "@admissions/shared";
import type { z } from "zod";

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** A route's response schemas: the success shape plus the error envelope for each failure it can answer. */
export function responses<T extends z.ZodType>(ok: T, ...errors: ErrorStatus[]) {
  return Object.fromEntries([[200, ok], ...errors.map((status) => [status, errorEnvelopeSchema])]) as { 200: T } & Record<
    ErrorStatus,
    typeof errorEnvelopeSchema
  >;
}

export function success<T>(data: T, message = "OK") {
  return { status: "success" as const, message, data };
}
