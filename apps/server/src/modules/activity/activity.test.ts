import { ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN, ROLE_STUDENT, ROLE_USER, sampleAdmission, type ActivityEntry } from "@admissions/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, degrees } from "../../db/schema/index.js";
import { seedDemo } from "../../db/seed-demo.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { createUser, fixtures, signIn, signInAs, uploadAs } from "../../test/factories.js";
import { decideSandboxPayment, readSandboxRequest } from "../payments/sandbox.js";

let test: TestApp;
let adminCookie: string;
let departmentCookie: string;
/** The ids of the fixed entries below, by their label. */
const ids: Record<string, number> = {};

/** Entries of a past week with known actors, actions and instants, straight in the database. */
const DAYS = "dateFrom=2025-06-01&dateTo=2025-06-05";

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  const arun = await createUser(test.db, { role: ROLE_ADMIN, userName: "arun.office@college.in" });
  const asha = await createUser(test.db, { role: ROLE_DEPARTMENT_ADMIN, userName: "asha.clerk@college.in" });
  adminCookie = (await signInAs(test, ROLE_ADMIN)).cookie;
  departmentCookie = await signIn(test, asha.userName);

  const entries: [string, typeof arun | null, string, string][] = [
    ["degreeEdit", arun, "masters.degree_updated", "2025-06-01T09:00:00Z"],
    ["firstDecision", asha, "application.decided", "2025-06-02T09:00:00Z"],
    ["secondDecision", asha, "application.decided", "2025-06-02T09:00:00Z"],
    ["payment", null, "payment.success", "2025-06-03T09:00:00Z"],
    // 01:30 on 5 June in India, still 4 June in UTC.
    ["userCreated", arun, "user.created", "2025-06-04T20:00:00Z"],
    ["signIn", asha, "user.signin", "2025-06-05T09:00:00Z"],
  ];
  for (const [label, actor, action, at] of entries) {
    const [row] = await test.db
      .insert(activityLog)
      .values({
        actorUserId: actor?.id ?? null,
        actorName: actor?.userName ?? null,
        action,
        entityType: "test",
        entityId: label,
        summary: label,
        details: { label },
        ip: "10.0.0.1",
        createdAt: new Date(at),
      })
      .returning({ id: activityLog.id });
    ids[label] = row!.id;
  }
});
afterAll(async () => {
  await test.close();
});

const list = (query: string, cookie = adminCookie) => test.app.inject({ url: `/booking/activity?${query}`, headers: { cookie } });
const labels = async (query: string, cookie = adminCookie) => ((await list(query, cookie)).json().data.content as ActivityEntry[]).map((entry) => entry.entityId);

describe("who may read the log", () => {
  it("answers 401 without a session and 403 to applicants and students", async () => {
    for (const url of ["/booking/activity", "/booking/activity/actions"]) {
      expect((await test.app.inject({ url })).statusCode).toBe(401);
      for (const role of [ROLE_USER, ROLE_STUDENT]) {
        expect((await test.app.inject({ url, headers: { cookie: (await signInAs(test, role)).cookie } })).statusCode).toBe(403);
      }
    }
  });

  it("shows an administrator everybody's entries and a department admin only their own", async () => {
    expect(await labels(DAYS)).toEqual(["signIn", "userCreated", "payment", "secondDecision", "firstDecision", "degreeEdit"]);
    expect(await labels(DAYS, departmentCookie)).toEqual(["signIn", "secondDecision", "firstDecision"]);
    expect(await labels(`${DAYS}&userName=arun`, departmentCookie)).toEqual([]);
  });

  it("lists the action names present, for a department admin only those of their own entries", async () => {
    const all = (await test.app.inject({ url: "/booking/activity/actions", headers: { cookie: adminCookie } })).json().data as string[];
    expect(all).toEqual([...all].sort());
    expect(all).toEqual(expect.arrayContaining(["application.decided", "masters.degree_updated", "payment.success", "user.created", "user.signin"]));
    expect(new Set(all).size).toBe(all.length);
    const own = (await test.app.inject({ url: "/booking/activity/actions", headers: { cookie: departmentCookie } })).json().data;
    expect(own).toEqual(["application.decided", "user.signin"]);
  });
});

describe("GET /booking/activity", () => {
  it("answers the paged shape, newest first with the id breaking ties, every entry once across the pages", async () => {
    const first = (await list(`${DAYS}&pageSize=4`)).json().data;
    const second = (await list(`${DAYS}&pageSize=4&pageNo=1`)).json().data;
    expect(first).toMatchObject({ totalElements: 6, totalPages: 2, number: 0, size: 4 });
    expect(second).toMatchObject({ totalElements: 6, totalPages: 2, number: 1, size: 4 });
    expect([...first.content, ...second.content].map((entry: ActivityEntry) => entry.id)).toEqual(
      ["signIn", "userCreated", "payment", "secondDecision", "firstDecision", "degreeEdit"].map((label) => ids[label]),
    );
    expect(first.content[2]).toEqual({
      id: ids.payment,
      at: "2025-06-03T09:00:00.000Z",
      actorName: null,
      action: "payment.success",
      entityType: "test",
      entityId: "payment",
      summary: "payment",
      details: { label: "payment" },
      ip: "10.0.0.1",
    });
  });

  it("filters by the actor's name from its start, in any case, with LIKE's wildcards taken literally", async () => {
    expect(await labels(`${DAYS}&userName=ARUN`)).toEqual(["userCreated", "degreeEdit"]);
    expect(await labels(`${DAYS}&userName=asha.clerk@`)).toEqual(["signIn", "secondDecision", "firstDecision"]);
    expect(await labels(`${DAYS}&userName=a`)).toEqual(["signIn", "userCreated", "secondDecision", "firstDecision", "degreeEdit"]);
    expect(await labels(`${DAYS}&userName=clerk`)).toEqual([]);
    expect(await labels(`${DAYS}&userName=%25`)).toEqual([]);
    expect(await labels(`${DAYS}&userName=a_un`)).toEqual([]);
  });

  it("filters by action", async () => {
    expect(await labels(`${DAYS}&action=application.decided`)).toEqual(["secondDecision", "firstDecision"]);
    expect(await labels(`${DAYS}&action=no.such`)).toEqual([]);
  });

  it("filters by inclusive days, in UTC or in the time zone named", async () => {
    expect(await labels("dateFrom=2025-06-02&dateTo=2025-06-03")).toEqual(["payment", "secondDecision", "firstDecision"]);
    expect(await labels("dateFrom=2025-06-05&dateTo=2025-06-05")).toEqual(["signIn"]);
    expect(await labels("dateFrom=2025-06-05&dateTo=2025-06-05&timeZone=Asia/Kolkata")).toEqual(["signIn", "userCreated"]);
    expect(await labels("dateTo=2025-06-01")).toEqual(["degreeEdit"]);
    expect((await list("dateFrom=2025-06-04")).json().data.totalElements).toBeGreaterThan(3);
  });

  it("refuses malformed or impossible dates, a reversed range and an unknown time zone with 400", async () => {
    for (const [query, message] of [
      ["dateFrom=06/01/2025", "Enter the date as YYYY-MM-DD!"],
      ["dateTo=2025-02-30", "Enter a real date as YYYY-MM-DD!"],
      ["dateFrom=2025-06-05&dateTo=2025-06-01", "The end date cannot be before the start date!"],
      ["timeZone=Mars/Olympus", "Unknown time zone!"],
      ["pageSize=0", undefined],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    }
  });
});

describe("what the app records", () => {
  const latest = async (action: string, userName?: string) =>
    ((await list(`action=${action}${userName ? `&userName=${encodeURIComponent(userName)}` : ""}`)).json().data.content as ActivityEntry[])[0];

  it("records sign-in and sign-out with the address", async () => {
    const user = await createUser(test.db, { role: ROLE_DEPARTMENT_ADMIN });
    const cookie = await signIn(test, user.userName);
    expect(await latest("user.signin", user.userName)).toMatchObject({ actorName: user.userName, entityType: "user", entityId: String(user.id), ip: "127.0.0.1" });
    await test.app.inject({ method: "POST", url: "/booking/api/auth/logout", headers: { cookie } });
    expect(await latest("user.signout", user.userName)).toMatchObject({ actorName: user.userName, summary: "Signed out" });
  });

  it("records the uploads, the submission with its payment order, and the gateway's answer as the system", async () => {
    const degreeId = (await test.db.select().from(degrees).where(eq(degrees.name, "B.SC. COMPUTER SCIENCE")))[0]!.id;
    const { user, cookie } = await signInAs(test);
    const documents = {
      photoUrl: await uploadAs(test, cookie, fixtures.photo),
      marksheetCertificateUrl: await uploadAs(test, cookie, fixtures.marksheet),
      aadharImageUrl: await uploadAs(test, cookie, fixtures.aadhar),
    };
    const payload = sampleAdmission({ courseSubjectId: degreeId, ...documents });
    const start = (await test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie }, payload })).json().data;

    const uploads = (await list(`action=upload.saved&userName=${encodeURIComponent(user.userName)}`)).json().data;
    expect(uploads.totalElements).toBe(3);
    expect(uploads.content.map((entry: ActivityEntry) => entry.entityId).sort()).toEqual(Object.values(documents).sort());
    expect(await latest("application.submitted", user.userName)).toMatchObject({
      entityType: "application",
      details: expect.objectContaining({ paymentOrder: start.orderId, status: "Pending" }),
    });

    const back = await decideSandboxPayment(test.db, readSandboxRequest(start.encRequest, start.accessCode), "Success");
    await test.app.inject({
      method: "POST",
      url: "/booking/payments/ccavenue/return",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ encResp: back.encResp, orderNo: back.orderId }).toString(),
    });
    const payment = (await list("action=payment.success")).json().data.content.find((entry: ActivityEntry) => entry.entityId === start.orderId);
    expect(payment).toMatchObject({ actorName: null, entityType: "payment_order", summary: "Rs.300.00 success (gateway return)" });
    // What the log's screen words the summary from, in the reader's language.
    expect(payment.details).toMatchObject({ amount: "300.00", settledBy: "return" });
    expect((await test.app.inject({ url: "/booking/activity/actions", headers: { cookie: adminCookie } })).json().data).toEqual(
      expect.arrayContaining(["application.submitted", "payment.success", "upload.saved", "user.signin", "user.signout"]),
    );
  });
});
