import ExcelJS from "exceljs";
import { fileTypeFromBuffer } from "file-type";
import { Readable } from "node:stream";
const RealDate = Date; let fake = 0;
const Fake = class extends RealDate { constructor(...a) { if (a.length === 0) super(fake); else super(...a); } static now() { return fake; } };
const base = RealDate.UTC(2026, 10, 24, 0, 0, 0);
let bad = 0;
for (let i = 0; i < 6000; i++) {
  fake = base + Math.floor(Math.random() * 86400) * 1000;
  globalThis.Date = Fake;
  const wb = new ExcelJS.Workbook(); const s = wb.addWorksheet("Students");
  s.addRow(["Admission No","Name","Email"]); for (let r = 0; r < 14; r++) s.addRow(["PRV-"+r, "Priya S", "x"+r+"@y.in", 2, 2025]);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  globalThis.Date = RealDate;
  const t = await fileTypeFromBuffer(buf);
  let n = 0, err = "";
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buf), { sharedStrings: "cache", hyperlinks: "cache", styles: "ignore", worksheets: "emit", entries: "emit" });
    for await (const sheet of reader) { for await (const row of sheet) n++; break; }
  } catch (e) { n = -1; err = e.message; }
  if (t?.ext !== "xlsx" || n !== 15) { bad++; console.log(new RealDate(fake).toISOString(), t?.ext, n, err); if (bad > 5) break; }
}
console.log("bad", bad);
