import { envelope, limits, messages, notices } from "@admissions/shared";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BadRequestError } from "../../errors.js";
import { responses, success } from "../../http.js";
import { requestMeta } from "../../plugins/auth.js";
import { readMultipartBody } from "../../uploaded-file.js";
import { documentOwnerFor, findReadableUpload, downloadDisposition, saveUpload } from "./uploads.service.js";

/** SPEC.md section 7: POST /uploadFile (multipart file and username) and GET downloadFile/userName/{user}/{file}. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["uploads"];
  await app.register(multipart, { limits: { fileSize: limits.uploadMaxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6 } });

  app.post(
    "/uploadFile",
    {
      schema: {
        tags,
        summary: "Upload a JPG, PNG or PDF of at most 1 MB; answers the stored file name",
        consumes: ["multipart/form-data"],
        response: responses(envelope(z.object({ fileName: z.string() })), 400, 401, 403, 404, 413),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      if (!request.isMultipart()) throw new BadRequestError(notices.unsupportedFile);
      const { file, fields } = await readMultipartBody(request, messages.fileTooLarge);
      if (!file) throw new BadRequestError(notices.unsupportedFile);
      const username = fields.username?.trim() ? fields.username : undefined;
      const ownerUserName = await documentOwnerFor(app.ctx.db, request.actor!, username);
      const fileName = await saveUpload(app.ctx, request.actor!, { ownerUserName, originalName: file.fileName, content: file.content }, requestMeta(request));
      return success({ fileName }, "Uploaded");
    },
  );

  app.get(
    "/downloadFile/userName/:user/:file",
    {
      schema: {
        tags,
        summary: "A document, to its owner and to staff only, as an attachment",
        params: z.object({ user: z.string().min(1).max(254), file: z.string().min(1).max(100) }),
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const file = await findReadableUpload(app.ctx, request.actor!, request.params.user, request.params.file);
      const extension = file.fileName.split(".").pop()!;
      return reply
        .header("content-type", file.contentType)
        .header("content-length", String(file.sizeBytes))
        .header("content-disposition", downloadDisposition(file.originalName, extension))
        .header("cache-control", "private, no-cache")
        .send(app.ctx.storage.open(file.fileName));
    },
  );
};
