import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { signInThroughForm } from "./support/accounts";
import { choose } from "./support/admission";
import { expectNoAxeViolations } from "./support/axe";
import { DEPARTMENT_ADMIN } from "./support/environment";

const HEADER = "Admission No,Name,E-mail,Mobile,Course,Degree,Current Year,Admission Year";

/** Three students already in their second year; the third in a degree the department admin does not look after. */
function studentsFile(thirdDegree: string) {
  const run = Date.now();
  const year = new Date().getFullYear() - 1;
  const rows = [
    `E2E/${run}/1,Anbu Selvan,anbu.${run}@example.in,9876501001,UG,B.SC. COMPUTER SCIENCE,2,${year}`,
    `E2E/${run}/2,Bharathi M,bharathi.${run}@example.in,9876501002,UG,B.SC. MATHEMATICS,2,${year}`,
    `E2E/${run}/3,Chitra K,chitra.${run}@example.in,9876501003,UG,${thirdDegree},2,${year}`,
  ];
  return { run, admissionNo: `E2E/${run}/3`, text: [HEADER, ...rows].join("\n") };
}

async function upload(page: Page, text: string) {
  await page.locator('input[type="file"]').setInputFiles({ name: "second-years.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
}

test("staff import a file with one bad row, see why, fix it and import it; the same file again adds nobody; a student's number and degree typed wrong are corrected", async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughForm(page, DEPARTMENT_ADMIN.email, DEPARTMENT_ADMIN.password);
  await page.goto("/studentImport");
  await expect(page.getByRole("heading", { name: "Student Import", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  const [template] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the template" }).click()]);
  expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(readFileSync(await template.path()).subarray(0, 2).toString()).toBe("PK");

  const file = studentsFile("B.A. TAMIL");
  await upload(page, file.text);
  await expect(page.getByText("Correct these rows and upload the file again: nothing is imported while any row is rejected.")).toBeVisible();
  const rejected = page.getByRole("table", { name: "Rejected rows of second-years.csv" });
  await expect(rejected.getByRole("row").filter({ hasText: file.admissionNo })).toContainText("You do not look after this degree!");
  await expect(page.getByRole("button", { name: "Import" })).toBeDisabled();
  await expectNoAxeViolations(page);

  const fixed = file.text.replace(",B.A. TAMIL,", ",B.SC. MATHEMATICS,");
  await upload(page, fixed);
  await expect(rejected).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Import" })).toBeEnabled();
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("Import complete")).toBeVisible();
  await expect(page.getByText("Imported: 3 · Already there: 0")).toBeVisible();
  const log = page.getByRole("region", { name: "Import log" });
  await expect(log.getByRole("row").filter({ hasText: "second-years.csv" }).filter({ hasText: "Imported" })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Importing the same file again finds every student there already.
  await upload(page, fixed);
  await expect(page.getByText("Every student in this file has already been imported.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Import" })).toBeDisabled();

  await page.goto(`/students/list?search=${encodeURIComponent(file.admissionNo)}`);
  const row = page.getByRole("row").filter({ hasText: "CHITRA K" });
  await expect(row).toContainText("Year 2");

  // The file had Chitra's degree and admission number wrong: both are corrected from her page while
  // no fee of hers was paid, and her fee terms become the right degree's.
  await row.getByRole("link", { name: file.admissionNo }).click();
  await expect(page.getByRole("heading", { name: "CHITRA K", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit CHITRA K" });
  await dialog.getByLabel("Admission No").fill(`${file.admissionNo}A`);
  await choose(page, "Course and degree", "B.SC. COMPUTER SCIENCE", { search: true });
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Student updated")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${file.admissionNo}A`).first()).toBeVisible();
  await expect(page.getByText("B.SC. COMPUTER SCIENCE").first()).toBeVisible();
  const terms = (await (await page.request.get(`/booking/feeStatus?userName=${encodeURIComponent(`chitra.${file.run}@example.in`)}`)).json()).data.terms;
  expect(terms.length).toBeGreaterThan(0);
  expect(terms.map((term: { feeCode: string }) => term.feeCode.split("-")[0])).toEqual(terms.map(() => "BSCCS"));
});
