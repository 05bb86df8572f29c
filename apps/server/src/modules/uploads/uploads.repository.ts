import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { uploadedFiles } from "../../db/schema/index.js";

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

export async function insertUploadedFile(db: Database, file: Omit<typeof uploadedFiles.$inferInsert, "id" | "createdAt">): Promise<void> {
  await db.insert(uploadedFiles).values(file);
}

export async function getUploadedFile(db: Database, fileName: string): Promise<UploadedFileRow | undefined> {
  const [row] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.fileName, fileName)).limit(1);
  return row;
}

/** Which of these stored names belong to the owner; the rest are someone else's or do not exist. */
export async function findFileNamesOwnedBy(db: Database, ownerUserName: string, fileNames: string[]): Promise<Set<string>> {
  if (fileNames.length === 0) return new Set();
  const rows = await db
    .select({ fileName: uploadedFiles.fileName })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.ownerUserName, ownerUserName), inArray(uploadedFiles.fileName, fileNames)));
  return new Set(rows.map((row) => row.fileName));
}
