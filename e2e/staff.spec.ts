import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { signInThroughForm, tabTo } from "./support/accounts";
import { ADMIN, DEPARTMENT_ADMIN } from "./support/environment";

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Staff navigation" });

test("an admin sees every staff menu item and signs out from the header", async ({ page }) => {
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  for (const item of ["Applications", "New Admission", "Degree", "Course", "Fees Transaction", "Students", "Academic Process", "Activity Log", "Student Import", "User"]) {
    await expect(sidebar(page).getByRole("link", { name: item, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Copyright © 2021")).toBeVisible();
  await expectNoAxeViolations(page);

  await sidebar(page).getByRole("link", { name: "Degree" }).click();
  await expect(page).toHaveURL(/\/master\/grade$/);
  await expect(page.getByRole("heading", { name: "Degree" })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/signin$/);
});

test("a department admin sees Student Import but not Academic Process or User", async ({ page }) => {
  await signInThroughForm(page, DEPARTMENT_ADMIN.email, DEPARTMENT_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(sidebar(page).getByRole("link", { name: "Student Import" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Academic Process" })).toHaveCount(0);
  await expect(sidebar(page).getByRole("link", { name: "User", exact: true })).toHaveCount(0);
});

test("a signed-out visit to a staff screen returns there after signing in", async ({ page }) => {
  await page.goto("/activityLog");
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/activityLog$/);
});

test("an applicant cannot open the staff area", async ({ page }) => {
  await signInThroughForm(page, "applicant@demo.in", "Demo@2026");
  await page.goto("/user");
  await expect(page).toHaveURL(/\/admission$/);
});

test("unknown screens show the 404 page", async ({ page }) => {
  await page.goto("/no-such-screen");
  await expect(page.getByText("Oops, an error has occurred. Page not found!")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a keyboard alone signs in, moves through the staff menu and signs out", async ({ page }) => {
  await page.goto("/signin");
  await tabTo(page, "#signin_username");
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin$/);

  await tabTo(page, 'a[href="/students/list"]');
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/students\/list$/);

  await tabTo(page, "button.link-button");
  await expect(page.locator(":focus")).toHaveText("Logout");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/signin$/);
});

test.describe("staff on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("open the menu from the header, go to a screen, and the menu closes", async ({ page }) => {
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(sidebar(page)).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Open menu" }).click();
    await sidebar(page).getByRole("link", { name: "Course" }).click();
    await expect(page).toHaveURL(/\/master\/department$/);
    await expect(sidebar(page)).toBeHidden();
    await expect(page.getByRole("heading", { name: "Course" })).toBeVisible();
  });
});
