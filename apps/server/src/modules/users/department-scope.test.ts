import { ROLE_DEPARTMENT_ADMIN, ROLE_USER, sampleAdmission } from "@admissions/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, degrees, staffDegrees } from "../../db/schema/index.js";
import { seedDemo } from "../../db/seed-demo.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { fixtures, multipartBody, signInAs, submitApplicationAs, uniqueEmail, uploadAs } from "../../test/factories.js";
import { decideSandboxPayment, readSandboxRequest } from "../payments/sandbox.js";

/**
 * A department admin handles the applicants of their own degrees only, on every call that names an
 * applicant: reading the application and its status, documents, receipts, and entering walk-ins.
 */
let test: TestApp;
let department: { cookie: string };
const degree = { own: 0, other: 0 };
/** An applicant of each degree, with a paid application fee. */
const applicant = {} as Record<keyof typeof degree, { userName: string; cookie: string; applicationNo: string; photo: string; orderId: string }>;

const degreeNamed = async (name: string) => (await test.db.select().from(degrees).where(eq(degrees.name, name)))[0]!.id;

async function paidApplicantOf(degreeId: number) {
  const session = await signInAs(test, ROLE_USER);
  const photo = await uploadAs(test, session.cookie, fixtures.photo);
  const marksheet = await uploadAs(test, session.cookie, fixtures.marksheet);
  const aadhar = await uploadAs(test, session.cookie, fixtures.aadhar);
  const payload = sampleAdmission({ courseSubjectId: degreeId, email: session.user.userName, photoUrl: photo, marksheetCertificateUrl: marksheet, aadharImageUrl: aadhar });
  const answer = (await test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie: session.cookie }, payload })).json().data;
  const back = await decideSandboxPayment(test.db, readSandboxRequest(answer.encRequest, answer.accessCode), "Success");
  const settled = await test.app.inject({
    method: "POST",
    url: "/booking/payments/ccavenue/return",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ encResp: back.encResp }).toString(),
  });
  expect(settled.statusCode).toBe(303);
  return { userName: session.user.userName, cookie: session.cookie, applicationNo: answer.applicationNo as string, photo, orderId: answer.orderId as string };
}

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  degree.own = await degreeNamed("B.SC. COMPUTER SCIENCE");
  degree.other = await degreeNamed("B.A. TAMIL");
  const session = await signInAs(test, ROLE_DEPARTMENT_ADMIN);
  await test.db.insert(staffDegrees).values({ userId: session.user.id, degreeId: degree.own });
  department = session;
  applicant.own = await paidApplicantOf(degree.own);
  applicant.other = await paidApplicantOf(degree.other);
});
afterAll(async () => {
  await test.close();
});

const get = (url: string) => test.app.inject({ url, headers: { cookie: department.cookie } });
const who = (key: keyof typeof degree) => encodeURIComponent(applicant[key].userName);

describe("the session's degrees", () => {
  it("names a department admin's degrees, so screens offer only those, and none for anyone else", async () => {
    expect((await get("/booking/api/auth/me")).json().data).toMatchObject({ roleName: ROLE_DEPARTMENT_ADMIN, degreeIds: [degree.own] });
    const me = await test.app.inject({ url: "/booking/api/auth/me", headers: { cookie: applicant.own.cookie } });
    expect(me.json().data).toMatchObject({ roleName: ROLE_USER, degreeIds: null });
  });
});

describe("a department admin and the applicants of their own degrees", () => {
  it("reads the application, its status, its documents and its receipt", async () => {
    expect((await get(`/booking/admission?userName=${who("own")}`)).json().data).toMatchObject({ applicationNo: applicant.own.applicationNo });
    expect((await get(`/booking/applicationStatus?userName=${who("own")}`)).json().data).toMatchObject({ applicationNo: applicant.own.applicationNo, paymentStatus: "Success" });
    const photo = await get(`/booking/downloadFile/userName/${who("own")}/${applicant.own.photo}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/jpeg");
    const receipt = await get(`/booking/payments/receipt/${applicant.own.orderId}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");
  });

  it("uploads documents for them and for a new walk-in applicant", async () => {
    expect(await uploadAs(test, department.cookie, fixtures.photo, { username: applicant.own.userName })).toMatch(/\.jpg$/);
    expect(await uploadAs(test, department.cookie, fixtures.photo, { username: uniqueEmail("walkin") })).toMatch(/\.jpg$/);
  });
});

describe("a department admin and the applicants of another degree", () => {
  it.each([
    ["the application", () => `/booking/admission?userName=${who("other")}`],
    ["its status", () => `/booking/applicationStatus?userName=${who("other")}`],
    ["a document", () => `/booking/downloadFile/userName/${who("other")}/${applicant.other.photo}`],
    ["the receipt of its fee", () => `/booking/payments/receipt/${applicant.other.orderId}`],
  ])("cannot read %s (403)", async (_what, url) => {
    const response = await get(url());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: "error" });
  });

  it("cannot upload a document in the applicant's name (403)", async () => {
    const body = multipartBody({ username: applicant.other.userName }, { name: "photo.jpg", content: fixtures.photo });
    const response = await test.app.inject({ method: "POST", url: "/booking/uploadFile", headers: { ...body.headers, cookie: department.cookie }, payload: body.payload });
    expect(response.statusCode).toBe(403);
  });

  it("cannot enter a walk-in application for a degree they do not look after (403), and nothing is made", async () => {
    const walkIn = uniqueEmail("walkin");
    const photoUrl = await uploadAs(test, department.cookie, fixtures.photo, { username: walkIn });
    const aadharImageUrl = await uploadAs(test, department.cookie, fixtures.aadhar, { username: walkIn });
    const marksheetCertificateUrl = await uploadAs(test, department.cookie, fixtures.marksheet, { username: walkIn });
    const payload = sampleAdmission({ userName: walkIn, email: walkIn, courseSubjectId: degree.other, photoUrl, aadharImageUrl, marksheetCertificateUrl });
    const response = await test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie: department.cookie }, payload });
    expect(response.statusCode).toBe(403);
    expect((await test.app.inject({ url: `/booking/admission?userName=${encodeURIComponent(walkIn)}`, headers: { cookie: department.cookie } })).json().data).toBeNull();

    payload.courseSubjectId = degree.own;
    const entered = await test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie: department.cookie }, payload });
    expect(entered.statusCode).toBe(200);
    expect(entered.json().data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Offline" });
  });

  it("cannot take over another degree's unpaid application by entering it again for their own degree (403), and it stays as it was", async () => {
    const session = await signInAs(test, ROLE_USER);
    const applicationNo = await submitApplicationAs(test, session, { courseSubjectId: degree.other });
    const [before] = await test.db.select().from(applications).where(eq(applications.applicationNo, applicationNo));
    const data = before!.data as Record<string, string>;
    const payload = sampleAdmission({
      userName: session.user.userName,
      email: session.user.userName,
      courseSubjectId: degree.own,
      photoUrl: data.photoUrl,
      marksheetCertificateUrl: data.marksheetCertificateUrl,
      aadharImageUrl: data.aadharImageUrl,
    });
    const response = await test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie: department.cookie }, payload });
    expect(response.statusCode).toBe(403);
    const [after] = await test.db.select().from(applications).where(eq(applications.applicationNo, applicationNo));
    expect(after).toEqual(before);
  });
});
