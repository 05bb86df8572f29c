import { expect, test } from "@playwright/test";
import { newApplicantEmail, signInThroughForm, signUpApplicant } from "./support/accounts";
import { sampleAdmission } from "@admissions/shared";
import { choose, fillAddress, fillDegreeExam, fillMarkRows, fillMarks, fillStudentDetails, fixtureFile, largePhoneJpeg, uploadDocuments } from "./support/admission";
import { APPLICANT_PASSWORD, applicantWithApplication, searchApplications } from "./support/applications";
import { expectNoAxeViolations } from "./support/axe";
import { ADMIN } from "./support/environment";

test.describe("a new applicant on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("fills all four steps with real files, can leave and come back on another device, and submits", async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const email = newApplicantEmail();
    await signUpApplicant(request, email, "Applicant-pass-1");
    await signInThroughForm(page, email, "Applicant-pass-1");
    await expect(page).toHaveURL(/\/admission$/);
    await expect(page.getByRole("heading", { name: "Online Admission" })).toBeVisible();
    await expect(page.getByText("Step 1 of 4: Student Details")).toBeVisible();

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Please select course!")).toBeVisible();
    await expect(page.getByText("Please input your name!")).toBeVisible();

    await fillStudentDetails(page);
    await expect(page.getByText("Step 2 of 4: Address Details")).toBeVisible();

    // The browser keeps the progress: a reload comes back to the same step with what was typed.
    await page.reload();
    await expect(page.getByText("Step 2 of 4: Address Details")).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("admissionData")))!).values.name).toBe("PRIYA S");

    // ...and so does the server: another device signed in to the same account continues there.
    await expect.poll(async () => (await page.request.get("/booking/admission/draft")).json().then((answer) => answer.data?.step), { timeout: 15_000 }).toBe(1);
    const otherDevice = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const otherPage = await otherDevice.newPage();
    await signInThroughForm(otherPage, email, "Applicant-pass-1");
    await expect(otherPage.getByText("Step 2 of 4: Address Details")).toBeVisible();
    await otherPage.getByRole("button", { name: "Previous" }).click();
    await expect(otherPage.getByLabel("Name", { exact: true })).toHaveValue("PRIYA S");
    await otherDevice.close();

    await fillAddress(page);
    await fillMarks(page);

    const photo = await largePhoneJpeg(page);
    expect(photo.buffer.length).toBeGreaterThan(1024 * 1024);
    await uploadDocuments(page, photo);
    await page.getByRole("button", { name: "Confirm & Pay (Rs.300)" }).click();
    // Saved, then on to the card gateway (payment.spec.ts follows the applicant there).
    await expect(page).toHaveURL(/\/sandbox-gateway\/transaction$/);

    const stored = (await (await page.request.get(`/booking/admission?userName=${encodeURIComponent(email)}`)).json()).data;
    expect(stored).toMatchObject({ name: "PRIYA S", applicationStatus: "Pending", totalMarkPercent: 90, hostelRequired: "yes", addressDetails: { district: "Tiruvallur" } });
    const photoFile = await page.request.get(`/booking/downloadFile/userName/${encodeURIComponent(email)}/${stored.photoUrl}`);
    expect(photoFile.headers()["content-type"]).toBe("image/jpeg");
    expect((await photoFile.body()).length).toBeLessThanOrEqual(1024 * 1024);
    expect(await page.evaluate(() => localStorage.getItem("admissionData"))).toBeNull();
  });
});

test("an applicant with the form open in two tabs goes on in either: each takes up what the other typed, and the server keeps it all", async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = newApplicantEmail();
  await signUpApplicant(request, email, APPLICANT_PASSWORD);
  await signInThroughForm(page, email, APPLICANT_PASSWORD);
  const secondTab = await page.context().newPage();
  await secondTab.goto("/admission");
  await expect(secondTab.getByRole("heading", { name: "Student Details" })).toBeVisible();

  await fillStudentDetails(page);
  await expect(secondTab.getByRole("heading", { name: "Address Details" })).toBeVisible();
  await secondTab.getByLabel("Street").fill("Gandhi Street");
  await expect(page.getByLabel("Street")).toHaveValue("GANDHI STREET");
  await secondTab.getByRole("button", { name: "Previous" }).click();
  await expect(secondTab.getByLabel("Name", { exact: true })).toHaveValue("PRIYA S");

  // What each tab typed is in the server's draft: the second tab's saves did not send a blank name.
  const serverDraft = async () => (await page.request.get("/booking/admission/draft")).json().then((answer) => answer.data);
  await expect.poll(async () => (await serverDraft())?.values?.addressDetails?.streetName, { timeout: 15_000 }).toBe("GANDHI STREET");
  expect((await serverDraft()).values.name).toBe("PRIYA S");
});

test("the form's first fields are painted before the rest of the first step is drawn", async ({ page, request }) => {
  const email = newApplicantEmail();
  await signUpApplicant(request, email, "Applicant-pass-1");
  await signInThroughForm(page, email, "Applicant-pass-1");
  // Counts the frames the page renders, and notes the count when the name's hint and when the last
  // field of the step first appear. A frame between the two means the hint was painted before the
  // rest was in the page; drawn in one piece, both appear in the same frame.
  await page.addInitScript(() => {
    const seen: { frames: number; hint?: number; rest?: number } = { frames: 0 };
    Object.assign(window, { drawingSeen: seen });
    const countFrames = () => {
      seen.frames += 1;
      requestAnimationFrame(countFrames);
    };
    requestAnimationFrame(countFrames);
    new MutationObserver(() => {
      if (seen.hint === undefined && document.getElementById("admission_name_hint")) seen.hint = seen.frames;
      if (seen.rest === undefined && document.getElementById("admission_emisNo")) seen.rest = seen.frames;
    }).observe(document, { childList: true, subtree: true });
  });

  await page.goto("/admission");
  await expect(page.getByRole("button", { name: "Next" })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { drawingSeen: { hint?: number; rest?: number } }).drawingSeen);
  expect(seen.hint).toBeDefined();
  expect(seen.rest).toBeGreaterThan(seen.hint!);
});

test("a PDF over 1 MB is refused in the browser with SPEC.md's message", async ({ page, request }) => {
  const email = newApplicantEmail();
  await request.post("/booking/api/auth/signup", { data: { mobile: "9876543210", emailId: email, password: "Applicant-pass-1", userName: email } });
  await signInThroughForm(page, email, "Applicant-pass-1");
  await page.evaluate((owner) => localStorage.setItem("admissionData", JSON.stringify({ owner, savedAt: Date.now(), step: 3, values: { course: "UG" } })), email);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Confirm & Pay" })).toBeVisible();
  const bigPdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
  const marksheet = page.getByRole("button", { name: "Marksheet", exact: true });
  await marksheet.setInputFiles({ name: "marksheet.pdf", mimeType: "application/pdf", buffer: bigPdf });
  // In a notice, and beside the document, where it stays.
  await expect(page.getByText("File Size should be less than 1 MB")).toHaveCount(2);
  await expect(page.locator(".document-upload").filter({ has: marksheet }).getByText("File Size should be less than 1 MB")).toBeVisible();

  await page.getByRole("button", { name: /^Confirm & Pay/ }).click();
  await expect(page.getByText("Photo Mandatory")).toBeVisible();
  await expect(page.getByText("Marksheet Mandatory")).toBeVisible();
  await expect(page.getByText("aadhar Mandatory")).toBeVisible();
  await expect(page.getByText("Should accept agreement")).toBeVisible();
});

test("staff enter a walk-in applicant's form offline, lose nothing when their session ends, see 'Saved' and start again at the first step", async ({ page }) => {
  test.setTimeout(180_000);
  const walkIn = newApplicantEmail();
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await page.getByRole("navigation", { name: "Staff navigation" }).getByRole("link", { name: "New Admission" }).click();
  await expect(page).toHaveURL(/\/admin-admission$/);
  await expect(page.getByRole("heading", { name: "Offline Admission" })).toBeVisible();
  // A wide screen shows the four steps as a bar, the current one marked for screen readers.
  const currentStep = page.locator('.step-bar [aria-current="step"]');
  await expect(currentStep).toHaveText(/Student Details/);

  await fillStudentDetails(page, { applicantEmail: walkIn });
  await expect(currentStep).toHaveText(/Address Details/);

  // The session ends while the office types (the idle timeout): the next call is refused, the app
  // goes to sign in and clears what the browser kept, and the entry comes back from the server's
  // copy, the staff member's own draft.
  await expect.poll(async () => (await page.request.get("/booking/admission/draft")).json().then((answer) => answer.data?.step), { timeout: 15_000 }).toBe(1);
  await page.context().clearCookies();
  await page.getByLabel("Street").fill("Gandhi Street");
  await expect(page).toHaveURL(/\/signin$/, { timeout: 15_000 });
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  // Back at the screen the session ended on.
  await expect(page).toHaveURL(/\/admin-admission$/);
  await expect(currentStep).toHaveText(/Address Details/);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Applicant's e-mail")).toHaveValue(walkIn);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("PRIYA S");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(currentStep).toHaveText(/Address Details/);

  await page.getByLabel("Student's e-mail").fill(walkIn);
  await fillAddress(page);
  await fillMarks(page);
  await uploadDocuments(page, fixtureFile("photo.jpg"));
  await expect(page.getByRole("button", { name: /Pay/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();

  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Student Details" })).toBeVisible();
  await expect(page.getByLabel("Applicant's e-mail")).toHaveValue("");
  // The saved entry's draft went with the save: the next entry starts blank.
  await expect.poll(async () => (await page.request.get("/booking/admission/draft")).json().then((answer) => answer.data?.values?.userName ?? null)).toBeFalsy();
  const stored = (await (await page.request.get(`/booking/admission?userName=${encodeURIComponent(walkIn)}`)).json()).data;
  expect(stored).toMatchObject({ isOffline: true, applicationStatus: "Submitted", paymentStatus: "Offline", name: "PRIYA S" });

  // The office finds it again in the applications list by the applicant's e-mail.
  await page.getByRole("navigation", { name: "Staff navigation" }).getByRole("link", { name: "Applications" }).click();
  await searchApplications(page, walkIn);
  const row = page.locator(".ant-table-row").filter({ hasText: "PRIYA S" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("SUBMITTED");
  await expect(row).toContainText("Offline");
  await expect(row.getByRole("link", { name: stored.applicationNo })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a PG applicant gives the degree they hold in place of the HSC marks and goes on to pay Rs.400", async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = newApplicantEmail();
  await signUpApplicant(request, email, APPLICANT_PASSWORD);
  await signInThroughForm(page, email, APPLICANT_PASSWORD);
  await fillStudentDetails(page, { course: "PG", degree: "M.SC. MATHEMATICS" });
  await fillAddress(page);
  await fillDegreeExam(page);
  await uploadDocuments(page, fixtureFile("photo.jpg"));
  await page.getByRole("button", { name: "Confirm & Pay (Rs.400)" }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/transaction$/);

  const stored = (await (await page.request.get(`/booking/admission?userName=${encodeURIComponent(email)}`)).json()).data;
  expect(stored).toMatchObject({ course: "PG", courseSubject: "M.SC. MATHEMATICS", applicationStatus: "Pending", marksDetails: [], examDetails: { nameOfDegree: "B.SC.", yearOfStudy: "2025" } });
});

test("a student admitted before the HSC results enters the marks with the marksheet and the declaration, once", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const awaiting = { examDetails: { ...(sampleAdmission().examDetails as object), tweleveStatus: "APPEARED" }, marksDetails: [] };
  const applicant = await applicantWithApplication(newApplicantEmail(), "Meena R", awaiting);
  const office = await browser.newContext();
  const officePage = await office.newPage();
  await signInThroughForm(officePage, ADMIN.email, ADMIN.password);
  const approval = await officePage.request.post("/booking/applicationStatus", { data: { message: "Admitted pending results", status: "Approved", applicationNo: applicant.applicationNo } });
  expect(approval.ok()).toBe(true);
  await office.close();

  // A student whose results are awaited is sent to the marks, with no step bar and no Previous.
  await signInThroughForm(page, applicant.email, APPLICANT_PASSWORD);
  await expect(page).toHaveURL(/\/admission$/);
  await expect(page.getByRole("button", { name: "Previous" })).toHaveCount(0);
  await choose(page, "HSC result", "Passed");
  await fillMarkRows(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Should accept agreement")).toBeVisible();
  await page.getByLabel(/I declare that/).check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();

  const stored = (await (await page.request.get("/booking/admission")).json()).data;
  expect(stored).toMatchObject({ applicationStatus: "Approved", totalMarkPercent: 90, examDetails: { tweleveStatus: "PASSED" } });
  expect(stored.marksDetails).toHaveLength(6);
  await page.goto("/admission");
  await expect(page.getByText("Your marks have been entered.")).toBeVisible();
});
