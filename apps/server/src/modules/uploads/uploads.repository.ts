import { count, eq } from "drizzle-orm";
import { batchedPerDatabase, isOneOfTheKeys } from "../../db/batched.js";
import type { Database } from "../../db/client.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { uploadedFiles } from "../../db/schema/index.js";

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

export async function insertUploadedFile(db: Database, file: Omit<typeof uploadedFiles.$inferInsert, "id" | "createdAt">): Promise<void> {
  await db.insert(uploadedFiles).values(file);
}

/** How many files have been uploaded under an owner's name, through the owner index. */
export async function countUploadsOf(db: Database, ownerUserName: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(uploadedFiles).where(eq(uploadedFiles.ownerUserName, ownerUserName));
  return row?.count ?? 0;
}

export async function getUploadedFile(db: Database, fileName: string): Promise<UploadedFileRow | undefined> {
  const [row] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.fileName, fileName)).limit(1);
  return row;
}

/** Which of these stored names belong to the owner; the rest are someone else's or do not exist. */
export async function findFileNamesOwnedBy(db: Database, ownerUserName: string, fileNames: string[]): Promise<Set<string>> {
  const files = await Promise.all(fileNames.map((fileName) => findFileOwner(db, fileName)));
  return new Set(files.filter((file) => file?.ownerUserName === ownerUserName).map((file) => file!.fileName));
}

/** Who uploaded a stored file; every save checks its documents, and the checks of a moment share one query. */
const findFileOwner = batchedPerDatabase(
  (db, fileNames: readonly string[]) => fileOwnersQuery(db).execute({ fileNames }),
  (row) => row.fileName,
);

const fileOwnersQuery = preparedPerDatabase((db) =>
  db
    .select({ fileName: uploadedFiles.fileName, ownerUserName: uploadedFiles.ownerUserName })
    .from(uploadedFiles)
    .where(isOneOfTheKeys(uploadedFiles.fileName, "fileNames"))
    .prepare("file_owners"),
);
