import { PassThrough } from "node:stream";
import { notices } from "@admissions/shared";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWorkbook } from "../modules/reports/workbook.js";
import { errorsPlugin } from "./errors.js";

describe("an answer that fails after it chose a file as its body", () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(errorsPlugin);
    // An export whose first batch fails: the file's stream breaks before its first byte.
    app.get("/broken-export", (_request, reply) => {
      const stream = new PassThrough();
      setImmediate(() => stream.destroy(new Error("the database went away")));
      return sendWorkbook(reply, { total: 3, fileName: "applications.xlsx", stream });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("is answered as every error is, in JSON and without the file's name", async () => {
    const response = await app.inject({ method: "GET", url: "/broken-export" });
    expect(response.statusCode).toBe(500);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toBeUndefined();
    expect(response.json()).toEqual({ status: "error", message: notices.serverError, data: null });
  });
});
