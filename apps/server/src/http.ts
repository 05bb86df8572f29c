import { errorEnvelopeSchema } from "@admissions/shared";
import type { FastifyReply } from "fastify";
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

/**
 * Sends success() around data that is JSON text already (written by PostgreSQL): Fastify sends a
 * string body as it is, so the data is neither parsed nor checked against the route's schema again.
 */
export function sendSuccessOfJson(reply: FastifyReply, json: string | null, message = "OK"): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(`{"status":"success","message":${JSON.stringify(message)},"data":${json ?? "null"}}`);
}
