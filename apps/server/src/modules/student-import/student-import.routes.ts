import {
  ROLE_ADMIN,
  ROLE_DEPARTMENT_ADMIN,
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_TEMPLATE_NAME,
  XLSX_CONTENT_TYPE,
  envelope,
  errorEnvelopeSchema,
  importLogEntrySchema,
  importLogPageSchema,
  importLogQuerySchema,
  studentImportMessages,
  studentImportPreviewSchema,
} from "@admissions/shared";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BadRequestError } from "../../errors.js";
import { responses, success } from "../../http.js";
import { requestMeta } from "../../plugins/auth.js";
import { readMultipartBody } from "../../uploaded-file.js";
import { presentImportLog, presentImportLogPage } from "./student-import.presenter.js";
import { findImportLog, importStudents, previewImport, studentImportTemplate, type ImportFile } from "./student-import.service.js";

/** The one file of the multipart body, at most 2 MB. */
async function uploadedFile(request: FastifyRequest): Promise<ImportFile> {
  if (!request.isMultipart()) throw new BadRequestError(studentImportMessages.fileRequired);
  const { file } = await readMultipartBody(request, studentImportMessages.fileTooLarge);
  if (!file || file.content.length === 0) throw new BadRequestError(studentImportMessages.fileRequired);
  return file;
}

const multipartBody = { consumes: ["multipart/form-data"] };

/**
 * Student import (DESIGN.md): the template, a preview that writes nothing, the all-or-nothing
 * import, and the log of imports (SPEC.md section 7: importLog).
 */
export const studentImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["student import"];
  const importers = app.requireRoles(ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN);
  await app.register(multipart, { limits: { fileSize: STUDENT_IMPORT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 } });

  app.get(
    "/studentImport/template",
    {
      schema: { tags, summary: "The import template (.xlsx): the header, one example row, and the degrees the caller may import into" },
      onRequest: importers,
    },
    async (request, reply) =>
      reply
        .type(XLSX_CONTENT_TYPE)
        .header("content-disposition", `attachment; filename="${STUDENT_IMPORT_TEMPLATE_NAME}"`)
        .header("cache-control", "private, no-store")
        .send(await studentImportTemplate(app.ctx, request.actor!)),
  );

  app.post(
    "/studentImport/preview",
    {
      schema: {
        tags,
        summary: "Checks every row of an .xlsx or CSV file (at most 2 MB) and says what an import would do; writes nothing",
        ...multipartBody,
        response: responses(envelope(studentImportPreviewSchema), 400, 401, 403, 413),
      },
      onRequest: importers,
    },
    async (request) => success(await previewImport(app.ctx, request.actor!, await uploadedFile(request))),
  );

  app.post(
    "/studentImport",
    {
      schema: {
        tags,
        summary: "Imports the students of the file in one transaction; any rejected row refuses the whole file (400 with the rows and reasons)",
        ...multipartBody,
        response: {
          ...responses(envelope(importLogEntrySchema), 401, 403, 413),
          400: z.union([envelope(studentImportPreviewSchema), errorEnvelopeSchema]),
        },
      },
      onRequest: importers,
    },
    async (request, reply) => {
      const outcome = await importStudents(app.ctx, request.actor!, await uploadedFile(request), requestMeta(request));
      if ("refused" in outcome) return reply.status(400).send({ status: "error" as const, message: studentImportMessages.rowsRejected, data: outcome.refused });
      return success(presentImportLog(outcome.imported), studentImportMessages.imported);
    },
  );

  app.get(
    "/importLog",
    {
      schema: {
        tags,
        summary: "A page of the import log, newest first: every import for an administrator, one's own for a department admin",
        querystring: importLogQuerySchema,
        response: responses(envelope(importLogPageSchema), 400, 401, 403),
      },
      onRequest: importers,
    },
    async (request) => success(presentImportLogPage(await findImportLog(app.ctx, request.actor!, request.query), request.query)),
  );
};
