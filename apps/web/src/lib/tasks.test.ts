import { describe, expect, it } from "vitest";
import { oneTaskEach } from "./tasks";

describe("oneTaskEach", () => {
  it("runs the steps in order, each in a task of its own, with other tasks between them", async () => {
    const happened: string[] = [];
    await new Promise<void>((done) => {
      oneTaskEach([
        () => {
          happened.push("first");
          // Queued by the first step: it runs before the second, which a single task would not allow.
          setTimeout(() => happened.push("a task queued by the first"));
          queueMicrotask(() => happened.push("the first's microtask"));
        },
        () => happened.push("second"),
        () => {
          happened.push("third");
          done();
        },
      ]);
      happened.push("the caller goes on");
    });
    expect(happened).toEqual(["the caller goes on", "first", "the first's microtask", "a task queued by the first", "second", "third"]);
  });
});
