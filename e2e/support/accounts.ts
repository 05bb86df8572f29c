import { expect, type Page } from "@playwright/test";

let sequence = 0;

export function newApplicantEmail(): string {
  sequence += 1;
  return `applicant.${Date.now()}.${sequence}@example.in`;
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/signin$/);
}
