import { ROLE_ADMIN, limits, messages, notices } from "@admissions/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedFiles } from "../../db/schema/index.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { fixtures, multipartBody, signInAs, uploadAs } from "../../test/factories.js";

let test: TestApp;
let applicant: Awaited<ReturnType<typeof signInAs>>;
let other: Awaited<ReturnType<typeof signInAs>>;
let staff: Awaited<ReturnType<typeof signInAs>>;
beforeAll(async () => {
  test = await buildTestApp();
  [applicant, other, staff] = [await signInAs(test), await signInAs(test), await signInAs(test, ROLE_ADMIN)];
});
afterAll(async () => {
  await test.close();
});

const upload = (cookie: string, file: { name: string; content: Buffer }, fields: Record<string, string> = {}) => {
  const body = multipartBody(fields, file);
  return test.app.inject({ method: "POST", url: "/booking/uploadFile", headers: { ...body.headers, cookie }, payload: body.payload });
};
const download = (cookie: string, user: string, file: string) =>
  test.app.inject({ url: `/booking/downloadFile/userName/${encodeURIComponent(user)}/${encodeURIComponent(file)}`, headers: { cookie } });
const storedCount = async () => (await test.db.select({ count: sql<number>`count(*)::int` }).from(uploadedFiles))[0]!.count;

describe("POST /booking/uploadFile", () => {
  it.each([
    ["photo.jpg", fixtures.photo, "jpg"],
    ["aadhar.png", fixtures.aadhar, "png"],
    ["marksheet.pdf", fixtures.marksheet, "pdf"],
  ])("takes %s and answers a generated name with the type found in its content", async (name, content, extension) => {
    const response = await upload(applicant.cookie, { name, content });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.fileName).toMatch(new RegExp(`^[a-f0-9]{32}\\.${extension}$`));
  });

  it("judges the type by content: a PDF named .jpg is stored as a PDF", async () => {
    const response = await upload(applicant.cookie, { name: "scan.jpg", content: fixtures.marksheet });
    expect(response.json().data.fileName).toMatch(/\.pdf$/);
  });

  it("refuses an HTML page renamed to .jpg and stores nothing", async () => {
    const before = await storedCount();
    const response = await upload(applicant.cookie, { name: "photo.jpg", content: Buffer.from("<html><script>alert(1)</script></html>") });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(notices.unsupportedFile);
    expect(await storedCount()).toBe(before);
  });

  it("takes exactly 1 MB and refuses 1 MB and 1 byte with SPEC.md's message", async () => {
    const padded = (size: number) => Buffer.concat([fixtures.marksheet, Buffer.alloc(size - fixtures.marksheet.length, 0x20)]);
    expect((await upload(applicant.cookie, { name: "big.pdf", content: padded(1024 * 1024) })).statusCode).toBe(200);
    const before = await storedCount();
    const tooBig = await upload(applicant.cookie, { name: "big.pdf", content: padded(1024 * 1024 + 1) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ status: "error", message: messages.fileTooLarge, data: null });
    expect(await storedCount()).toBe(before);
  });

  it("keeps a file name it cannot store as it can: no NUL, no emoji cut in half at 200 characters", async () => {
    const long = `${"a".repeat(199)}\u{1F600}.pdf`;
    const fileName = await uploadAs(test, applicant.cookie, fixtures.marksheet, { name: long });
    const [row] = await test.db.select().from(uploadedFiles).where(eq(uploadedFiles.fileName, fileName));
    // 200 characters as people count them: the emoji whole, where 200 UTF-16 units kept half of it.
    expect(row!.originalName).toBe(`${"a".repeat(199)}\u{1F600}`);
    const withNul = await uploadAs(test, applicant.cookie, fixtures.marksheet, { name: "mark\u0000sheet.pdf" });
    const [kept] = await test.db.select().from(uploadedFiles).where(eq(uploadedFiles.fileName, withNul));
    expect(kept!.originalName).toBe("marksheet.pdf");
  });

  it("ignores path tricks in the file name", async () => {
    const fileName = await uploadAs(test, applicant.cookie, fixtures.photo, { name: "../../../etc/passwd.jpg" });
    expect(fileName).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const response = await download(applicant.cookie, applicant.user.userName, fileName);
    expect(response.headers["content-disposition"]).toBe("attachment; filename=passwd.jpg");
  });

  it("will not let an applicant upload in another's name, but lets staff upload for a walk-in applicant", async () => {
    expect((await upload(applicant.cookie, { name: "p.jpg", content: fixtures.photo }, { username: other.user.userName })).statusCode).toBe(404);
    const fileName = await uploadAs(test, staff.cookie, fixtures.photo, { username: "Walk.In@Example.in" });
    const [row] = await test.db.select().from(uploadedFiles).where(eq(uploadedFiles.fileName, fileName));
    expect(row!.ownerUserName).toBe("walk.in@example.in");
  });

  it("stops at the most files one applicant's documents may count, and keeps nothing more", async () => {
    const busy = await signInAs(test);
    await test.db.insert(uploadedFiles).values(
      Array.from({ length: limits.uploadsPerOwnerMax - 1 }, (_unused, index) => ({
        fileName: `${String(index).padStart(32, "a")}.pdf`.slice(-36),
        ownerUserName: busy.user.userName,
        originalName: "earlier.pdf",
        contentType: "application/pdf",
        sizeBytes: 10,
      })),
    );
    expect((await upload(busy.cookie, { name: "last.pdf", content: fixtures.marksheet })).statusCode).toBe(200);
    const before = await storedCount();
    const refused = await upload(busy.cookie, { name: "one-more.pdf", content: fixtures.marksheet });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(notices.tooManyUploads);
    expect(await storedCount()).toBe(before);
  });

  it("refuses a zip cut short after its header as a file of no accepted type, where file-type's throw was a 500", async () => {
    const before = await storedCount();
    const cut = await upload(applicant.cookie, { name: "scan.pdf", content: Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(100)]) });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe(notices.unsupportedFile);
    expect(await storedCount()).toBe(before);
  });

  it("refuses a multipart body the parser cannot read with 400, where its errors were a 500", async () => {
    const sent = (contentType: string, payload: Buffer | string) =>
      test.app.inject({ method: "POST", url: "/booking/uploadFile", headers: { "content-type": contentType, cookie: applicant.cookie }, payload });
    const whole = multipartBody({}, { name: "photo.jpg", content: fixtures.photo });
    const before = await storedCount();
    for (const response of [
      await sent("multipart/form-data", "abc"),
      // The file's part with the body's closing boundary cut off, as a dropped connection leaves it.
      await sent(whole.headers["content-type"], whole.payload.subarray(0, whole.payload.length - 40)),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: "error", message: notices.uploadIncomplete, data: null });
    }
    expect(await storedCount()).toBe(before);
  });

  it("needs a signed-in user", async () => {
    const body = multipartBody({}, { name: "p.jpg", content: fixtures.photo });
    expect((await test.app.inject({ method: "POST", url: "/booking/uploadFile", headers: body.headers, payload: body.payload })).statusCode).toBe(401);
  });
});

describe("GET /booking/downloadFile/userName/{user}/{file}", () => {
  it("streams the document to its owner as an attachment with its type", async () => {
    const fileName = await uploadAs(test, applicant.cookie, fixtures.marksheet, { name: "Mark Sheet (final).pdf" });
    const response = await download(applicant.cookie, applicant.user.userName, fileName);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="Mark Sheet final.pdf"; filename*=UTF-8''Mark%20Sheet%20%28final%29.pdf`);
    expect(response.rawPayload.equals(fixtures.marksheet)).toBe(true);
  });

  it("offers a document under its name in any script, with an ASCII name beside it", async () => {
    const fileName = await uploadAs(test, applicant.cookie, fixtures.marksheet, { name: "தமிழ் சான்றிதழ்.pdf" });
    const response = await download(applicant.cookie, applicant.user.userName, fileName);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename=document.pdf; filename*=UTF-8''${encodeURIComponent("தமிழ் சான்றிதழ்")}.pdf`);
  });

  it("answers 404 to another applicant, whatever the path says, and 200 to staff", async () => {
    const fileName = await uploadAs(test, applicant.cookie, fixtures.photo);
    expect((await download(other.cookie, applicant.user.userName, fileName)).statusCode).toBe(404);
    expect((await download(other.cookie, other.user.userName, fileName)).statusCode).toBe(404);
    expect((await download(staff.cookie, applicant.user.userName, fileName)).statusCode).toBe(200);
    expect((await download(staff.cookie, other.user.userName, fileName)).statusCode).toBe(404);
  });

  it("answers 404 for path tricks and unknown names", async () => {
    expect((await download(applicant.cookie, applicant.user.userName, "../../../etc/passwd")).statusCode).toBe(404);
    expect((await download(applicant.cookie, applicant.user.userName, "0123456789abcdef0123456789abcdef.jpg")).statusCode).toBe(404);
  });
});
