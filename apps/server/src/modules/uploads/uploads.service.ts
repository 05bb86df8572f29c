import { randomBytes } from "node:crypto";
import { limits, messages, notices } from "@admissions/shared";
import { create as contentDisposition } from "content-disposition";
import type { Actor, AppContext, RequestMeta } from "../../context.js";
import type { Database } from "../../db/client.js";
import { AppError, BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { fileTypeOf } from "../../uploaded-file.js";
import { recordActivity } from "../activity/activity.repository.js";
import { findReadableApplication } from "../admissions/admissions.service.js";
import { countUploadsOf, getUploadedFile, insertUploadedFile, type UploadedFileRow } from "./uploads.repository.js";

/** SPEC.md: JPG, PNG and PDF, judged by their first bytes, never by the name the browser sent. */
const acceptedTypes: Record<string, "jpg" | "png" | "pdf"> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/**
 * Whose documents an actor may upload or read: an applicant only their own (anyone else's are
 * answered as absent), staff anybody's (a walk-in applicant's, by e-mail), but a department admin's
 * not while the applicant's application is of a degree they do not look after (403).
 */
export async function documentOwnerFor(db: Database, actor: Actor, requestedUserName: string | undefined): Promise<string> {
  const owner = (requestedUserName ?? actor.userName).trim().toLowerCase();
  await findReadableApplication(db, actor, owner);
  return owner;
}

/**
 * The browser's name for an uploaded file as it can be kept and logged: no control characters (NUL
 * among them) and no half of a surrogate pair, which PostgreSQL refuses (a 500 before), and at most
 * 200 characters, none of them cut in two.
 */
export function storableFileName(name: string): string {
  return Array.from(name.toWellFormed().replace(/\p{Cc}/gu, "")).slice(0, 200).join("");
}

/**
 * How a download is offered: under the name it was uploaded with, in any script (a Tamil
 * certificate's name was saved as "document.pdf"), its extension the stored file's, with an ASCII
 * name beside it for clients that read only that (accents and other scripts dropped).
 */
export function downloadDisposition(originalName: string, extension: string): string {
  const base = originalName.replace(/\.[^.]*$/, "");
  const named = Array.from(base.replace(/[\\/:*?"<>|]/g, "").trim()).slice(0, 80).join("");
  const ascii = base.normalize("NFKD").replace(/[^\w\- ]+/g, "").trim().slice(0, 80);
  return contentDisposition(`${named || "document"}.${extension}`, { fallback: `${ascii || "document"}.${extension}` });
}

export async function saveUpload(
  ctx: AppContext,
  actor: Actor,
  upload: { ownerUserName: string; originalName: string; content: Buffer },
  meta: RequestMeta,
): Promise<string> {
  if (upload.content.length > limits.uploadMaxBytes) throw new AppError(413, messages.fileTooLarge);
  if (upload.content.length === 0) throw new BadRequestError(notices.unsupportedFile);
  const detected = await fileTypeOf(upload.content);
  const extension = detected && acceptedTypes[detected.mime];
  if (!detected || !extension) throw new BadRequestError(notices.unsupportedFile);

  // Checked before the bytes are kept; two uploads at the very same moment may both pass, which the
  // cap's margin over the seven documents allows for.
  if ((await countUploadsOf(ctx.db, upload.ownerUserName)) >= limits.uploadsPerOwnerMax) throw new ConflictError(notices.tooManyUploads);

  const fileName = `${randomBytes(16).toString("hex")}.${extension}`;
  await ctx.storage.save(fileName, upload.content);
  try {
    const originalName = storableFileName(upload.originalName);
    await ctx.db.transaction(async (tx) => {
      await insertUploadedFile(tx, {
        fileName,
        ownerUserName: upload.ownerUserName,
        originalName,
        contentType: detected.mime,
        sizeBytes: upload.content.length,
        uploadedBy: actor.id,
      });
      await recordActivity(tx, {
        actor: { id: actor.id, userName: actor.userName },
        action: "upload.saved",
        entityType: "upload",
        entityId: fileName,
        summary: `Uploaded a ${extension.toUpperCase()} of ${Math.ceil(upload.content.length / 1024)} KB for ${upload.ownerUserName}`,
        details: { originalName, contentType: detected.mime, sizeBytes: upload.content.length, owner: upload.ownerUserName },
        ip: meta.ip,
      });
    });
  } catch (error) {
    await ctx.storage.remove(fileName);
    throw error;
  }
  return fileName;
}

/** A stored document, if the actor may read it under that owner's name. */
export async function findReadableUpload(ctx: AppContext, actor: Actor, ownerUserName: string, fileName: string): Promise<UploadedFileRow> {
  const owner = await documentOwnerFor(ctx.db, actor, ownerUserName);
  const file = await getUploadedFile(ctx.db, fileName);
  if (!file || file.ownerUserName !== owner) throw new NotFoundError();
  return file;
}
