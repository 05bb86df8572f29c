import { messages, ROLE_ADMIN, sampleAdmission } from "@admissions/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationDrafts, applications } from "../db/schema/index.js";
import { buildTestApp, type TestApp } from "../test/build-app.js";
import { signInAs } from "../test/factories.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const refusal = (field: string) => ({ status: "error", message: messages.textUnstorable, data: { errors: [{ field, message: messages.textUnstorable }] } });

/**
 * A NUL or half of an emoji's surrogate pair passed every schema and reached PostgreSQL, whose
 * refusal was a 500 (with jsonb, on the embedded database too).
 */
describe("a request holding a character the database cannot store", () => {
  it("is refused with 400 and the field it was in, and nothing is saved", async () => {
    const { cookie, user } = await signInAs(test);
    const draft = await test.app.inject({ method: "PUT", url: "/booking/admission/draft", headers: { cookie }, payload: { name: "PRI\u0000YA", step: 0 } });
    expect(draft.statusCode).toBe(400);
    expect(draft.json()).toEqual(refusal("name"));
    expect(await test.db.select().from(applicationDrafts).where(eq(applicationDrafts.userId, user.id))).toHaveLength(0);

    const form = sampleAdmission({ email: user.userName });
    const admission = await test.app.inject({
      method: "POST",
      url: "/booking/admission",
      headers: { cookie },
      payload: { ...form, addressDetails: { ...(form.addressDetails as object), village: "KAVERI \ud83d" } },
    });
    expect(admission.statusCode).toBe(400);
    expect(admission.json()).toEqual(refusal("addressDetails.village"));
    expect(await test.db.select().from(applications).where(eq(applications.userId, user.id))).toHaveLength(0);
  });

  it("is refused in a query and a path as well", async () => {
    const { cookie } = await signInAs(test, ROLE_ADMIN);
    const query = await test.app.inject({ url: "/booking/feeStatus?userName=a%00b", headers: { cookie } });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(refusal("userName"));
    const path = await test.app.inject({ url: "/booking/feeReceipt/R%00", headers: { cookie } });
    expect(path.statusCode).toBe(400);
  });

  it("takes whole emoji and every script the forms are typed in", async () => {
    const { cookie } = await signInAs(test);
    const text = "முருகன் 😀 محمد 李 é";
    const saved = await test.app.inject({ method: "PUT", url: "/booking/admission/draft", headers: { cookie }, payload: { name: text, step: 0 } });
    expect(saved.statusCode).toBe(200);
    expect((await test.app.inject({ url: "/booking/admission/draft", headers: { cookie } })).json().data).toEqual({ name: text, step: 0 });
  });
});
