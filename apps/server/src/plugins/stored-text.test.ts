import { messages, notices, ROLE_ADMIN, sampleAdmission } from "@admissions/shared";
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

/** `{"<key>": [[[ … ]]]}` with the brackets `depth` deep, as JSON text. */
const nestedJson = (key: string, depth: number) => `{"${key}":${"[".repeat(depth)}${"]".repeat(depth)}}`;

/**
 * JSON.parse takes data nested thousands deep; the walk above overflowed its stack on it (and a draft's
 * jsonb writer on a shallower one), which answered a 500 to anyone, signed in or not.
 */
describe("a request nested deeper than any form", () => {
  const refused = { status: "error", message: notices.bodyTooDeep, data: null };

  it("is refused with 400 on a call without a session, whatever its depth under the size limit", async () => {
    for (const depth of [40, 20_000, 120_000]) {
      const signIn = await test.app.inject({
        method: "POST",
        url: "/booking/api/auth/signin",
        headers: { "content-type": "application/json" },
        payload: nestedJson("extra", depth).replace("{", '{"username":"a@b.in","password":"x",'),
      });
      expect(signIn.statusCode).toBe(400);
      expect(signIn.json()).toEqual(refused);
    }
  });

  it("is refused as a draft, and the draft kept is still the one saved before", async () => {
    const { cookie } = await signInAs(test);
    const kept = { name: "PRIYA", marksDetails: [{ subject: "TAMIL", markSecured: "90" }], step: 2 };
    expect((await test.app.inject({ method: "PUT", url: "/booking/admission/draft", headers: { cookie }, payload: kept })).statusCode).toBe(200);

    const deep = await test.app.inject({
      method: "PUT",
      url: "/booking/admission/draft",
      headers: { cookie, "content-type": "application/json" },
      payload: nestedJson("name", 5_000),
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual(refused);
    expect((await test.app.inject({ url: "/booking/admission/draft", headers: { cookie } })).json().data).toEqual(kept);
  });
});
