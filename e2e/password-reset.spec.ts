import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { newApplicantEmail, signInThroughForm } from "./support/accounts";
import { resetCodeIn, waitForMailTo } from "./support/mail";

test("forgot password: the code arrives by mail, sets a new password, and the old one stops working", async ({ page, request }) => {
  const email = newApplicantEmail();
  const registered = await request.post("/booking/api/auth/signup", { data: { mobile: "9876543210", emailId: email, password: "Old-password-1", userName: email } });
  expect(registered.ok()).toBe(true);

  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot Your Password ?" })).toBeVisible();
  await expectNoAxeViolations(page);

  const askedAt = Date.now();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("If an account exists for this e-mail, we have sent it a 6-digit code.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/resetpassword/${encodeURIComponent(email)}$`));
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await expectNoAxeViolations(page);

  const code = resetCodeIn(await waitForMailTo(email, askedAt));
  await page.getByLabel("OTP").fill(code);
  await page.getByLabel("New password").fill("New-password-2");
  await page.getByLabel("Confirm password").fill("Typo-password-2");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password not match")).toBeVisible();

  await page.getByLabel("Confirm password").fill("New-password-2");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password Reset Success")).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("Old-password-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please Enter Correct Username and Password")).toBeVisible();

  await signInThroughForm(page, email, "New-password-2");
  await expect(page).toHaveURL(/\/admission$/);
});

test("Change Password from the top bar uses the same screen with its own title", async ({ page }) => {
  await signInThroughForm(page, "applicant@demo.in", "Demo@2026");
  await page.getByRole("link", { name: "Change Password" }).click();
  await expect(page).toHaveURL(/\/changepassword\/CHANGE_PWD$/);
  await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  await expect(page.getByText("We will send a 6-digit code")).toHaveCount(0);
});
