import { createReadStream } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded documents live. The local-disk driver suits one server; an object-store driver with
 * the same three calls would let several instances share the files.
 */
export interface FileStorage {
  save(fileName: string, content: Buffer): Promise<void>;
  open(fileName: string): Readable;
  remove(fileName: string): Promise<void>;
}

/** Stored names are generated (hex and an extension), never taken from the request. */
const SAFE_NAME = /^[a-f0-9]{32}\.(jpg|png|pdf)$/;

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  /** Two-letter folders keep any one directory small when there are hundreds of thousands of files. */
  private pathOf(fileName: string): string {
    if (!SAFE_NAME.test(fileName)) throw new Error(`refusing to touch a file named ${JSON.stringify(fileName)}`);
    return path.join(this.root, fileName.slice(0, 2), fileName);
  }

  async save(fileName: string, content: Buffer): Promise<void> {
    const target = this.pathOf(fileName);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content, { flag: "wx" });
  }

  open(fileName: string): Readable {
    return createReadStream(this.pathOf(fileName));
  }

  async remove(fileName: string): Promise<void> {
    await rm(this.pathOf(fileName), { force: true });
  }
}
