import {
  ROLE_ADMIN,
  ROLE_DEPARTMENT_ADMIN,
  ROLE_STUDENT,
  ROLE_USER,
  admissionSchema,
  messages,
  notices,
  sampleAdmission,
  userMessages,
} from "@admissions/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, degrees, roles, sessions, staffDegrees, users } from "../../db/schema/index.js";
import { seedDemo } from "../../db/seed-demo.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { createUser, latestMailTo, resetCodeIn, signIn, signInAs, uniqueEmail, whoAmI } from "../../test/factories.js";
import { insertApplication } from "../admissions/admissions.repository.js";

let test: TestApp;
let adminCookie: string;
const degreeIds: Record<string, number> = {};

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  for (const degree of await test.db.select().from(degrees)) degreeIds[degree.name] = degree.id;
  adminCookie = (await signInAs(test, ROLE_ADMIN)).cookie;
});
afterAll(async () => {
  await test.close();
});

type Call = { method?: "GET" | "POST" | "PUT"; url: string; payload?: object };
const call = (target: TestApp, { method = "GET", url, payload }: Call, cookie?: string) =>
  target.app.inject({ method, url: `/booking${url}`, payload, headers: cookie ? { cookie } : {} });
const asAdmin = (request: Call) => call(test, request, adminCookie);

const createRequest = (payload: object): Call => ({ method: "POST", url: "/users", payload });
const updateRequest = (id: number, payload: object): Call => ({ method: "PUT", url: `/users/${id}`, payload });
const staffAccount = (overrides: object = {}) => ({ userName: uniqueEmail("staff"), mobile: "9840012345", role: ROLE_ADMIN, ...overrides });

const activityOf = (target: TestApp, action: string, userId: number) =>
  target.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.action, action), eq(activityLog.entityId, String(userId))));
const sessionsOf = (target: TestApp, userId: number) => target.db.select().from(sessions).where(eq(sessions.userId, userId));

/** Creates a staff account through the API and has the person choose a password with the mailed code, as they would. */
async function createStaffAndSignIn(target: TestApp, cookie: string, account: object) {
  const created = await call(target, createRequest(account), cookie);
  expect(created.statusCode).toBe(200);
  const user = created.json().data as { id: number; userName: string };
  const code = resetCodeIn((await latestMailTo(target.db, user.userName))!.body);
  const password = "Chosen-By-Them-42";
  const reset = await target.app.inject({ method: "PUT", url: "/booking/api/auth/changepwd", payload: { email: user.userName, codes: code, newPassword: password } });
  expect(reset.statusCode).toBe(200);
  return { user, cookie: await signIn(target, user.userName, password) };
}

describe("who may call", () => {
  const adminCalls: Call[] = [
    { url: "/users" },
    createRequest(staffAccount()),
    updateRequest(1, { role: ROLE_ADMIN, isActive: true }),
    { method: "POST", url: "/users/1/passwordReset" },
  ];

  it("refuses applicants, students and department admins (403) and the signed out (401)", async () => {
    for (const role of [ROLE_USER, ROLE_STUDENT, ROLE_DEPARTMENT_ADMIN]) {
      const { cookie } = await signInAs(test, role);
      for (const request of adminCalls) expect((await call(test, request, cookie)).statusCode, `${role} ${request.url}`).toBe(403);
    }
    for (const request of adminCalls) expect((await call(test, request)).statusCode).toBe(401);
    expect((await call(test, { url: "/roles" })).statusCode).toBe(401);
  });

  it("lets any staff member read the roles, but not an applicant", async () => {
    const departmentAdmin = await signInAs(test, ROLE_DEPARTMENT_ADMIN);
    const response = await call(test, { url: "/roles" }, departmentAdmin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(
      expect.arrayContaining([
        { name: ROLE_ADMIN, description: expect.any(String) },
        { name: ROLE_DEPARTMENT_ADMIN, description: "Department administrator" },
        { name: ROLE_STUDENT, description: expect.any(String) },
        { name: ROLE_USER, description: expect.any(String) },
      ]),
    );
    expect((await call(test, { url: "/roles" }, (await signInAs(test, ROLE_USER)).cookie)).statusCode).toBe(403);
  });
});

describe("POST /booking/users", () => {
  it("creates a staff account with a password nobody knows and mails the person a code to choose one", async () => {
    const userName = uniqueEmail("clerk");
    const response = await asAdmin(createRequest({ userName: userName.toUpperCase(), mobile: "+91 98400 12345", role: ROLE_ADMIN, degreeIds: [] }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "success", message: userMessages.created });
    const created = response.json().data;
    expect(created).toMatchObject({ userName, mobile: "9840012345", role: ROLE_ADMIN, isActive: true, degreeIds: [] });
    expect(new Date(created.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const mail = await latestMailTo(test.db, userName);
    expect(mail!.subject).toContain("your password reset code");
    expect(mail!.body).toContain(`/resetpassword/${encodeURIComponent(userName)}`);
    const code = resetCodeIn(mail!.body);
    const reset = await test.app.inject({ method: "PUT", url: "/booking/api/auth/changepwd", payload: { email: userName, codes: code, newPassword: "Their-Own-Secret-9" } });
    expect(reset.statusCode).toBe(200);
    const cookie = await signIn(test, userName, "Their-Own-Secret-9");
    expect((await whoAmI(test, cookie)).json().data.roleName).toBe(ROLE_ADMIN);

    const [entry] = await activityOf(test, "user.created", created.id);
    expect(entry).toMatchObject({ entityType: "user", summary: expect.stringContaining(userName) });
  });

  it("gives a department admin the degrees chosen, and drops degrees sent for any other role", async () => {
    const department = await asAdmin(
      createRequest(staffAccount({ role: ROLE_DEPARTMENT_ADMIN, degreeIds: [degreeIds["B.COM."], degreeIds["B.A. TAMIL"], degreeIds["B.COM."]] })),
    );
    expect(department.json().data.degreeIds).toEqual([degreeIds["B.A. TAMIL"], degreeIds["B.COM."]].sort((a, b) => a! - b!));
    const stored = await test.db.select().from(staffDegrees).where(eq(staffDegrees.userId, department.json().data.id));
    expect(stored).toHaveLength(2);

    const admin = await asAdmin(createRequest(staffAccount({ degreeIds: [degreeIds["B.COM."]] })));
    expect(admin.json().data.degreeIds).toEqual([]);
  });

  it("accepts any other staff role the roles table holds", async () => {
    await test.db.insert(roles).values({ name: "ROLE_ACCOUNTANT", description: "Accountant" }).onConflictDoNothing();
    const response = await asAdmin(createRequest(staffAccount({ role: "ROLE_ACCOUNTANT" })));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.role).toBe("ROLE_ACCOUNTANT");
  });

  it("refuses bad input with 400 and the field's message, and creates nothing", async () => {
    const refusals: [object, string, string][] = [
      [{ userName: "not-an-email" }, "userName", messages.emailInvalid],
      [{ mobile: "12345" }, "mobile", messages.mobileInvalid],
      [{ role: "" }, "role", userMessages.roleRequired],
      [{ role: ROLE_USER }, "role", userMessages.staffRoleRequired],
      [{ role: ROLE_STUDENT }, "role", userMessages.staffRoleRequired],
      [{ role: "ROLE_NOBODY" }, "role", userMessages.roleUnknown],
      [{ role: ROLE_DEPARTMENT_ADMIN, degreeIds: [] }, "degreeIds", userMessages.degreesRequired],
      [{ role: ROLE_DEPARTMENT_ADMIN, degreeIds: [999_999] }, "degreeIds", userMessages.degreeUnknown],
      [{ role: ROLE_DEPARTMENT_ADMIN, degreeIds: ["x"] }, "degreeIds.0", userMessages.degreeUnknown],
    ];
    for (const [overrides, field, message] of refusals) {
      const account = staffAccount(overrides);
      const response = await asAdmin(createRequest(account));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toBe(message);
      expect(response.json().data.errors).toContainEqual({ field, message });
      expect(await test.db.select().from(users).where(eq(users.userName, account.userName))).toEqual([]);
    }
  });

  it("answers 409 when the e-mail already has an account, whatever its case, and changes nothing", async () => {
    const existing = await createUser(test.db, { role: ROLE_USER });
    const response = await asAdmin(createRequest(staffAccount({ userName: existing.userName.toUpperCase() })));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(userMessages.emailTaken);
    const [after] = await test.db.select().from(users).where(eq(users.id, existing.id));
    expect(after!.role).toBe(ROLE_USER);
    expect(await latestMailTo(test.db, existing.userName)).toBeUndefined();
  });
});

describe("GET /booking/users", () => {
  const people: { id: number; userName: string }[] = [];
  const prefix = `listing${process.pid}`;

  beforeAll(async () => {
    people.push(await createUser(test.db, { userName: `${prefix}.applicant@example.in`, mobile: "9500011111", role: ROLE_USER }));
    people.push(await createUser(test.db, { userName: `${prefix}.student@example.in`, mobile: "9500022222", role: ROLE_STUDENT }));
    const department = await asAdmin(
      createRequest({ userName: `${prefix}.department@example.in`, mobile: "9500033333", role: ROLE_DEPARTMENT_ADMIN, degreeIds: [degreeIds["M.COM."]] }),
    );
    people.push(department.json().data);
  });

  const list = async (query: string) => (await asAdmin({ url: `/users?${query}` })).json().data;
  const userNames = async (query: string) => ((await list(query)).content as { userName: string }[]).map((row) => row.userName);

  it("answers the paged shape, newest first, staff and applicants alike, each with its degrees", async () => {
    const page = await list(`search=${prefix}`);
    expect(page).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 20 });
    expect(page.content.map((row: { userName: string }) => row.userName)).toEqual([
      `${prefix}.department@example.in`,
      `${prefix}.student@example.in`,
      `${prefix}.applicant@example.in`,
    ]);
    expect(page.content[0]).toMatchObject({ role: ROLE_DEPARTMENT_ADMIN, isActive: true, mobile: "9500033333", degreeIds: [degreeIds["M.COM."]] });
    expect(page.content[2]).toMatchObject({ role: ROLE_USER, degreeIds: [] });

    const paged = await Promise.all([0, 1].map((pageNo) => list(`search=${prefix}&pageSize=2&pageNo=${pageNo}`)));
    expect(paged.map((p) => p.content.length)).toEqual([2, 1]);
    expect(paged[0].totalPages).toBe(2);
  });

  it("searches an e-mail from its start, case aside, or a mobile from its start", async () => {
    expect(await userNames(`search=${prefix.toUpperCase()}.STU`)).toEqual([`${prefix}.student@example.in`]);
    expect(await userNames("search=95000 3")).toEqual([`${prefix}.department@example.in`]);
    expect(await userNames("search=applicant@example.in")).toEqual([]);
    expect(await userNames("search=%25")).toEqual([]);
  });

  it("filters by role and by active or disabled", async () => {
    expect(await userNames(`search=${prefix}&role=${ROLE_STUDENT}`)).toEqual([`${prefix}.student@example.in`]);
    await asAdmin(updateRequest(people[0]!.id, { role: ROLE_USER, isActive: false }));
    expect(await userNames(`search=${prefix}&active=false`)).toEqual([`${prefix}.applicant@example.in`]);
    expect((await list(`search=${prefix}&active=true`)).totalElements).toBe(2);
  });

  it("refuses a malformed filter with 400", async () => {
    expect((await asAdmin({ url: "/users?active=maybe" })).statusCode).toBe(400);
    expect((await asAdmin({ url: "/users?pageSize=0" })).statusCode).toBe(400);
  });
});

describe("PUT /booking/users/:id", () => {
  it("changes a staff role and the degrees, ends the user's sessions, and records from and to", async () => {
    const { user, cookie } = await createStaffAndSignIn(test, adminCookie, staffAccount({ role: ROLE_DEPARTMENT_ADMIN, degreeIds: [degreeIds["B.COM."]] }));
    expect((await whoAmI(test, cookie)).statusCode).toBe(200);
    const response = await asAdmin(updateRequest(user.id, { role: ROLE_ADMIN, isActive: true, degreeIds: [degreeIds["B.COM."]] }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: userMessages.updated, data: { id: user.id, role: ROLE_ADMIN, isActive: true, degreeIds: [] } });
    expect((await whoAmI(test, cookie)).statusCode).toBe(401);
    expect(await test.db.select().from(staffDegrees).where(eq(staffDegrees.userId, user.id))).toEqual([]);

    const [entry] = await activityOf(test, "user.updated", user.id);
    // The degrees by name, which the log's readers know them by, and by id.
    expect(entry!.summary).toContain(`from ${ROLE_DEPARTMENT_ADMIN}, active, degrees B.COM. to ${ROLE_ADMIN}, active`);
    expect(entry!.details).toEqual({
      userName: user.userName,
      from: { role: ROLE_DEPARTMENT_ADMIN, isActive: true, degreeIds: [degreeIds["B.COM."]], degrees: ["B.COM."] },
      to: { role: ROLE_ADMIN, isActive: true, degreeIds: [], degrees: [] },
    });
  });

  it("keeps the sessions when only a department admin's degrees change, and records nothing when nothing changes", async () => {
    const { user, cookie } = await createStaffAndSignIn(test, adminCookie, staffAccount({ role: ROLE_DEPARTMENT_ADMIN, degreeIds: [degreeIds["B.COM."]] }));
    const both = [degreeIds["B.COM."]!, degreeIds["M.COM."]!].sort((a, b) => a - b);
    const changed = await asAdmin(updateRequest(user.id, { role: ROLE_DEPARTMENT_ADMIN, isActive: true, degreeIds: both }));
    expect(changed.json().data.degreeIds).toEqual(both);
    expect((await whoAmI(test, cookie)).statusCode).toBe(200);

    await asAdmin(updateRequest(user.id, { role: ROLE_DEPARTMENT_ADMIN, isActive: true, degreeIds: [...both].reverse() }));
    expect(await activityOf(test, "user.updated", user.id)).toHaveLength(1);
  });

  it("disables an account: its next request is 401, it cannot sign in, and enabling lets it back", async () => {
    const { user, cookie } = await signInAs(test, ROLE_USER);
    expect((await whoAmI(test, cookie)).statusCode).toBe(200);
    const disabled = await asAdmin(updateRequest(user.id, { role: ROLE_USER, isActive: false }));
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data.isActive).toBe(false);
    expect((await whoAmI(test, cookie)).statusCode).toBe(401);
    expect(await sessionsOf(test, user.id)).toEqual([]);
    const signin = await test.app.inject({ method: "POST", url: "/booking/api/auth/signin", payload: { username: user.userName, password: user.password } });
    expect(signin.statusCode).toBe(403);
    expect(signin.json().message).toBe(notices.accountDisabled);

    expect((await asAdmin(updateRequest(user.id, { role: ROLE_USER, isActive: true }))).statusCode).toBe(200);
    expect((await whoAmI(test, await signIn(test, user.userName, user.password))).statusCode).toBe(200);
  });

  it("refuses to give or take an applicant's or a student's role (400), and changes nothing", async () => {
    const applicant = await createUser(test.db, { role: ROLE_USER });
    const staff = await createUser(test.db, { role: ROLE_DEPARTMENT_ADMIN });
    for (const [user, role] of [
      [applicant, ROLE_ADMIN],
      [applicant, ROLE_STUDENT],
      [staff, ROLE_USER],
      [staff, ROLE_STUDENT],
    ] as const) {
      const response = await asAdmin(updateRequest(user.id, { role, isActive: true }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(userMessages.admissionRoleFixed);
      const [after] = await test.db.select().from(users).where(eq(users.id, user.id));
      expect(after!.role).toBe(user.role);
    }
  });

  it("refuses bad input (400) and an unknown account (404)", async () => {
    const staff = await createUser(test.db, { role: ROLE_ADMIN });
    const bad = await asAdmin(updateRequest(staff.id, { role: ROLE_DEPARTMENT_ADMIN, isActive: true }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(userMessages.degreesRequired);
    expect((await asAdmin(updateRequest(staff.id, { role: ROLE_ADMIN }))).json().message).toBe(userMessages.activeRequired);
    expect((await asAdmin(updateRequest(staff.id, { role: "ROLE_NOBODY", isActive: true }))).json().message).toBe(userMessages.roleUnknown);
    expect((await asAdmin(updateRequest(staff.id, { role: ROLE_DEPARTMENT_ADMIN, isActive: true, degreeIds: [999_999] }))).statusCode).toBe(400);
    expect((await asAdmin(updateRequest(999_999, { role: ROLE_ADMIN, isActive: true }))).statusCode).toBe(404);
    expect((await asAdmin({ method: "PUT", url: "/users/abc", payload: { role: ROLE_ADMIN, isActive: true } })).statusCode).toBe(400);
  });
});

describe("POST /booking/users/:id/passwordReset", () => {
  it("mails the forgot-password code, which then resets the password, and records who sent it", async () => {
    const user = await createUser(test.db, { role: ROLE_STUDENT });
    const response = await asAdmin({ method: "POST", url: `/users/${user.id}/passwordReset` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", message: userMessages.passwordResetSent, data: null });

    const mail = await latestMailTo(test.db, user.userName);
    expect(mail!.body).toContain("If you did not ask to reset your password");
    const reset = await test.app.inject({
      method: "PUT",
      url: "/booking/api/auth/changepwd",
      payload: { email: user.userName, codes: resetCodeIn(mail!.body), newPassword: "A-Fresh-Start-1" },
    });
    expect(reset.statusCode).toBe(200);
    const [entry] = await activityOf(test, "user.passwordResetSent", user.id);
    expect(entry).toMatchObject({ entityType: "user", summary: `Sent a password reset code to ${user.userName}` });
    expect(entry!.actorUserId).not.toBe(user.id);
  });

  it("refuses an unknown account (404) and a disabled one (409), mailing nothing", async () => {
    expect((await asAdmin({ method: "POST", url: "/users/999999/passwordReset" })).statusCode).toBe(404);
    const user = await createUser(test.db, { role: ROLE_USER });
    await asAdmin(updateRequest(user.id, { role: ROLE_USER, isActive: false }));
    const response = await asAdmin({ method: "POST", url: `/users/${user.id}/passwordReset` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(userMessages.accountDisabled);
    expect(await latestMailTo(test.db, user.userName)).toBeUndefined();
  });
});

describe("a department admin's degrees", () => {
  it("limit the applications they see, from the degrees assigned on the users screen", async () => {
    const form = admissionSchema.parse(sampleAdmission());
    const applicationsIn = ["B.SC. COMPUTER SCIENCE", "B.SC. MATHEMATICS", "B.A. ENGLISH"];
    for (const [index, degree] of applicationsIn.entries()) {
      const applicant = await createUser(test.db, { role: ROLE_USER });
      await insertApplication(test.db, {
        userId: applicant.id,
        applicationNo: `UG-2026-${String(900 + index).padStart(6, "0")}`,
        status: "Submitted",
        paymentStatus: "Success",
        isOffline: false,
        courseId: 1,
        degreeId: degreeIds[degree]!,
        name: `SCOPE ${index}`,
        email: applicant.userName,
        mobile: "9840099999",
        tweleveStatus: "PASSED",
        totalMarkPercent: 70,
        applicationFee: 300,
        data: { ...form, name: `SCOPE ${index}` },
        applicationDate: "2026-05-20",
      });
    }
    const { user, cookie } = await createStaffAndSignIn(
      test,
      adminCookie,
      staffAccount({ role: ROLE_DEPARTMENT_ADMIN, degreeIds: [degreeIds["B.SC. COMPUTER SCIENCE"]] }),
    );
    const visible = async () =>
      ((await call(test, { url: "/admissionAll?search=SCOPE&sort=name&order=asc" }, cookie)).json().data.content as { degree: string }[]).map((row) => row.degree);

    expect(await visible()).toEqual(["B.SC. COMPUTER SCIENCE"]);
    const assigned = await asAdmin(
      updateRequest(user.id, { role: ROLE_DEPARTMENT_ADMIN, isActive: true, degreeIds: [degreeIds["B.SC. COMPUTER SCIENCE"], degreeIds["B.SC. MATHEMATICS"]] }),
    );
    expect(assigned.statusCode).toBe(200);
    expect(await visible()).toEqual(["B.SC. COMPUTER SCIENCE", "B.SC. MATHEMATICS"]);
    expect(((await asAdmin({ url: "/admissionAll?search=SCOPE" })).json().data.content as unknown[]).length).toBe(3);
  });

  it("are given to the demo department admin by the demo seed, once however often it runs", async () => {
    await seedDemo(test.db);
    const [demo] = await test.db.select().from(users).where(eq(users.userName, "department@demo.in"));
    const assigned = await test.db.select().from(staffDegrees).where(eq(staffDegrees.userId, demo!.id));
    expect(assigned.map((row) => row.degreeId).sort()).toEqual([degreeIds["B.SC. COMPUTER SCIENCE"], degreeIds["B.SC. MATHEMATICS"]].sort());
  });
});

describe("the last active admin", () => {
  const password = "Chosen-By-Them-42";
  let fresh: TestApp;
  let degreeId: number;
  let first: { user: { id: number; userName: string }; cookie: string };
  let second: { user: { id: number; userName: string }; cookie: string };

  // A database of its own, where the count of admins is known.
  beforeAll(async () => {
    fresh = await buildTestApp();
    const [degree] = await fresh.db.insert(degrees).values({ courseId: 1, name: "B.A. HISTORY" }).returning();
    degreeId = degree!.id;
    first = await signInAs(fresh, ROLE_ADMIN);
  });
  afterAll(async () => {
    await fresh.close();
  });

  const put = (cookie: string, id: number, payload: object) => call(fresh, updateRequest(id, payload), cookie);
  const disable = { role: ROLE_ADMIN, isActive: false };

  it("cannot demote or disable themselves, which would sign them out for good", async () => {
    for (const payload of [{ role: ROLE_DEPARTMENT_ADMIN, isActive: true, degreeIds: [degreeId] }, disable]) {
      const response = await put(first.cookie, first.user.id, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(userMessages.ownAccessFixed);
    }
    const [after] = await fresh.db.select().from(users).where(eq(users.id, first.user.id));
    expect(after).toMatchObject({ role: ROLE_ADMIN, isActive: true });
    expect((await whoAmI(fresh, first.cookie)).statusCode).toBe(200);
  });

  it("can be demoted or disabled while another active admin remains", async () => {
    second = await createStaffAndSignIn(fresh, first.cookie, staffAccount());
    expect((await put(first.cookie, second.user.id, { role: ROLE_DEPARTMENT_ADMIN, isActive: true, degreeIds: [degreeId] })).statusCode).toBe(200);
    expect((await whoAmI(fresh, second.cookie)).statusCode).toBe(401);
    expect((await put(first.cookie, first.user.id, disable)).statusCode).toBe(409);

    expect((await put(first.cookie, second.user.id, { role: ROLE_ADMIN, isActive: true })).statusCode).toBe(200);
    second.cookie = await signIn(fresh, second.user.userName, password);
    expect((await put(second.cookie, first.user.id, disable)).statusCode).toBe(200);
    expect((await whoAmI(fresh, first.cookie)).statusCode).toBe(401);
    expect((await put(second.cookie, second.user.id, disable)).statusCode).toBe(409);

    expect((await put(second.cookie, first.user.id, { role: ROLE_ADMIN, isActive: true })).statusCode).toBe(200);
    first.cookie = await signIn(fresh, first.user.userName);
  });

  it("survives two admins disabling each other at the same moment: one change wins, the other is refused", async () => {
    const answers = await Promise.all([put(first.cookie, second.user.id, disable), put(second.cookie, first.user.id, disable)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const active = await fresh.db.select().from(users).where(and(eq(users.role, ROLE_ADMIN), eq(users.isActive, true)));
    expect(active).toHaveLength(1);
  });
});
