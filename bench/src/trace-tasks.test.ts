import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SourceMapGenerator } from "source-map-js";
import { afterAll, describe, expect, it } from "vitest";
import { longTasks, sourceNamer } from "./trace-tasks.js";

const page = { pid: 7, tid: 1 };
const frame = (id: number, functionName: string, url: string, parent?: number) => ({ id, parent, callFrame: { functionName, url, lineNumber: 0, columnNumber: id } });

/** A page's trace in Chromium's shape: two threads named as a renderer's, one task too short to list, a timer's task with samples. */
const trace = [
  { name: "thread_name", ph: "M", pid: 7, tid: 1, ts: 0, args: { name: "CrRendererMain" } },
  { name: "thread_name", ph: "M", pid: 9, tid: 1, ts: 0, args: { name: "CrRendererMain" } },
  { name: "navigationStart", ph: "R", ...page, ts: 1_000_000 },
  { name: "RunTask", ph: "X", ...page, ts: 1_010_000, dur: 5_000 },
  { name: "RunTask", ph: "X", ...page, ts: 1_100_000, dur: 60_000 },
  { name: "TimerFire", ph: "X", ...page, ts: 1_100_100, dur: 59_000, args: { data: { timerId: 5 } } },
  { name: "RunTask", ph: "X", pid: 9, tid: 1, ts: 1_100_000, dur: 90_000 },
  { name: "Profile", ph: "P", ...page, ts: 1_000_000, args: { data: { startTime: 1_000_000 } } },
  {
    name: "ProfileChunk",
    ph: "P",
    ...page,
    ts: 1_200_000,
    args: {
      data: {
        // One sample before the task, three in it: two in appendChild under our router, one in React.
        cpuProfile: {
          nodes: [frame(1, "(root)", ""), frame(2, "askAhead", "http://x/assets/index.js", 1), frame(3, "appendChild", "", 2), frame(4, "renderRoot", "http://x/assets/index.js", 1)],
          samples: [4, 3, 3, 4],
        },
        timeDeltas: [50_000, 60_000, 1_000, 1_000],
      },
    },
  },
];

describe("the long tasks of a Lighthouse trace", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "trace-tasks-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lists the page's tasks over the threshold with their cause and the functions sampled in them", () => {
    const tasks = longTasks(trace, { minMs: 50 });
    expect(tasks).toEqual([
      {
        startMs: 100,
        durationMs: 60,
        cause: "timer 5",
        selfSamples: [
          ["appendChild", 2],
          ["renderRoot", 1],
        ],
        fromOurCode: [],
        samples: 3,
      },
    ]);
  });

  it("names the built code's frames by their sources, and keeps the browser's own", () => {
    const map = new SourceMapGenerator({ file: "index.js" });
    map.addMapping({ generated: { line: 1, column: 2 }, original: { line: 40, column: 0 }, source: "../../src/app/router.tsx", name: "askAhead" });
    map.addMapping({ generated: { line: 1, column: 4 }, original: { line: 12, column: 0 }, source: "../../node_modules/react-dom/cjs/client.js", name: "renderRoot" });
    writeFileSync(path.join(dir, "index.js.map"), map.toString());
    const tasks = longTasks(trace, { minMs: 50, name: sourceNamer(dir) });
    expect(tasks[0]?.selfSamples).toEqual([
      ["appendChild", 2],
      ["renderRoot (react-dom/cjs/client.js:12)", 1],
    ]);
    expect(tasks[0]?.fromOurCode).toEqual([["askAhead (src/app/router.tsx:40)", 2]]);
  });

  it("refuses a trace without a page", () => {
    expect(() => longTasks([], { minMs: 50 })).toThrow("the trace has no renderer main thread (CrRendererMain)");
  });
});
