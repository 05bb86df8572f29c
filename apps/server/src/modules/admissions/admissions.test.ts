import { ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN, ROLE_STUDENT, messages, notices, sampleAdmission, staffNotices, type AdmissionInput, type MarkRow } from "@admissions/shared";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, applicationDrafts, applications, degrees, users } from "../../db/schema/index.js";
import { demoDegrees, seedDemo } from "../../db/seed-demo.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { fixtures, signInAs, uploadAs } from "../../test/factories.js";

let test: TestApp;
let degreeId: (name: string) => number;
const year = new Date().getFullYear();

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  const rows = await test.db.select().from(degrees);
  degreeId = (name) => rows.find((row) => row.name === name)!.id;
});
afterAll(async () => {
  await test.close();
});

type Session = Awaited<ReturnType<typeof signInAs>>;

/** A complete application whose documents were uploaded by (or for) its applicant. */
async function applicationFor(session: Session, overrides: Partial<AdmissionInput> = {}, uploadedFor?: string) {
  const [photo, marksheet, aadhar] = [
    await uploadAs(test, session.cookie, fixtures.photo, { username: uploadedFor }),
    await uploadAs(test, session.cookie, fixtures.marksheet, { username: uploadedFor }),
    await uploadAs(test, session.cookie, fixtures.aadhar, { username: uploadedFor }),
  ];
  return sampleAdmission({
    courseSubjectId: degreeId("B.SC. COMPUTER SCIENCE"),
    photoUrl: photo,
    marksheetCertificateUrl: marksheet,
    aadharImageUrl: aadhar,
    email: session.user.userName,
    ...overrides,
  });
}

const submit = (cookie: string, payload: unknown) => test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie }, payload: payload as object });
const fetchAdmission = (cookie: string, userName?: string) =>
  test.app.inject({ url: `/booking/admission${userName ? `?userName=${encodeURIComponent(userName)}` : ""}`, headers: { cookie } });
const countApplications = async () => (await test.db.select({ count: sql<number>`count(*)::int` }).from(applications))[0]!.count;

describe("GET /booking/courses and /booking/degrees", () => {
  it("list UG and PG with their application fees, and the active degrees, to anyone signed in", async () => {
    const { cookie } = await signInAs(test);
    const courses = await test.app.inject({ url: "/booking/courses", headers: { cookie } });
    expect(courses.json().data).toEqual([
      { id: 1, name: "UG", applicationFee: 300 },
      { id: 2, name: "PG", applicationFee: 400 },
    ]);
    const list = (await test.app.inject({ url: "/booking/degrees", headers: { cookie } })).json().data;
    expect(list).toHaveLength(demoDegrees.length);
    expect(list.filter((degree: { courseId: number }) => degree.courseId === 2).map((degree: { name: string }) => degree.name)).toEqual([
      "M.A. ENGLISH",
      "M.COM.",
      "M.SC. MATHEMATICS",
    ]);
    expect((await test.app.inject({ url: "/booking/degrees" })).statusCode).toBe(401);
  });
});

describe("an applicant's application", () => {
  it("is null before anything is submitted", async () => {
    const { cookie } = await signInAs(test);
    expect((await fetchAdmission(cookie)).json()).toEqual({ status: "success", message: "OK", data: null });
  });

  it("is saved whole, numbered by course and year, Pending until the fee is paid", async () => {
    const session = await signInAs(test);
    const response = await submit(session.cookie, { ...(await applicationFor(session)), createdAt: "x", updatedAt: "y" });

    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.message).toBe(notices.saved);
    expect(answer.data).toMatchObject({ applicationStatus: "Pending", paymentStatus: "Pending", applicationFee: 300 });
    expect(answer.data.applicationNo).toMatch(new RegExp(`^UG-${year}-\\d{6}$`));

    const stored = (await fetchAdmission(session.cookie, session.user.userName)).json().data;
    expect(stored).toMatchObject({
      userName: session.user.userName,
      applicationNo: answer.data.applicationNo,
      applicationStatus: "Pending",
      isOffline: false,
      name: "PRIYA S",
      courseId: 1,
      courseSubject: "B.SC. COMPUTER SCIENCE",
      totalMarks: 540,
      totalMarkPercent: 90,
      examDetails: { tweleveStatus: "PASSED" },
    });
    expect(stored).not.toHaveProperty("createdAt");
    expect(stored).not.toHaveProperty("declaration");
  });

  it("is refused with 409, and nothing saved, when the form names another account than the session's (a tab left open as someone else)", async () => {
    const [drawnFor, signedIn] = [await signInAs(test), await signInAs(test)];
    const before = await countApplications();
    const refused = await submit(signedIn.cookie, { ...(await applicationFor(signedIn)), userName: drawnFor.user.userName });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(notices.formOfAnotherAccount);
    expect(await countApplications()).toBe(before);
    // Its own name, in any case and with spaces, is its own.
    const own = await submit(signedIn.cookie, { ...(await applicationFor(signedIn)), userName: ` ${signedIn.user.userName.toUpperCase()} ` });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("is answered whole: the form as stored, with the account's e-mail and the office's numbers and statuses over it", async () => {
    const session = await signInAs(test);
    const { applicationNo } = (await submit(session.cookie, await applicationFor(session))).json().data;
    const storedRow = async () => (await test.db.select().from(applications).where(eq(applications.applicationNo, applicationNo)))[0]!;
    const expected = (row: Awaited<ReturnType<typeof storedRow>>) => ({
      ...(row.data as object),
      userName: session.user.userName,
      isOffline: false,
      applicationNo,
      admissionNo: row.admissionNo ?? "",
      applicationDate: row.applicationDate,
      applicationStatus: row.status,
      paymentStatus: row.paymentStatus,
      paymentRefNo: row.paymentRefNo,
      applicationFee: 300,
    });

    const pending = await fetchAdmission(session.cookie);
    expect(pending.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(pending.json()).toEqual({ status: "success", message: "OK", data: expected(await storedRow()) });
    expect(pending.json().data).toMatchObject({ admissionNo: "", paymentRefNo: null, applicationStatus: "Pending" });

    // The form's own userName (what the applicant typed) is not what is shown: the account's e-mail is.
    await test.db
      .update(applications)
      .set({ status: "Approved", paymentStatus: "Success", paymentRefNo: "310000000001", admissionNo: `${year}UG0001`, data: sql`${applications.data} || '{"userName":"someone@else.example"}'` })
      .where(eq(applications.applicationNo, applicationNo));
    const admitted = (await fetchAdmission(session.cookie)).json().data;
    expect(admitted).toEqual(expected(await storedRow()));
    expect(admitted).toMatchObject({ userName: session.user.userName, admissionNo: `${year}UG0001`, paymentRefNo: "310000000001", applicationStatus: "Approved" });
  });

  it("shows at the next read any change to it, its account or its degree's name, and nothing of a change rolled back", async () => {
    const session = await signInAs(test);
    await submit(session.cookie, await applicationFor(session));
    const read = async () => (await fetchAdmission(session.cookie)).json().data;
    const first = await read();
    expect(await read()).toEqual(first);

    await test.db
      .transaction(async (tx) => {
        await tx.update(applications).set({ status: "Rejected" }).where(eq(applications.userId, session.user.id));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await read()).toEqual(first);

    const renamed = `renamed-${session.user.userName}`;
    await test.db.update(users).set({ userName: renamed }).where(eq(users.id, session.user.id));
    expect(await read()).toEqual({ ...first, userName: renamed });
    await test.db.update(applications).set({ status: "Rejected" }).where(eq(applications.userId, session.user.id));
    expect(await read()).toEqual({ ...first, userName: renamed, applicationStatus: "Rejected" });

    // A degree renamed after the save is named as it is called now, as the office's lists name it.
    const degree = degreeId("B.SC. COMPUTER SCIENCE");
    await test.db.update(degrees).set({ name: "B.SC. COMPUTER SCIENCE (HONOURS)" }).where(eq(degrees.id, degree));
    try {
      expect(await read()).toEqual({ ...first, userName: renamed, applicationStatus: "Rejected", courseSubject: "B.SC. COMPUTER SCIENCE (HONOURS)" });
    } finally {
      await test.db.update(degrees).set({ name: "B.SC. COMPUTER SCIENCE" }).where(eq(degrees.id, degree));
    }
  });

  it("gives each application its own number in its course's series", async () => {
    const [first, second, pg] = [await signInAs(test), await signInAs(test), await signInAs(test)];
    const numberOf = async (session: Session, overrides: Partial<AdmissionInput> = {}) =>
      (await submit(session.cookie, await applicationFor(session, overrides))).json().data.applicationNo as string;
    const a = await numberOf(first);
    const b = await numberOf(second);
    const c = await numberOf(pg, {
      course: "PG",
      courseSubjectId: degreeId("M.SC. MATHEMATICS"),
      marksDetails: [],
      examDetails: { nameOfDegree: "B.Sc.", mainSubject: "Maths", mediumOfStudy: "English", universityName: "Madras", collegeName: "Presidency", collegePlace: "Chennai", yearOfStudy: "2025" },
    });
    expect(Number(b.slice(-6))).toBe(Number(a.slice(-6)) + 1);
    expect(c).toMatch(new RegExp(`^PG-${year}-\\d{6}$`));
    const pgFee = (await fetchAdmission(pg.cookie)).json().data.applicationFee;
    expect(pgFee).toBe(400);
  });

  it("can be changed while the fee is unpaid, keeping its number, and is locked once submitted", async () => {
    const session = await signInAs(test);
    const application = await applicationFor(session);
    const first = (await submit(session.cookie, application)).json().data.applicationNo;
    const again = await submit(session.cookie, { ...application, caste: "Vellalar" });
    expect(again.json().data.applicationNo).toBe(first);
    expect((await fetchAdmission(session.cookie)).json().data.caste).toBe("VELLALAR");

    await test.db.update(applications).set({ status: "Submitted", paymentStatus: "Success" }).where(eq(applications.applicationNo, first));
    const locked = await submit(session.cookie, { ...application, caste: "Other" });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(notices.applicationLocked);
    expect((await fetchAdmission(session.cookie)).json().data.caste).toBe("VELLALAR");
  });

  it("is saved again on its own page, where the table's indexes need no new entry for it", async () => {
    // Enough applications in a row to fill pages: with every page full, a save of a row has to move
    // it to another page, and every index of the table then gains an entry for it.
    const sessions: { session: Session; application: AdmissionInput }[] = [];
    for (let count = 0; count < 12; count += 1) {
      const session = await signInAs(test);
      const application = await applicationFor(session);
      expect((await submit(session.cookie, application)).statusCode).toBe(200);
      sessions.push({ session, application });
    }
    const pagesOfTheRows = async () =>
      (
        await test.db
          .select({ page: sql<number>`(ctid::text::point)[0]` })
          .from(applications)
          .where(inArray(applications.email, sessions.map(({ session }) => session.user.userName)))
          .orderBy(applications.email)
      ).map((row) => row.page);
    const pagesAtFirst = await pagesOfTheRows();
    expect(new Set(pagesAtFirst).size).toBeGreaterThan(1);

    for (const { session, application } of sessions) expect((await submit(session.cookie, application)).statusCode).toBe(200);
    expect(await pagesOfTheRows()).toEqual(pagesAtFirst);
  });

  it("is refused with 400 and the field's message, storing nothing", async () => {
    const session = await signInAs(test);
    const before = await countApplications();
    const response = await submit(session.cookie, { ...(await applicationFor(session)), aadharNo: "234123412347" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: "error", message: messages.aadharInvalid, data: { errors: [{ field: "aadharNo", message: messages.aadharInvalid }] } });
    expect(await countApplications()).toBe(before);
  });

  it("may only name documents uploaded for its applicant", async () => {
    const [owner, thief] = [await signInAs(test), await signInAs(test)];
    const stolenPhoto = await uploadAs(test, owner.cookie, fixtures.photo);
    const response = await submit(thief.cookie, { ...(await applicationFor(thief)), photoUrl: stolenPhoto });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: "photoUrl", message: messages.documentNotYours }]);
  });

  it("needs a degree of the chosen course", async () => {
    const session = await signInAs(test);
    const response = await submit(session.cookie, await applicationFor(session, { courseSubjectId: degreeId("M.COM.") }));
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: "courseSubjectId", message: messages.degreeRequired }]);
  });

  it("cannot be read by another applicant, but can by staff", async () => {
    const [owner, other, staff] = [await signInAs(test), await signInAs(test), await signInAs(test, ROLE_ADMIN)];
    await submit(owner.cookie, await applicationFor(owner));
    expect((await fetchAdmission(other.cookie, owner.user.userName)).statusCode).toBe(404);
    expect((await fetchAdmission(staff.cookie, owner.user.userName)).json().data.name).toBe("PRIYA S");
    expect((await fetchAdmission(staff.cookie, "nobody@example.in")).json().data).toBeNull();
  });
});

describe("offline admission by staff", () => {
  it("creates the walk-in applicant's account and a Submitted application with no fee step", async () => {
    const staff = await signInAs(test, ROLE_ADMIN);
    const walkIn = "walk.in.one@example.in";
    const application = await applicationFor(staff, { userName: walkIn, isOffline: true, email: walkIn }, walkIn);
    const response = await submit(staff.cookie, application);

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Offline" });
    const [account] = await test.db.select().from(users).where(eq(users.userName, walkIn));
    expect(account?.role).toBe("ROLE_USER");
    expect((await fetchAdmission(staff.cookie, walkIn)).json().data).toMatchObject({ isOffline: true, userName: walkIn });
    const [entry] = await test.db.select().from(activityLog).where(eq(activityLog.action, "application.offline_entry"));
    expect(entry).toMatchObject({ actorUserId: staff.user.id, entityId: response.json().data.applicationNo });
  });

  it("will not replace an applicant's own unpaid online application unless told to, and logs what it replaced", async () => {
    const [applicant, staff] = [await signInAs(test), await signInAs(test, ROLE_ADMIN)];
    await submit(applicant.cookie, await applicationFor(applicant, { name: "Own Applicant" }));
    const walkIn = await applicationFor(staff, { userName: applicant.user.userName, isOffline: true, email: applicant.user.userName, name: "Someone Else" }, applicant.user.userName);

    const refused = await submit(staff.cookie, walkIn);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: notices.walkInOverOwnApplication, data: { errors: [{ field: "userName", message: notices.walkInOverOwnApplication }] } });
    expect((await fetchAdmission(staff.cookie, applicant.user.userName)).json().data).toMatchObject({ name: "OWN APPLICANT", applicationStatus: "Pending", isOffline: false });

    const replaced = await submit(staff.cookie, { ...walkIn, replaceOwnApplication: true });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const stored = (await fetchAdmission(staff.cookie, applicant.user.userName)).json().data;
    expect(stored).toMatchObject({ name: "SOMEONE ELSE", applicationStatus: "Submitted", isOffline: true });
    expect(stored).not.toHaveProperty("replaceOwnApplication");
    const [entry] = await test.db.select().from(activityLog).where(sql`${activityLog.action} = 'application.offline_entry' and ${activityLog.entityId} = ${replaced.json().data.applicationNo}`);
    expect(entry!.summary).toBe(`Entered the walk-in application of ${applicant.user.userName}, replacing the applicant's own (OWN APPLICANT, Pending)`);
  });

  it("asks staff for the applicant's e-mail", async () => {
    const staff = await signInAs(test, ROLE_ADMIN);
    const response = await submit(staff.cookie, { ...(await applicationFor(staff)), userName: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: "userName", message: messages.emailRequired }]);
  });

  it("refuses a department admin a degree outside their own before it looks at the documents", async () => {
    const departmentAdmin = await signInAs(test, ROLE_DEPARTMENT_ADMIN);
    const walkIn = "walk.in.elsewhere@example.in";
    const othersDocuments = await applicationFor(departmentAdmin, { userName: walkIn, isOffline: true, email: walkIn }, "someone.else@example.in");
    const before = await countApplications();
    const response = await submit(departmentAdmin.cookie, othersDocuments);
    expect(response.statusCode).toBe(403);
    expect(await countApplications()).toBe(before);
  });

  it("will not turn a staff account into an applicant", async () => {
    const [staff, colleague] = [await signInAs(test, ROLE_ADMIN), await signInAs(test, ROLE_ADMIN)];
    const userName = colleague.user.userName;
    const response = await submit(staff.cookie, await applicationFor(staff, { userName }, userName));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(staffNotices.notAnApplicant);
  });
});

describe("the server-side draft", () => {
  const putDraft = (cookie: string, payload: unknown) =>
    test.app.inject({ method: "PUT", url: "/booking/admission/draft", headers: { cookie }, payload: payload as object });

  it("keeps what was typed for its owner only, and is cleared by the submission", async () => {
    const [session, other] = [await signInAs(test), await signInAs(test)];
    expect((await putDraft(session.cookie, { name: "PRI", step: 1 })).json().message).toBe("Saved");
    expect((await test.app.inject({ url: "/booking/admission/draft", headers: { cookie: session.cookie } })).json().data).toEqual({ name: "PRI", step: 1 });
    expect((await test.app.inject({ url: "/booking/admission/draft", headers: { cookie: other.cookie } })).json().data).toBeNull();

    await submit(session.cookie, await applicationFor(session));
    expect(await test.db.select().from(applicationDrafts).where(eq(applicationDrafts.userId, session.user.id))).toHaveLength(0);
  });

  it("refuses with 409 a draft drawn for another account than the session's, and keeps both drafts as they were", async () => {
    const [drawnFor, signedIn] = [await signInAs(test), await signInAs(test)];
    await putDraft(signedIn.cookie, { name: "OWN", step: 0 });
    const refused = await test.app.inject({ method: "PUT", url: `/booking/admission/draft?userName=${encodeURIComponent(drawnFor.user.userName)}`, headers: { cookie: signedIn.cookie }, payload: { name: "SOMEONE ELSE", step: 1 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(notices.formOfAnotherAccount);
    expect((await test.app.inject({ url: "/booking/admission/draft", headers: { cookie: signedIn.cookie } })).json().data).toEqual({ name: "OWN", step: 0 });
    expect((await test.app.inject({ url: "/booking/admission/draft", headers: { cookie: drawnFor.cookie } })).json().data).toBeNull();
    const own = await test.app.inject({ method: "PUT", url: `/booking/admission/draft?userName=${encodeURIComponent(signedIn.user.userName)}`, headers: { cookie: signedIn.cookie }, payload: { name: "OWN", step: 1 } });
    expect(own.statusCode).toBe(200);
  });

  it("keeps a walk-in entry's draft as the staff member's own, which the entry's save clears", async () => {
    const staff = await signInAs(test, ROLE_ADMIN);
    const walkIn = "walk.in.drafted@example.in";
    expect((await putDraft(staff.cookie, { values: { userName: walkIn, name: "WALK IN" }, step: 1 })).statusCode).toBe(200);
    expect((await test.app.inject({ url: "/booking/admission/draft", headers: { cookie: staff.cookie } })).json().data).toEqual({ values: { userName: walkIn, name: "WALK IN" }, step: 1 });

    const refused = await submit(staff.cookie, { ...(await applicationFor(staff, { userName: walkIn, isOffline: true, email: walkIn }, walkIn)), name: "" });
    expect(refused.statusCode).toBe(400);
    expect(await test.db.select().from(applicationDrafts).where(eq(applicationDrafts.userId, staff.user.id))).toHaveLength(1);

    const saved = await submit(staff.cookie, await applicationFor(staff, { userName: walkIn, isOffline: true, email: walkIn }, walkIn));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await test.db.select().from(applicationDrafts).where(eq(applicationDrafts.userId, staff.user.id))).toHaveLength(0);
  });

  it("refuses a draft over 64 KiB", async () => {
    const { cookie } = await signInAs(test);
    expect((await putDraft(cookie, { filler: "x".repeat(70_000) })).statusCode).toBe(413);
  });
});

describe("a student admitted before the results", () => {
  it("enters the marks with the school exam's details once, and nothing else of the application changes", async () => {
    const session = await signInAs(test);
    const appeared = await applicationFor(session, {
      examDetails: { ...(sampleAdmission().examDetails as object), tweleveStatus: "APPEARED" },
      marksDetails: [],
      marksheetCertificateUrl: "",
    });
    await submit(session.cookie, appeared);
    // Approved behind the app's back, so the app is told, as an approval through it would.
    await test.db.update(users).set({ role: ROLE_STUDENT }).where(eq(users.id, session.user.id));
    test.ctx.sessionCache.forgetUsers([session.user.id]);
    await test.db.update(applications).set({ status: "Approved", admissionNo: "ADM-1" }).where(eq(applications.userId, session.user.id));

    const marksheet = await uploadAs(test, session.cookie, fixtures.marksheet);
    const examDetails = { ...(sampleAdmission().examDetails as object), schoolName: "ST JOSEPH HR SEC SCHOOL", maxMarkInTweleve: 1200 };
    const marksDetails = (sampleAdmission().marksDetails as MarkRow[]).map((row) => ({ ...row, markSecured: row.markSecured * 2, maxMark: 200 }));
    const withMarks = await applicationFor(session, { name: "Someone Else", marksheetCertificateUrl: marksheet, examDetails, marksDetails });
    const response = await submit(session.cookie, withMarks);
    expect(response.statusCode).toBe(200);

    const stored = (await fetchAdmission(session.cookie)).json().data;
    expect(stored).toMatchObject({ name: "PRIYA S", applicationStatus: "Approved", totalMarkPercent: 90 });
    // What the marks step showed is kept with the marks: the maximum they are out of too.
    expect(stored.examDetails).toMatchObject({ tweleveStatus: "PASSED", schoolName: "ST JOSEPH HR SEC SCHOOL", maxMarkInTweleve: 1200 });
    expect(stored.marksDetails.every((row: { maxMark: number }) => row.maxMark === 200)).toBe(true);
    expect(stored.marksDetails).toHaveLength(6);

    const second = await submit(session.cookie, withMarks);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(notices.studentMarksOnly);
  });
});
