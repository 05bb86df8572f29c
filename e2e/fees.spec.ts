import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { newApplicantEmail, signInThroughForm } from "./support/accounts";
import { choose } from "./support/admission";
import { APPLICANT_PASSWORD, applicantWithApplication } from "./support/applications";
import { expectNoAxeViolations } from "./support/axe";
import { DEPARTMENT_ADMIN } from "./support/environment";

/** A degree the demo department admin looks after, with the demo fee structure. */
const COMPUTER_SCIENCE = { courseSubject: "B.SC. COMPUTER SCIENCE", courseSubjectId: 4 };

test("an admitted student pays a term in the sandbox and sees it Paid; the office records a cash payment for the next and prints its receipt", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const applicant = await applicantWithApplication(newApplicantEmail(), "Nila V", COMPUTER_SCIENCE);

  // The department admin admits the applicant (the review screen has its own journey in review.spec.ts).
  await signInThroughForm(page, DEPARTMENT_ADMIN.email, DEPARTMENT_ADMIN.password);
  const approval = await page.request.post("/booking/applicationStatus", {
    data: { message: "Admitted after counselling", status: "Approved", applicationNo: applicant.applicationNo },
  });
  expect(approval.ok()).toBe(true);

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signInThroughForm(student, applicant.email, APPLICANT_PASSWORD);
  await expect(student).toHaveURL(/\/feesDetail$/);
  await expect(student.getByRole("heading", { name: "Pay Fees", level: 1 })).toBeVisible();
  await student.getByRole("button", { name: "PAY" }).click();
  await expect(student.getByText("Please input your Year!")).toBeVisible();
  await expect(student.getByText("Please input your Term!")).toBeVisible();
  await choose(student, "Select Year", "Year 1");
  await choose(student, "Select Term", "Term 1");
  const amount = await student.getByLabel("Amount").inputValue();
  expect(amount).toMatch(/^₹[\d,]+$/);
  expect(amount).not.toBe("₹0");
  await expectNoAxeViolations(student);

  await student.getByRole("button", { name: "PAY" }).click();
  await expect(student).toHaveURL(/\/sandbox-gateway\/transaction$/);
  await expect(student.getByText(`INR ${amount.replace(/[₹,]/g, "")}.00`)).toBeVisible();
  await student.getByRole("button", { name: "Pay (Success)" }).click();

  await expect(student).toHaveURL(/\/feesHistory\?payment=success$/);
  await expect(student.getByText("Payment received: the term is now paid. Its receipt is below.")).toBeVisible();
  const paidOnline = student.getByRole("row").filter({ hasText: "Year 1" }).filter({ hasText: "Term 1" });
  await expect(paidOnline).toContainText("Paid");
  await expect(paidOnline).toContainText(amount);
  await expectNoAxeViolations(student);
  // On a 360 px phone the page does not scroll sideways, and the receipt's number stays on one line.
  await student.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await paidOnline.locator(".unbroken").evaluate((number) => number.getClientRects().length)).toBe(1);
  const [onlineReceipt] = await Promise.all([student.waitForEvent("download"), paidOnline.getByRole("link", { name: /^Receipt FEE-/ }).click()]);
  expect(readFileSync(await onlineReceipt.path()).subarray(0, 5).toString()).toBe("%PDF-");

  // A paid term cannot be paid again: the screen says so and holds PAY back.
  await student.goto("/feesDetail");
  await choose(student, "Select Year", "Year 1");
  await choose(student, "Select Term", "Term 1");
  await expect(student.getByText("Year 1, Term 1 is already paid.")).toBeVisible();
  await expect(student.getByRole("button", { name: "PAY" })).toBeDisabled();

  // In Tamil, whose words are the longest, the terms' table is wider than its card on the phone: it
  // scrolls there, by keyboard too, where the card had cut its status column off 36 px early.
  await student.evaluate(() => localStorage.setItem("locale", "ta"));
  await student.goto("/feesHistory");
  const terms = student.getByRole("region", { name: "கட்டண வரலாறு" });
  await expect(terms.locator("tbody tr.ant-table-row").first()).toBeVisible();
  await terms.focus();
  for (let press = 0; press < 5; press += 1) await student.keyboard.press("ArrowRight");
  await expect
    .poll(() => terms.evaluate((scroller) => scroller.querySelector("th:last-child")!.getBoundingClientRect().right - scroller.getBoundingClientRect().right))
    .toBeLessThanOrEqual(0.5);
  await studentContext.close();

  // The office finds the student, opens their page and enters the cash paid for term 2.
  await page.goto("/students/list");
  await expect(page.getByRole("heading", { name: "Students", level: 1 })).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Name, admission number, e-mail or mobile" });
  await search.fill(applicant.email);
  await search.press("Enter");
  const row = page.getByRole("row").filter({ hasText: applicant.name });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page);
  await row.getByRole("link", { name: /^ADM-UG-/ }).click();
  await expect(page).toHaveURL(/\/students\/\d+$/);
  const studentPage = page.url();
  await expect(page.getByRole("heading", { name: applicant.name, level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Fee Entry" }).click();
  await expect(page).toHaveURL(new RegExp(`/students/feesStatus/${encodeURIComponent(applicant.email)}$`));
  await expect(page.getByRole("heading", { name: "Fee Entry", level: 1 })).toBeVisible();
  await choose(page, "Select Year", "Year 1");
  await choose(page, "Select Term", "Term 2");
  await choose(page, "Mode", "Cash");
  await page.getByLabel("Remarks").fill("Paid at the counter by the father");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "PAY" }).click();

  const notice = page.locator(".ant-notification-notice").filter({ hasText: "Saved" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/Receipt FEE-\d{4}-\d{6} has been issued\./);
  // 'Saved', then back to the screen the office came from.
  await expect(page).toHaveURL(studentPage);
  const paidAtOffice = page.getByRole("row").filter({ hasText: "Year 1" }).filter({ hasText: "Term 2" });
  await expect(paidAtOffice.first()).toContainText("Paid");

  // Print receipt opens the PDF in the browser, ready to print.
  const printLink = notice.getByRole("link", { name: "Print receipt" });
  const [receiptTab] = await Promise.all([page.context().waitForEvent("page"), printLink.click()]);
  expect(receiptTab.url()).toMatch(/\/booking\/feeReceipt\/FEE-\d{4}-\d{6}\?print=true$/);
  await receiptTab.close();
  const receipt = await page.request.get((await printLink.getAttribute("href"))!);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  expect(receipt.headers()["content-disposition"]).toMatch(/^inline; filename="receipt-FEE-\d{4}-\d{6}\.pdf"$/);
  expect((await receipt.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Both payments, online and at the office, are in the fees transactions.
  await page.goto("/feesStatus");
  await expect(page.getByRole("heading", { name: "Fees Transaction", level: 1 })).toBeVisible();
  const transactions = page.getByRole("row").filter({ hasText: applicant.name });
  await expect(transactions.filter({ hasText: "Cash" })).toHaveCount(1);
  await expect(transactions.filter({ hasText: "Online" })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The cash was entered by mistake: the office cancels its receipt, saying why, and the term is owed again.
  const cashRow = transactions.filter({ hasText: "Cash" });
  const cashReceipt = (await cashRow.locator("bdi.unbroken").textContent())!;
  await cashRow.getByRole("button", { name: `Cancel receipt: ${cashReceipt}` }).click();
  const cancellation = page.getByRole("dialog", { name: `Cancel receipt ${cashReceipt}` });
  await cancellation.getByLabel("Reason").fill("Entered twice: the father paid by cheque");
  await expectNoAxeViolations(page);
  await cancellation.getByRole("button", { name: "Cancel receipt" }).click();
  await expect(page.getByText("Receipt cancelled: the term is due again.")).toBeVisible();
  await expect(transactions.filter({ hasText: "Cash" })).toHaveCount(0);
  await choose(page, "Status", "Cancelled receipts");
  await expect(page.getByRole("row").filter({ hasText: cashReceipt })).toContainText("Entered twice: the father paid by cheque");
  await page.goto(studentPage);
  await expect(page.getByRole("row").filter({ hasText: "Year 1" }).filter({ hasText: "Term 2" }).first()).toContainText("Due");
  await expect(page.getByRole("region", { name: "Payments" }).getByRole("row").filter({ hasText: cashReceipt })).toContainText("Entered twice: the father paid by cheque");
});
