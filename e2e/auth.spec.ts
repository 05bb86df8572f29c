import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { newApplicantEmail, signInThroughForm, signUpApplicant } from "./support/accounts";

test.describe("an applicant on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("signs up, signs in, is sent to the admission form by the decider, and signs out", async ({ page }) => {
    const email = newApplicantEmail();
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "REGISTER" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("The input is not valid Mobile!")).toBeVisible();
    await expect(page.getByText("The input is not valid E-mail!")).toBeVisible();
    await expect(page.getByText("Please input your Password!")).toBeVisible();

    await page.getByLabel("Mobile").fill("98765 43210");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("Applicant-pass-1");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Account created Successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);

    await expectNoAxeViolations(page);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("Applicant-pass-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admission$/);
    expect(await page.evaluate(() => localStorage.getItem("user_role"))).toBe("ROLE_USER");

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("link", { name: "Change Password" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Pay Fees" })).toHaveCount(0);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem("user_role"))).toBeNull();

    await page.goto("/admission");
    await expect(page).toHaveURL(/\/signin$/);
  });
});

test("a wrong password shows 'Please Enter Correct Username and Password'", async ({ page }) => {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill("applicant@demo.in");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please Enter Correct Username and Password")).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test("registering an e-mail twice says the account exists", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Mobile").fill("9876543210");
  await page.getByLabel("E-mail").fill("applicant@demo.in");
  await page.getByLabel("Password").fill("Applicant-pass-1");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("An account with this e-mail already exists. Please sign in or reset your password.")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test("a signed-in student is sent from /signin to the fee screens, with Fees History and Pay Fees in the bar", async ({ page }) => {
  await signInThroughForm(page, "student@demo.in", "Demo@2026");
  await expect(page).toHaveURL(/\/feesDetail$/);
  await expect(page.getByRole("link", { name: "Fees History" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pay Fees" })).toBeVisible();
  await page.goto("/signin");
  await expect(page).toHaveURL(/\/feesDetail$/);
});

test("a first load asks who is signed in once, from the page's head rather than after the app's code has run", async ({ page, request }) => {
  const email = newApplicantEmail();
  await signUpApplicant(request, email, "Applicant-pass-1");
  const sessionReads: string[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname === "/booking/api/auth/me") sessionReads.push(sent.resourceType());
  });
  await signInThroughForm(page, email, "Applicant-pass-1");
  sessionReads.length = 0;

  await page.goto("/admission");
  await expect(page.getByRole("heading", { name: "Online Admission" })).toBeVisible();
  // The app's own fetch would be a "fetch"; the head's preload is another type, and answers the app's
  // fetch (a second read would mean the preload went unused, its round trip spent for nothing).
  expect(sessionReads).toHaveLength(1);
  expect(sessionReads[0]).not.toBe("fetch");
});

test("a tab left open on one applicant's form starts again as the account another tab signs in, and saves nothing of the first into it", async ({ context, request }) => {
  const [first, second] = [newApplicantEmail(), newApplicantEmail()];
  await signUpApplicant(request, first, "Applicant-pass-1");
  await signUpApplicant(request, second, "Applicant-pass-1");
  const firstTab = await context.newPage();
  await signInThroughForm(firstTab, first, "Applicant-pass-1");
  await expect(firstTab).toHaveURL(/\/admission$/);
  await firstTab.getByLabel("Name", { exact: true }).fill("FIRST APPLICANT");

  // A browsing centre's next applicant, in another tab of the same browser.
  const secondTab = await context.newPage();
  await secondTab.goto("/admission");
  await secondTab.getByRole("button", { name: "Logout" }).click();
  await expect(secondTab).toHaveURL(/\/signin$/);
  await expect(firstTab).toHaveURL(/\/signin$/);
  await signInThroughForm(secondTab, second, "Applicant-pass-1");

  // The first tab is drawn again for the account now signed in: the first applicant's name is gone.
  await expect(firstTab).toHaveURL(/\/admission$/);
  await expect(firstTab.getByLabel("Name", { exact: true })).toHaveValue("");
  await firstTab.waitForTimeout(3_000);
  const draft = (await (await secondTab.request.get("/booking/admission/draft")).json()).data as { values?: { name?: string } } | null;
  expect(draft?.values?.name ?? "").not.toContain("FIRST");
});
