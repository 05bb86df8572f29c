import { expect, test } from "@playwright/test";
import { newApplicantEmail, signInThroughForm } from "./support/accounts";
import { applicantWithApplication } from "./support/applications";
import { expectNoAxeViolations } from "./support/axe";
import { ADMIN, DEPARTMENT_ADMIN } from "./support/environment";

const screens = [
  { path: "/master/department", heading: "Course", shows: "UG" },
  { path: "/master/grade", heading: "Degree", shows: "B.SC. COMPUTER SCIENCE" },
  // Filtered by role: newest first, the accounts the suite's own journeys make fill the first page.
  { path: "/user?role=ROLE_DEPARTMENT_ADMIN", heading: "User", shows: "department@demo.in" },
  { path: "/activityLog", heading: "Activity Log", shows: ADMIN.email },
  { path: "/report", heading: "Dashboard", shows: "Applications per day" },
  { path: "/admin-admission", heading: "Offline Admission", shows: "Student Details" },
  { path: "/feesStatus", heading: "Fees Transaction", shows: "Total amount" },
  { path: "/students/list", heading: "Students", shows: "DEMO STUDENT" },
  { path: "/academicTransfer", heading: "Academic Process", shows: "Academic year to close" },
  { path: "/studentImport", heading: "Student Import", shows: "Import log" },
];

// One sign-in for all of them: an account may sign in 10 times in 15 minutes, and the suite signs in often.
test("every staff screen shows its records and has no accessibility violations", async ({ page }) => {
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(page.getByRole("heading", { name: screen.heading, level: 1 })).toBeVisible();
    await expect(page.getByText(screen.shows, { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("a department admin finds applications of their degrees only", async ({ page }) => {
  const tamil = await applicantWithApplication(newApplicantEmail(), "Meena R", { courseSubject: "B.A. TAMIL", courseSubjectId: 1 });
  const science = await applicantWithApplication(newApplicantEmail(), "Arun K", { courseSubject: "B.SC. MATHEMATICS", courseSubjectId: 3 });
  await signInThroughForm(page, DEPARTMENT_ADMIN.email, DEPARTMENT_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const search = page.getByRole("searchbox", { name: "Name, application number, e-mail or mobile" });

  await search.fill(science.applicationNo);
  await search.press("Enter");
  // The row is there before the search too (the list starts with the newest): the address says it ran.
  await expect(page).toHaveURL(new RegExp(`search=${science.applicationNo}`));
  await expect(page.getByRole("row").filter({ hasText: science.applicationNo })).toHaveCount(1);

  await search.fill(tamil.applicationNo);
  await search.press("Enter");
  await expect(page.locator(".ant-empty")).toBeVisible();
  await page.goto(`/admin/${encodeURIComponent(tamil.email)}`);
  await expect(page.getByText("This application belongs to a degree you do not look after, so you cannot open it.")).toBeVisible();
});

test("a date typed into a list's filter reaches the list once its year is whole", async ({ page }) => {
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith("/admissionAll") && url.searchParams.has("dateFrom")) asked.push(url.searchParams.get("dateFrom")!);
  });
  const from = page.getByRole("textbox", { name: "From date" });
  await from.focus();
  // Typed as a person types, month, day and year, in the box's own order (en-US: mm/dd/yyyy).
  const listed = page.waitForResponse((response) => response.url().includes("dateFrom=2026-12-01"));
  await page.keyboard.type("12012026", { delay: 50 });
  expect((await listed).status()).toBe(200);
  await expect(page).toHaveURL(/dateFrom=2026-12-01/);
  await expect(from).toHaveValue("2026-12-01");
  // Not the years 2, 20 and 202 that the box held on the way.
  expect(asked.filter((day) => day !== "2026-12-01")).toEqual([]);
});
