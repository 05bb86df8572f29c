import { dayIn, isoDay, yearIn } from "@admissions/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../db/seed-demo.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { signInAs, submitApplicationAs } from "../../test/factories.js";

/**
 * A college whose calendar is on another day than UTC's at this moment, whatever the hour: fourteen
 * hours ahead from 10:00 UTC, eleven behind before 11:00. The clock itself is not faked: PostgreSQL
 * keeps its own, and sessions are timed by it.
 */
const collegeZone = new Date().getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ env: { COLLEGE_TIME_ZONE: collegeZone } });
  await seedDemo(test.db);
});
afterAll(async () => {
  await test.close();
});

describe("the college's calendar (COLLEGE_TIME_ZONE)", () => {
  it("dates an application by the college's day, not the UTC day, and numbers it in the college's year", async () => {
    const session = await signInAs(test);
    const applicationNo = await submitApplicationAs(test, session);
    const shown = (await test.app.inject({ url: "/booking/admission", headers: { cookie: session.cookie } })).json().data;

    const collegeDay = dayIn(collegeZone);
    expect(collegeDay).not.toBe(isoDay());
    expect(shown.applicationDate).toBe(collegeDay);
    expect(applicationNo).toMatch(new RegExp(`^UG-${yearIn(collegeZone)}-\\d{6}$`));
  });
});
