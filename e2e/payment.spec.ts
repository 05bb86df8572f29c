import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { newApplicantEmail, signInThroughForm, signUpApplicant } from "./support/accounts";
import { fillAddress, fillMarks, fillStudentDetails, fixtureFile, uploadDocuments } from "./support/admission";
import { expectNoAxeViolations } from "./support/axe";

/** A new applicant with a filled form, at the gateway's page after Confirm & Pay. */
async function applicantAtTheGateway(page: Page, request: APIRequestContext) {
  const email = newApplicantEmail();
  await signUpApplicant(request, email, "Applicant-pass-1");
  await signInThroughForm(page, email, "Applicant-pass-1");
  await fillStudentDetails(page);
  await fillAddress(page);
  await fillMarks(page);
  await uploadDocuments(page, fixtureFile("photo.jpg"));
  const saves: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && new URL(sent.url()).pathname === "/booking/admission") saves.push(sent.url());
  });
  // A double click, as on a slow phone: one application sent, one order at the gateway.
  await page.getByRole("button", { name: "Confirm & Pay (Rs.300)" }).dblclick();
  await expect(page).toHaveURL(/\/sandbox-gateway\/transaction$/);
  expect(saves).toHaveLength(1);
  await expect(page.getByRole("heading", { name: "Pay Rs.300.00" })).toBeVisible();
  await expect(page.getByText("INR 300.00")).toBeVisible();
  return email;
}

test.describe("paying the application fee in the sandbox gateway", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("success: Payment Details shows Success and the # reference, the form is locked, the summary prints with the photo", async ({ page, request }) => {
    test.setTimeout(180_000);
    await applicantAtTheGateway(page, request);
    await page.getByRole("button", { name: "Pay (Success)" }).click();

    await expect(page).toHaveURL(/\/transactionStatus$/);
    await expect(page.getByRole("heading", { name: "Payment Details" })).toBeVisible();
    const details = page.locator(".ant-descriptions");
    await expect(details).toContainText("Submitted");
    await expect(details).toContainText("Success");
    await expect(details).toContainText(/#\d{12}/);
    await expect(page.getByText("Verify and Pay")).toHaveCount(0);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download receipt" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^receipt-UG\d+P1\.pdf$/);
    expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe("%PDF-");

    await page.emulateMedia({ media: "print" });
    const summary = page.getByRole("article", { name: "Application" });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText("PRIYA S");
    await expect(summary).toContainText("GANDHI STREET");
    await expect(summary.getByRole("img", { name: "Photo" })).toBeVisible();
    expect(await summary.getByRole("img", { name: "Photo" }).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: "Payment Details" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });

    await page.goto("/admission");
    await expect(page.getByText(/has been submitted/)).toBeVisible();
  });

  test("failure: Payment Details shows Payment Failure with Verify and Pay, which leads back to the form", async ({ page, request }) => {
    test.setTimeout(180_000);
    await applicantAtTheGateway(page, request);
    await page.getByRole("button", { name: "Decline (Failure)" }).click();

    await expect(page).toHaveURL(/\/transactionStatus$/);
    const details = page.locator(".ant-descriptions");
    await expect(details).toContainText("Payment Failure");
    await expect(details).toContainText("Failure");
    await page.getByRole("link", { name: "Verify and Pay" }).click();
    await expect(page).toHaveURL(/\/admission$/);
    await expect(page.getByRole("heading", { name: "Online Admission" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("PRIYA S");
  });
});
