import { readFileSync } from "node:fs";
import { expect, request as playwrightRequest, type Page } from "@playwright/test";
import { sampleAdmission, type AdmissionInput } from "@admissions/shared";
import { newAadhaarNumber } from "./accounts";
import { E2E_BASE_URL } from "./environment";
import { fixtureFile } from "./admission";

export const APPLICANT_PASSWORD = "Applicant-pass-1";

/**
 * An applicant who signed up and sent a whole application through the API, as the browser would,
 * so journeys about what staff do next need not fill the form again. Answers the applicant's name
 * and application number.
 */
export async function applicantWithApplication(email: string, name: string, form: Partial<AdmissionInput> = {}) {
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    const signUp = await api.post("/booking/api/auth/signup", { data: { mobile: "9876543210", emailId: email, password: APPLICANT_PASSWORD, userName: email } });
    expect(signUp.ok()).toBe(true);
    expect((await api.post("/booking/api/auth/signin", { data: { username: email, password: APPLICANT_PASSWORD } })).ok()).toBe(true);

    const upload = async (fixture: string, mimeType: string) => {
      const response = await api.post("/booking/uploadFile", {
        multipart: { username: email, file: { name: fixture, mimeType, buffer: readFileSync(fixtureFile(fixture)) } },
      });
      expect(response.ok()).toBe(true);
      return ((await response.json()) as { data: { fileName: string } }).data.fileName;
    };
    const admission = sampleAdmission({
      aadharNo: newAadhaarNumber(),
      ...form,
      userName: email,
      name,
      photoUrl: await upload("photo.jpg", "image/jpeg"),
      marksheetCertificateUrl: await upload("marksheet.pdf", "application/pdf"),
      aadharImageUrl: await upload("aadhar.png", "image/png"),
    });
    const submitted = await api.post("/booking/admission", { data: admission });
    expect(submitted.ok()).toBe(true);
    const { data } = (await submitted.json()) as { data: { applicationNo: string } };
    return { email, name: name.toUpperCase(), applicationNo: data.applicationNo };
  } finally {
    await api.dispose();
  }
}

/**
 * Searches the staff's applications list and waits for the search's answer: the URL holds the
 * search, and the table has stopped loading, as a click while it loads lands on its mask (seen in
 * CI on a slow machine, where the unfiltered first page already showed the application).
 */
export async function searchApplications(page: Page, text: string): Promise<void> {
  await page.getByRole("searchbox", { name: "Name, application number, e-mail or mobile" }).fill(text);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/search=/);
  await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
}
