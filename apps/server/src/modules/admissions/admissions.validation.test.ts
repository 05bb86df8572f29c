import { messages, sampleAdmission, type AdmissionInput } from "@admissions/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../../db/schema/index.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { signInAs } from "../../test/factories.js";

let test: TestApp;
let cookie: string;
beforeAll(async () => {
  test = await buildTestApp();
  cookie = (await signInAs(test)).cookie;
});
afterAll(async () => {
  await test.close();
});

const sample = sampleAdmission();
const withAddress = (change: object) => ({ addressDetails: { ...(sample.addressDetails as object), ...change } });
const withExam = (change: object) => ({ examDetails: { ...(sample.examDetails as object), ...change } });
const withFirstRow = (change: object) => ({ marksDetails: [{ ...(sample.marksDetails![0] as object), ...change }, ...sample.marksDetails!.slice(1)] });

/** The server applies the shared rules: each bad value is a 400 naming its field with SPEC.md's message. */
describe("POST /booking/admission refuses each bad value", () => {
  it.each([
    ["course", { course: "MBA" }, messages.courseRequired],
    ["courseSubjectId", { courseSubjectId: 0 }, messages.degreeRequired],
    ["name", { name: "..." }, messages.nameRequired],
    ["nameInTamil", { nameInTamil: "" }, messages.nameInTamilRequired],
    ["dob", { dob: "14-03-2008" }, messages.dobInvalid],
    ["gender", { gender: "other" }, messages.genderRequired],
    ["community", { community: "XYZ" }, messages.communityRequired],
    ["aadharNo", { aadharNo: "234123412347" }, messages.aadharInvalid],
    ["fatherName", { fatherName: "" }, messages.fatherNameRequired],
    ["caste", { caste: "B".repeat(60_000) }, messages.textTooLong],
    ["annualIncome", { annualIncome: "-5" }, messages.incomeInvalid],
    ["whatsappNo", { whatsappNo: "0000" }, messages.studentMobileRequired],
    ["email", { email: "priya" }, messages.emailRequired],
    ["addressDetails.pincode", withAddress({ pincode: "6020" }), messages.pincodeInvalid],
    ["addressDetails.district", withAddress({ district: "Pune" }), messages.districtRequired],
    ["addressDetails.village", withAddress({ village: "V".repeat(101) }), messages.textTooLong],
    ["examDetails.maxMarkInTweleve", withExam({ maxMarkInTweleve: 700 }), messages.examDetailRequired],
    ["marksDetails.0.markSecured", withFirstRow({ markSecured: 120 }), messages.markAboveMax],
    ["marksDetails.0.registerNo", withFirstRow({ registerNo: "" }), messages.registerNoRequired],
    ["marksDetails.0.passingYear", withFirstRow({ passingYear: "26" }), messages.yearInvalid],
    ["photoUrl", { photoUrl: "" }, messages.photoRequired],
    ["photoUrl", { photoUrl: "0f3a9c2d4b5e6f708192a3b4c5d6e7f8.pdf" }, messages.photoNotImage],
    ["marksheetCertificateUrl", { marksheetCertificateUrl: "" }, messages.marksheetRequired],
    ["aadharImageUrl", { aadharImageUrl: "" }, messages.aadharImageRequired],
    ["declaration", { declaration: false }, messages.agreementRequired],
  ] as [string, Partial<AdmissionInput>, string][])("%s", async (field, change, message) => {
    const response = await test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie }, payload: { ...sample, ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe("error");
    expect(response.json().data.errors).toContainEqual({ field, message });
    const [count] = await test.db.select({ count: sql<number>`count(*)::int` }).from(applications);
    expect(count!.count).toBe(0);
  });
});
