import { expect, test, type Page } from "@playwright/test";
import { signInThroughForm } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { ADMIN } from "./support/environment";

async function chooseLanguage(page: Page, name: string) {
  await page.getByRole("combobox", { name: /Language|اللغة|语言|Idioma|Langue|Lingua|மொழி/ }).selectOption({ label: name });
}

test("Arabic turns the whole layout right to left, is remembered, and stays accessible", async ({ page }) => {
  await page.goto("/signin");
  await chooseLanguage(page, "العربية");

  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  const signInTitle = page.getByRole("heading", { level: 1 });
  await expect(signInTitle).not.toHaveText("Sign In");
  expect(await page.locator("form").evaluate((form) => getComputedStyle(form).direction)).toBe("rtl");
  const brand = await page.locator(".brand").boundingBox();
  expect(brand!.x).toBeGreaterThan((page.viewportSize()!.width ?? 0) / 2);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  await chooseLanguage(page, "English");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(signInTitle).toHaveText("Sign In");
});

test("every language can be chosen from the sign-in screen and shows its own text", async ({ page }) => {
  await page.goto("/signin");
  const titles = new Set<string>();
  const title = page.getByRole("heading", { level: 1 });
  let previous = (await title.textContent()) ?? "";
  for (const name of ["中文", "Español", "Français", "Italiano", "العربية", "தமிழ்", "English"]) {
    await chooseLanguage(page, name);
    // Each language's texts arrive as a chunk of their own: wait until the title has changed.
    await expect(title).not.toHaveText(previous);
    previous = (await title.textContent()) ?? "";
    titles.add(previous);
  }
  expect(titles.size).toBe(7);
});

test("the activity log words each entry in the reader's language, from what the server recorded", async ({ page }) => {
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await page.goto("/activityLog");
  await chooseLanguage(page, "العربية");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");

  // The page the screen shows, as the server sent it: each entry's English sentence and the details it is worded from.
  const answer = await page.request.get("/booking/activity?pageNo=0&pageSize=20");
  const written = ((await answer.json()) as { data: { content: { action: string; summary: string }[] } }).data.content;
  const summaryColumn = await page.getByRole("columnheader").evaluateAll((headers) => headers.findIndex((header) => header.textContent === "الملخص"));
  expect(summaryColumn).toBeGreaterThan(0);
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows).toHaveCount(written.length);
  // Newest first: the sign-in of a moment ago.
  await expect(rows.first().locator("td").nth(summaryColumn)).toHaveText("سجّل الدخول");
  for (const [index, entry] of written.entries()) {
    const shown = (await rows.nth(index).locator("td").nth(summaryColumn).textContent()) ?? "";
    expect(shown, entry.action).not.toBe(entry.summary);
    expect(shown, entry.action).toMatch(/[\u0600-\u06ff]/);
  }
});
