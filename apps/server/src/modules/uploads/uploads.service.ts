import { randomBytes } from "node:crypto";
import { isStaffRole, limits, messages, notices } from "@admissions/shared";
import { fileTypeFromBuffer } from "file-type";
import type { Actor, AppContext } from "../../context.js";
import { AppError, BadRequestError, NotFoundError } from "../../errors.js";
import { getUploadedFile, insertUploadedFile, type UploadedFileRow } from "./uploads.repository.js";

/** SPEC.md: JPG, PNG and PDF, judged by their first bytes, never by the name the browser sent. */
const acceptedTypes: Record<string, "jpg" | "png" | "pdf"> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/**
 * Whose documents an actor may upload or read: an applicant only their own, staff anybody's (a
 * walk-in applicant's, by e-mail). Anything else is answered as absent.
 */
export function documentOwnerFor(actor: Actor, requestedUserName: string | undefined): string {
  const owner = (requestedUserName ?? actor.userName).trim().toLowerCase();
  if (owner !== actor.userName && !isStaffRole(actor.role)) throw new NotFoundError();
  return owner;
}

/** The name the browser gave, reduced to what is safe in a header and a file system. */
export function safeDownloadName(originalName: string, extension: string): string {
  const base = originalName
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[^\w\- ]+/g, "")
    .trim()
    .slice(0, 80);
  return `${base || "document"}.${extension}`;
}

export async function saveUpload(
  ctx: AppContext,
  actor: Actor,
  upload: { ownerUserName: string; originalName: string; content: Buffer },
): Promise<string> {
  if (upload.content.length > limits.uploadMaxBytes) throw new AppError(413, messages.fileTooLarge);
  if (upload.content.length === 0) throw new BadRequestError(notices.unsupportedFile);
  const detected = await fileTypeFromBuffer(upload.content);
  const extension = detected && acceptedTypes[detected.mime];
  if (!detected || !extension) throw new BadRequestError(notices.unsupportedFile);

  const fileName = `${randomBytes(16).toString("hex")}.${extension}`;
  await ctx.storage.save(fileName, upload.content);
  try {
    await insertUploadedFile(ctx.db, {
      fileName,
      ownerUserName: upload.ownerUserName,
      originalName: upload.originalName.slice(0, 200),
      contentType: detected.mime,
      sizeBytes: upload.content.length,
      uploadedBy: actor.id,
    });
  } catch (error) {
    await ctx.storage.remove(fileName);
    throw error;
  }
  return fileName;
}

/** A stored document, if the actor may read it under that owner's name. */
export async function findReadableUpload(ctx: AppContext, actor: Actor, ownerUserName: string, fileName: string): Promise<UploadedFileRow> {
  const owner = documentOwnerFor(actor, ownerUserName);
  const file = await getUploadedFile(ctx.db, fileName);
  if (!file || file.ownerUserName !== owner) throw new NotFoundError();
  return file;
}
