import { ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN, ROLE_STUDENT, admissionSchema, sampleAdmission } from "@admissions/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, degrees } from "../../db/schema/index.js";
import { seedDemo } from "../../db/seed-demo.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { createUser, signInAs } from "../../test/factories.js";
import { insertApplication } from "./admissions.repository.js";
import { shorterWalk } from "./applications-list.repository.js";

let test: TestApp;
let staffCookie: string;
const degreeIds: Record<string, number> = {};

/** Twelve applications with known names, statuses, modes and dates, straight in the database. */
const people = [
  ["ANITHA R", "UG", "B.A. TAMIL", "Pending", "Pending", false, "2026-05-01"],
  ["ARUN K", "UG", "B.A. TAMIL", "Submitted", "Success", false, "2026-05-02"],
  ["BALA M", "UG", "B.COM.", "Submitted", "Offline", true, "2026-05-03"],
  ["DEEPA S", "UG", "B.COM.", "Payment Failure", "Failure", false, "2026-05-04"],
  ["GOKUL V", "UG", "B.SC. MATHEMATICS", "Approved", "Success", false, "2026-05-05"],
  ["HEMA P", "UG", "B.SC. MATHEMATICS", "Rejected", "Success", false, "2026-05-06"],
  ["KAVYA N", "UG", "B.SC. COMPUTER SCIENCE", "Submitted", "Success", false, "2026-05-07"],
  ["MANO J", "UG", "B.SC. COMPUTER SCIENCE", "Pending", "Aborted", false, "2026-05-08"],
  ["PRIYA S", "PG", "M.A. ENGLISH", "Submitted", "Offline", true, "2026-05-09"],
  ["RAVI T", "PG", "M.COM.", "Approved", "Success", false, "2026-05-10"],
  ["SUDHA L", "PG", "M.SC. MATHEMATICS", "Submitted", "Success", false, "2026-05-11"],
  ["VIJAY A", "PG", "M.SC. MATHEMATICS", "Cancelled", "Success", false, "2026-05-12"],
] as const;

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  for (const degree of await test.db.select().from(degrees)) degreeIds[degree.name] = degree.id;
  staffCookie = (await signInAs(test, ROLE_ADMIN)).cookie;
  const form = admissionSchema.parse(sampleAdmission());
  for (const [index, [name, course, degree, status, paymentStatus, isOffline, date]] of people.entries()) {
    const number = String(index + 1).padStart(6, "0");
    const user = await createUser(test.db, { userName: `person${index + 1}@example.in`, mobile: `98400000${String(index + 10)}` });
    await insertApplication(test.db, {
      userId: user.id,
      applicationNo: `${course}-2026-${number}`,
      status,
      paymentStatus,
      isOffline,
      courseId: course === "UG" ? 1 : 2,
      degreeId: degreeIds[degree]!,
      name,
      email: user.userName,
      mobile: `98400000${String(index + 10)}`,
      tweleveStatus: "PASSED",
      totalMarkPercent: 60 + index,
      applicationFee: course === "UG" ? 300 : 400,
      data: { ...form, name },
      applicationDate: date,
    });
  }
});
afterAll(async () => {
  await test.close();
});

const list = async (query: string, cookie = staffCookie) => test.app.inject({ url: `/booking/admissionAll?${query}`, headers: { cookie } });
const names = async (query: string) => ((await list(query)).json().data.content as { name: string }[]).map((row) => row.name);

describe("shorterWalk", () => {
  it("walks to a page past the middle from the end, and to a page beyond the end from the start", () => {
    expect(shorterWalk(0, 50, 1_000)).toEqual({ fromEnd: false, offset: 0, limit: 50 });
    expect(shorterWalk(9, 50, 1_000)).toEqual({ fromEnd: false, offset: 450, limit: 50 });
    expect(shorterWalk(10, 50, 1_000)).toEqual({ fromEnd: true, offset: 450, limit: 50 });
    expect(shorterWalk(19, 50, 1_000)).toEqual({ fromEnd: true, offset: 0, limit: 50 });
    // A last page short of a full one.
    expect(shorterWalk(20, 50, 1_010)).toEqual({ fromEnd: true, offset: 0, limit: 10 });
    expect(shorterWalk(21, 50, 1_010)).toEqual({ fromEnd: false, offset: 1_050, limit: 50 });
  });
});

describe("GET /booking/admissionAll", () => {
  it("is for staff only", async () => {
    for (const role of ["ROLE_USER", ROLE_STUDENT]) {
      expect((await list("", (await signInAs(test, role)).cookie)).statusCode).toBe(403);
    }
    expect((await test.app.inject({ url: "/booking/admissionAll" })).statusCode).toBe(401);
    expect((await list("", (await signInAs(test, ROLE_DEPARTMENT_ADMIN)).cookie)).statusCode).toBe(200);
  });

  it("answers the paged shape, newest first, every row once across the pages", async () => {
    const pages = await Promise.all([0, 1, 2].map(async (pageNo) => (await list(`pageNo=${pageNo}&pageSize=5`)).json().data));
    expect(pages[0]).toMatchObject({ totalElements: 12, totalPages: 3, number: 0, size: 5 });
    expect(pages.map((page) => page.content.length)).toEqual([5, 5, 2]);
    const all = pages.flatMap((page) => page.content.map((row: { applicationNo: string }) => row.applicationNo));
    expect(new Set(all).size).toBe(12);
    expect(pages[0].content[0]).toMatchObject({ name: "VIJAY A", course: "PG", degree: "M.SC. MATHEMATICS", applicationStatus: "Cancelled", userName: "person12@example.in" });
  });

  it("searches a name by the starts of its words, an application number, an e-mail or a mobile", async () => {
    expect(await names("search=a")).toEqual(["VIJAY A", "ARUN K", "ANITHA R"]);
    // The initial typed first, with or without a dot, finds the name that ends with it.
    expect(await names("search=a%20vij")).toEqual(["VIJAY A"]);
    expect(await names("search=A.VIJAY")).toEqual(["VIJAY A"]);
    expect(await names("search=vijay%20k")).toEqual([]);
    expect(await names("search=PG-2026-000010")).toEqual(["RAVI T"]);
    expect(await names("search=Person3@Example.in")).toEqual(["BALA M"]);
    expect(await names("search=98400 00014")).toEqual(["GOKUL V"]);
    expect(await names("search=%25")).toEqual([]);
  });

  it("filters by status, payment status, course, degree, mode and date range", async () => {
    expect(await names("status=Approved&order=asc")).toEqual(["GOKUL V", "RAVI T"]);
    expect(await names("paymentStatus=Offline&order=asc")).toEqual(["BALA M", "PRIYA S"]);
    expect((await list("courseId=2")).json().data.totalElements).toBe(4);
    expect(await names(`degreeId=${degreeIds["B.COM."]}&order=asc`)).toEqual(["BALA M", "DEEPA S"]);
    expect(await names("mode=offline&order=asc")).toEqual(["BALA M", "PRIYA S"]);
    expect(await names("dateFrom=2026-05-03&dateTo=2026-05-05&order=asc")).toEqual(["BALA M", "DEEPA S", "GOKUL V"]);
  });

  it("sorts by name or by percentage", async () => {
    expect((await names("sort=name&order=asc&pageSize=3"))).toEqual(["ANITHA R", "ARUN K", "BALA M"]);
    expect((await names("sort=totalMarkPercent&order=desc&pageSize=1"))).toEqual(["VIJAY A"]);
  });

  it("holds the same rows on every page, whichever end the page is walked to from", async () => {
    const numbers = (content: { applicationNo: string }[]) => content.map((row) => row.applicationNo);
    // The status sort has ties, broken by the id the same way from either end; a payment status is
    // counted rather than kept, so its total comes from the rows.
    for (const query of ["sort=name&order=asc", "sort=status&order=asc", "sort=status&order=desc", "sort=totalMarkPercent&order=desc", "status=Submitted&sort=name&order=desc", "paymentStatus=Success&sort=name&order=asc"]) {
      const whole = numbers((await list(`${query}&pageSize=100`)).json().data.content);
      for (const pageSize of [3, 5]) {
        const paged: string[] = [];
        // One page past the end, which is empty.
        for (let pageNo = 0; pageNo <= Math.ceil(whole.length / pageSize); pageNo += 1) {
          paged.push(...numbers((await list(`${query}&pageNo=${pageNo}&pageSize=${pageSize}`)).json().data.content));
        }
        expect(paged, `${query}, ${pageSize} a page`).toEqual(whole);
      }
    }
  });

  it("counts each status under the other filters", async () => {
    const data = (await list("courseId=1&status=Submitted")).json().data;
    expect(data.totalElements).toBe(3);
    expect(data.statusCounts).toEqual({ Pending: 2, Submitted: 3, "Payment Failure": 1, Approved: 1, Rejected: 1 });
  });

  it("refuses an unknown status, a malformed or unreal date and a range that ends before it starts with 400", async () => {
    expect((await list("status=Bogus")).statusCode).toBe(400);
    expect((await list("dateFrom=05/01/2026")).json().message).toBe("Enter the date as YYYY-MM-DD!");
    // What a browser's date box holds at the first digit of a year typed into it.
    expect((await list("dateFrom=0002-12-01")).json().message).toBe("Enter a real date as YYYY-MM-DD!");
    expect((await list("dateTo=2026-02-30")).json().message).toBe("Enter a real date as YYYY-MM-DD!");
    const reversed = await list("dateFrom=2026-05-05&dateTo=2026-05-03");
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe("The end date cannot be before the start date!");
  });

  it("shows no percentage for an applicant whose HSC result is awaited, rather than the 0 stored", async () => {
    const user = await createUser(test.db);
    const appeared = await insertApplication(test.db, {
      userId: user.id,
      applicationNo: "UG-2026-000099",
      status: "Submitted",
      paymentStatus: "Success",
      isOffline: false,
      courseId: 1,
      degreeId: degreeIds["B.A. TAMIL"]!,
      name: "YAZHINI K",
      email: user.userName,
      mobile: "9840000099",
      tweleveStatus: "APPEARED",
      totalMarkPercent: 0,
      applicationFee: 300,
      data: admissionSchema.parse(sampleAdmission({ name: "YAZHINI K" })),
      applicationDate: "2026-05-13",
    });
    try {
      const rows = (await list("search=YAZHINI")).json().data.content;
      expect(rows).toMatchObject([{ name: "YAZHINI K", totalMarkPercent: null }]);
      expect((await list("search=KAVYA")).json().data.content).toMatchObject([{ totalMarkPercent: 66 }]);
    } finally {
      await test.db.delete(applications).where(eq(applications.id, appeared.id));
    }
  });
});
