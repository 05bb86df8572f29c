import { ROLE_ADMIN } from "@admissions/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-app.js";
import { signInAs } from "../test/factories.js";

let test: TestApp;
let cookie: string;
beforeAll(async () => {
  test = await buildTestApp();
  ({ cookie } = await signInAs(test, ROLE_ADMIN));
});
afterAll(() => test.close());

/**
 * Numbers and dates the shared rules took but PostgreSQL cannot: an id past its integer column, an
 * offset past its bigint, the year 0000. Each was answered 500 (the database refused the statement);
 * they are bad input, answered 400 with nothing changed.
 */
describe("a request naming what the database cannot hold", () => {
  it.each([
    ["GET", "/booking/students/3000000000"],
    ["GET", "/booking/admissionAll?degreeId=3000000000"],
    ["GET", "/booking/feeStructures?degreeId=3000000000"],
    ["GET", "/booking/feeTransactions?degreeId=3000000000"],
    ["PUT", "/booking/users/3000000000"],
    ["GET", "/booking/activity?pageNo=9000000000000000&pageSize=10000"],
    ["GET", "/booking/students?pageNo=9000000000000000&pageSize=10000"],
    ["GET", "/booking/activity?dateFrom=0000-01-01"],
    ["GET", "/booking/feeTransactions?dateFrom=0000-01-01"],
    ["GET", "/booking/dashboard?dateFrom=0000-01-01"],
  ] as const)("%s %s is answered 400", async (method, url) => {
    const response = await test.app.inject({ method, url, headers: { cookie }, ...(method === "PUT" && { payload: { role: "ROLE_ADMIN" } }) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: "error" });
  });

  it("is a degree to create under a course id no table holds, refused with the course's message", async () => {
    const response = await test.app.inject({ method: "POST", url: "/booking/degrees", headers: { cookie }, payload: { name: "B.A. HISTORY", courseId: 3_000_000_000 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([expect.objectContaining({ field: "courseId" })]);
  });
});
