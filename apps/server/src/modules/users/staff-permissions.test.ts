import { ROLE_DEPARTMENT_ADMIN, ROLE_STUDENT, ROLE_USER } from "@admissions/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { signInAs } from "../../test/factories.js";

/**
 * SPEC.md section 6 as the server enforces it, whatever a screen shows: each staff call refuses
 * nobody signed in (401), applicants and students (403); the admin's own calls refuse department
 * admins too. The calls' own tests check what each does for those it admits.
 */
type Call = readonly [method: "GET" | "POST" | "PUT", url: string];

const year = new Date().getFullYear() - 1;

const staffCalls: Call[] = [
  ["GET", "/booking/admissionAll?pageNo=0&pageSize=10"],
  ["GET", "/booking/exportApplication"],
  ["GET", "/booking/dashboard"],
  ["GET", "/booking/activity?pageNo=0&pageSize=10"],
  ["GET", "/booking/activity/actions"],
  ["GET", "/booking/roles"],
  ["GET", "/booking/feeStructures"],
  ["POST", "/booking/applicationStatus"],
  ["GET", "/booking/applicationHistory?applicationNo=UG-2026-000001"],
  ["GET", "/booking/sameAadhaar?applicationNo=UG-2026-000001"],
  ["GET", "/booking/students?pageNo=0&pageSize=10"],
  ["POST", "/booking/studentsFilter"],
  ["GET", "/booking/students/1"],
  ["GET", "/booking/feeTransactions"],
  ["GET", "/booking/exportFeeTransactions"],
];

/** Admins' and department admins' only. */
const departmentCalls: Call[] = [
  ["POST", "/booking/students"],
  ["GET", "/booking/studentImport/template"],
  ["POST", "/booking/studentImport/preview"],
  ["POST", "/booking/studentImport"],
  ["GET", "/booking/importLog?pageNo=0&pageSize=10"],
];

/** ROLE_ADMIN's only. */
const adminCalls: Call[] = [
  ["GET", "/booking/users"],
  ["POST", "/booking/users"],
  ["PUT", "/booking/users/1"],
  ["POST", "/booking/users/1/passwordReset"],
  ["POST", "/booking/courses"],
  ["PUT", "/booking/courses/1"],
  ["POST", "/booking/degrees"],
  ["PUT", "/booking/degrees/1"],
  ["PUT", "/booking/feeStructures/1"],
  ["GET", `/booking/closeAcademicYear?year=${year}&next=${year + 1}&process=false&courseId=1`],
];

let test: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  test = await buildTestApp();
  for (const role of [ROLE_USER, ROLE_STUDENT, ROLE_DEPARTMENT_ADMIN]) cookies[role] = (await signInAs(test, role)).cookie;
});
afterAll(async () => {
  await test.close();
});

const call = ([method, url]: Call, cookie?: string) => test.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(method === "GET" ? {} : { payload: {} }) });

describe.each([
  ["every staff call", staffCalls, [ROLE_USER, ROLE_STUDENT]],
  ["the admins' and department admins' calls", departmentCalls, [ROLE_USER, ROLE_STUDENT]],
  ["the admin's calls", adminCalls, [ROLE_USER, ROLE_STUDENT, ROLE_DEPARTMENT_ADMIN]],
] as const)("%s", (_name, calls, refused) => {
  it.each(calls)("%s %s answers 401 to nobody signed in", async (method, url) => {
    const response = await call([method, url]);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: "error" });
  });

  it.each(calls)(`%s %s answers 403 to ${refused.join(", ")}`, async (method, url) => {
    for (const role of refused) {
      const response = await call([method, url], cookies[role]);
      expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({ status: "error" });
    }
  });
});
