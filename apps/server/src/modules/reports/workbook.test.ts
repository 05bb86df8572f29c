import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { streamWorkbook, type SheetColumn } from "./workbook.js";

interface Entry {
  name: string;
  amount: number;
  paidOn: Date;
}

const columns: SheetColumn<Entry>[] = [
  { header: "Name", width: 20, value: (entry) => entry.name },
  { header: "Amount", width: 10, numFmt: "#,##0.00", value: (entry) => entry.amount },
  { header: "Paid on", width: 12, numFmt: "dd-mm-yyyy", value: (entry) => entry.paidOn },
];

const entry = (index: number): Entry => ({ name: `PERSON ${index}`, amount: index * 100.5, paidOn: new Date(Date.UTC(2026, 5, 1 + (index % 28))) });

describe("streamWorkbook, which writes in a thread of its own", () => {
  it("writes the batches' rows in order, each cell with its column's format", async () => {
    async function* batches() {
      yield [entry(1), entry(2)];
      yield [];
      yield [entry(3)];
    }
    const file = await buffer(streamWorkbook("Payments", columns, batches()));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Payments")!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Name", "Amount", "Paid on"]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(4).values).toEqual([undefined, "PERSON 3", 301.5, entry(3).paidOn]);
    expect(sheet.getCell("B2").numFmt).toBe("#,##0.00");
    expect(sheet.getCell("C4").numFmt).toBe("dd-mm-yyyy");
  });

  it("ends the download with the error when the rows fail part way, rather than as a file that looks complete", async () => {
    async function* batches() {
      yield [entry(1)];
      throw new Error("the database went away");
    }
    await expect(buffer(streamWorkbook("Payments", columns, batches()))).rejects.toThrow("the database went away");
  });

  it("stops reading rows once the reader has gone away", async () => {
    let batchesRead = 0;
    let stopped = false;
    async function* batches() {
      try {
        // Enough rows that the file outgrows the stream's buffer long before the end.
        for (let batch = 0; batch < 1_000; batch++) {
          batchesRead++;
          yield Array.from({ length: 200 }, (_, index) => entry(batch * 200 + index));
        }
      } finally {
        stopped = true;
      }
    }
    const download = streamWorkbook("Payments", columns, batches());
    await new Promise<void>((resolve) => download.once("data", () => resolve()));
    download.destroy();

    await expect.poll(() => stopped, { timeout: 10_000 }).toBe(true);
    expect(batchesRead).toBeLessThan(1_000);
  });
});
