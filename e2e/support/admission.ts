import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { repoRoot } from "./environment";
import { newAadhaarNumber } from "./accounts";
import { expectNoAxeViolations } from "./axe";

export const fixtureFile = (name: string) => path.join(repoRoot, "apps/server/src/test/fixtures", name);

const openDropdownOption = (page: Page, option: string) =>
  page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option").getByText(option, { exact: true });

/**
 * Picks an option of an Ant Design select and checks it took: a click that lands while the list is
 * still animating open can be ignored, so the pick is tried again until the select shows the option.
 */
export async function pick(page: Page, select: Locator, option: string, options: { search?: boolean } = {}): Promise<void> {
  const container = select.locator("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' ant-select ')][1]");
  await expect(async () => {
    if (!(await container.evaluate((element) => element.classList.contains("ant-select-open")))) await select.click();
    if (options.search) await select.fill(option.slice(0, 12));
    await openDropdownOption(page, option).click({ timeout: 3_000 });
    await expect(container).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Picks an option of the select labelled so; long lists are searched by typing. */
export function choose(page: Page, label: string, option: string, options: { search?: boolean } = {}): Promise<void> {
  return pick(page, page.getByLabel(label, { exact: true }), option, options);
}

/** A photo as a phone takes it: several megabytes of JPEG, made by the browser itself. */
export async function largePhoneJpeg(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 3000;
    canvas.height = 4000;
    const context = canvas.getContext("2d")!;
    const image = context.createImageData(canvas.width, canvas.height);
    for (let index = 0; index < image.data.length; index += 4) {
      const shade = (index / 4) % 251;
      image.data[index] = (shade * 7 + Math.random() * 90) % 256;
      image.data[index + 1] = (shade * 3 + Math.random() * 90) % 256;
      image.data[index + 2] = (shade * 5 + Math.random() * 90) % 256;
      image.data[index + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((result) => resolve(result!), "image/jpeg", 0.95));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
    return btoa(binary);
  });
  return { name: "IMG_20260602_101500.jpg", mimeType: "image/jpeg", buffer: Buffer.from(base64, "base64") };
}

const next = (page: Page) => page.getByRole("button", { name: "Next" }).click();

export async function fillStudentDetails(page: Page, options: { applicantEmail?: string; course?: "UG" | "PG"; degree?: string } = {}) {
  if (options.applicantEmail) await page.getByLabel("Applicant's e-mail").fill(options.applicantEmail);
  await page.getByRole("radiogroup", { name: "Course" }).getByText(options.course ?? "UG", { exact: true }).click();
  await choose(page, "Degree", options.degree ?? "B.SC. COMPUTER SCIENCE", { search: true });
  await page.getByLabel("Name", { exact: true }).fill("Priya S.");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("PRIYA S");
  await page.getByLabel("Name in Tamil").fill("பிரியா");
  await choose(page, "Gender", "Female");
  await page.getByLabel("Date of birth").fill("2008-03-14");
  await expect(page.getByLabel("Age", { exact: true })).toHaveValue(/^1[78]$/);
  await choose(page, "Blood group", "B+ve");
  await choose(page, "Community", "BC");
  await page.getByLabel("Caste").fill("vanniyar");
  await choose(page, "Religion", "Hindu");
  await page.getByLabel("Mother tongue").fill("Tamil");
  // Typed in groups of four, as printed on the card; the form keeps the digits.
  await page.getByLabel("Aadhar number").fill(newAadhaarNumber().replace(/(\d{4})(?=\d)/g, "$1 "));
  await page.getByLabel("Father's name").fill("Selvam K");
  await page.getByLabel("Mother's name").fill("Lakshmi S");
  await page.getByLabel("Parent's occupation").fill("Farmer");
  await page.getByLabel("Annual family income").fill("120000");
  await expect(page.getByRole("radiogroup", { name: "Hostel required?" })).toBeVisible();
  await page.getByRole("radiogroup", { name: "Hostel required?" }).getByText("Yes", { exact: true }).click();
  await choose(page, "Transport", "College Bus");
  await expectNoAxeViolations(page);
  await next(page);
}

export async function fillAddress(page: Page) {
  await expect(page.getByRole("heading", { name: "Address Details" })).toBeVisible();
  await page.getByLabel("Street").fill("Gandhi Street");
  await page.getByLabel("Village / town").fill("Tiruvallur");
  await page.getByLabel("Post office").fill("Tiruvallur");
  await page.getByLabel("Taluk").fill("Tiruvallur");
  await choose(page, "State", "Tamil Nadu", { search: true });
  await choose(page, "District", "Tiruvallur", { search: true });
  await page.getByLabel("Pincode").fill("602001");
  await page.getByLabel("Student's mobile (WhatsApp)").fill("98765 43210");
  await page.getByLabel("Father's mobile").fill("9876500001");
  await expectNoAxeViolations(page);
  await next(page);
}

export async function fillMarks(page: Page) {
  await expect(page.getByRole("heading", { name: "Marks Details" })).toBeVisible();
  await choose(page, "Examination passed", "HSC (+2)");
  await choose(page, "Board", "State Board");
  await choose(page, "Medium of study", "English");
  await page.getByLabel("School name").fill("Govt Hr Sec School");
  await page.getByLabel("School place").fill("Tiruvallur");
  await fillMarkRows(page);
  await expectNoAxeViolations(page);
  await next(page);
}

/** The six rows of HSC marks, 90% in all; row 1's year and register number reach every row. */
export async function fillMarkRows(page: Page) {
  const subjects = ["Tamil", "English", "Mathematics", "Physics", "Chemistry", "Computer Science"];
  const marks = ["91", "88", "95", "90", "87", "89"];
  for (const [index, subject] of subjects.entries()) {
    const row = page.locator("fieldset.mark-row").nth(index);
    await pick(page, row.getByLabel("Subject"), subject, { search: true });
    await row.getByLabel("Marks scored").fill(marks[index]!);
  }
  const firstRow = page.locator("fieldset.mark-row").first();
  await firstRow.getByLabel("Passing year").fill("2026");
  await firstRow.getByLabel("Register number").fill("2611001234");
  await expect(page.locator("fieldset.mark-row").last().getByLabel("Register number")).toHaveValue("2611001234");
  await expect(page.locator("fieldset.mark-row").last().getByLabel("Max marks")).toHaveValue("100");
  await expect(page.getByText("90.00")).toBeVisible();
}

/** A PG applicant's qualifying degree, which takes the place of the HSC and its marks. */
export async function fillDegreeExam(page: Page) {
  await expect(page.getByRole("heading", { name: "Marks Details" })).toBeVisible();
  await expect(page.locator("fieldset.mark-row")).toHaveCount(0);
  await page.getByLabel("Degree obtained").fill("B.Sc.");
  await page.getByLabel("Main subject").fill("Mathematics");
  await choose(page, "Medium of study", "English");
  await page.getByLabel("University", { exact: true }).fill("University of Madras");
  await page.getByLabel("College", { exact: true }).fill("Presidency College");
  await page.getByLabel("College place").fill("Chennai");
  await page.getByLabel("Year of passing").fill("2025");
  await expectNoAxeViolations(page);
  await next(page);
}

export async function uploadDocuments(page: Page, photo: { name: string; mimeType: string; buffer: Buffer } | string) {
  await expect(page.getByRole("heading", { name: /^Confirm/ })).toBeVisible();
  const upload = async (label: string, file: typeof photo) => {
    await page.getByRole("button", { name: label, exact: true }).setInputFiles(file);
    await expect(page.locator(".document-upload").filter({ hasText: label }).getByText("Uploaded")).toBeVisible({ timeout: 30_000 });
  };
  await upload("Photo", photo);
  await upload("Marksheet", fixtureFile("marksheet.pdf"));
  await upload("Aadhar card", fixtureFile("aadhar.png"));
  await expect(page.getByRole("img", { name: "Photo" })).toBeVisible();
  await page.getByLabel(/I declare that/).check();
  await expectNoAxeViolations(page);
}

export function readFixture(name: string): Buffer {
  return readFileSync(fixtureFile(name));
}
