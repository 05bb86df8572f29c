import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { sampleAadhaarNumber } from "@admissions/shared";

let sequence = 0;

export function newApplicantEmail(): string {
  sequence += 1;
  return `applicant.${Date.now()}.${sequence}@example.in`;
}

/**
 * An Aadhar number no other applicant of the run has: the review screen flags applications that
 * share one. Journeys that need two to share one pick it from above this range.
 */
export function newAadhaarNumber(): string {
  return sampleAadhaarNumber(Math.floor(Math.random() * 70_000_000_000));
}

/** Registers an applicant through the API, as the sign-up form would. */
export async function signUpApplicant(request: APIRequestContext, email: string, password: string): Promise<void> {
  expect((await request.post("/booking/api/auth/signup", { data: { mobile: "9876543210", emailId: email, password, userName: email } })).ok()).toBe(true);
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/signin$/);
}

/** Presses Tab until the focused element matches, as a keyboard user would; fails if it never does. */
export async function tabTo(page: Page, selector: string, maxPresses = 40): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}
