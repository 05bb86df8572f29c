import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from "fastify-type-provider-zod";
import { notices, type FieldError } from "@admissions/shared";
import { AppError } from "../errors.js";

/** `/addressDetails/pincode` to `addressDetails.pincode`. */
function dottedPath(instancePath: string): string {
  return instancePath.split("/").filter(Boolean).join(".");
}

/**
 * The one place errors become answers: typed AppErrors and validation failures keep their message,
 * anything else is logged and answered as a bare 500 without internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A reply that failed after it chose a file as its body (an export whose stream broke before its
    // first byte) still carries the file's type and name: every error is answered in JSON.
    reply.removeHeader("content-disposition").type("application/json; charset=utf-8");
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => ({
        field: dottedPath(issue.instancePath),
        message: issue.message ?? "Invalid input",
      }));
      return reply.status(400).send({ status: "error", message: errors[0]?.message ?? "Invalid input", data: { errors } });
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, "request failed");
      return reply
        .status(error.statusCode)
        .send({ status: "error", message: error.message, data: error.errors ? { errors: error.errors } : null });
    }
    if (error instanceof ResponseSerializationError) {
      request.log.error({ err: error, issues: error.cause.issues }, "response did not match its schema");
      return reply.status(500).send({ status: "error", message: notices.serverError, data: null });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ status: "error", message: notices.bodyTooLarge, data: null });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type): their message is safe to show.
      return reply.status(status).send({ status: "error", message: error.message, data: null });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ status: "error", message: notices.serverError, data: null });
  });
});
