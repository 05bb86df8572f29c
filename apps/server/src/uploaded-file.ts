import { notices } from "@admissions/shared";
import type { FastifyRequest } from "fastify";
import { fileTypeFromBuffer, type FileTypeResult } from "file-type";
import { AppError, BadRequestError } from "./errors.js";

/** A multipart body read whole: its file, if one came, and its text fields. */
export interface MultipartBody {
  file?: { fileName: string; content: Buffer };
  fields: Record<string, string>;
}

/**
 * Reads every part of a multipart body before anything acts on it (a client may send its fields after
 * the file). A body the parser cannot read, with no boundary or a part cut short, is the client's and
 * answers 400: the parser's errors carry no status, and were answered as the server's 500. A file over
 * the route's size limit answers 413 with the route's own message; the parser's other refusals (too
 * many files or parts) keep their status.
 */
export async function readMultipartBody(request: FastifyRequest, fileTooLarge: string): Promise<MultipartBody> {
  const body: MultipartBody = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") body.file = { fileName: part.filename, content: await part.toBuffer() };
      else if (typeof part.value === "string") body.fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(413, fileTooLarge);
    if (statusCode === undefined) throw new BadRequestError(notices.uploadIncomplete);
    throw error;
  }
  return body;
}

/**
 * The type a file's first bytes show, or undefined when they show none. A container cut short (a zip's
 * header and nothing after it) makes file-type throw rather than say so.
 */
export async function fileTypeOf(content: Buffer): Promise<FileTypeResult | undefined> {
  try {
    return await fileTypeFromBuffer(content);
  } catch {
    return undefined;
  }
}
