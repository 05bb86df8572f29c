import { inflateSync } from "node:zlib";

/**
 * The text a PDFKit page shows: its compressed streams inflated, the hex runs of each TJ array joined.
 * PDFKit ends a stream's data with "\nendstream"; a data byte before it may be "\r", so it is kept.
 */
export function textOfPdf(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, "hex").toString("latin1")).join(""));
    }
  }
  return lines.join("\n");
}
