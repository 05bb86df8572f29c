import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { describeErrors, measureLoad } from "./load.js";
import { parseOptions, UsageError } from "./options.js";
import { serverNodeFlags, startScriptOfThisRepository } from "./processes.js";
import { notMeasured, readReport, renderMarkdown, tableRowsOf, type BenchReport } from "./report.js";

const run = promisify(execFile);
const mainScript = fileURLToPath(new URL("./main.ts", import.meta.url));

describe("npm run bench", () => {
  const outDir = mkdtempSync(path.join(tmpdir(), "bench-test-"));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("starts, measures B and writes a report it can read back", async () => {
    // From the sources (the "source" export condition): npm test runs before anything is built.
    const { stdout } = await run(process.execPath, ["--conditions=source", "--import", "tsx", mainScript, "--only", "baseline", "--seconds", "1", "--warmup", "1", "--out", outDir], {
      timeout: 90_000,
    });

    const report = readReport(path.join(outDir, "pglite.json"));
    expect(report.measurements.map((row) => row.id)).toEqual(["baseline"]);
    const [baseline] = report.measurements;
    expect(baseline!.verdict).toBe("pass");
    expect(baseline!.values.requestsPerSecond).toBeGreaterThan(0);
    expect(report.baselineRequestsPerSecond).toBe(baseline!.values.requestsPerSecond);

    // The Markdown file and what the command printed are the same table as the JSON.
    const markdown = readFileSync(path.join(outDir, "pglite.md"), "utf8");
    expect(stdout).toBe(markdown);
    expect(tableRowsOf(markdown)).toEqual(report.measurements.map(({ what, target, measured, verdict }) => ({ what, target, measured, verdict })));
  });
});

describe("a load's errors", () => {
  it("are counted once each and named by kind", async () => {
    // Every other answer is a conflict.
    let answered = 0;
    const server = createServer((_request, response) => {
      answered += 1;
      response.writeHead(answered % 2 === 0 ? 409 : 200).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await measureLoad({ url: `http://127.0.0.1:${port}/`, connections: 2, seconds: 1, warmupSeconds: 1 });

      const conflicts = result.errorKinds["HTTP 409"] ?? 0;
      expect(conflicts).toBeGreaterThan(0);
      expect(Object.keys(result.errorKinds)).toEqual(["HTTP 409"]);
      expect(result.errors).toBe(conflicts);
      expect(describeErrors(result)).toBe(`${conflicts} errors (${conflicts} HTTP 409)`);
    } finally {
      server.close();
    }
  });
});

describe("a load's warm-up", () => {
  it("opens the connections the counted round goes on using, and is not counted", async () => {
    // The first answer on each connection is slow, as a connection a busy server takes in late is.
    let connections = 0;
    const answered = new WeakSet<Socket>();
    const server = createServer((request, response) => {
      const first = !answered.has(request.socket);
      answered.add(request.socket);
      setTimeout(() => response.writeHead(200).end("{}"), first ? 400 : 1);
    });
    server.on("connection", () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await measureLoad({ url: `http://127.0.0.1:${port}/`, connections: 2, seconds: 1, warmupSeconds: 1 });

      expect(connections).toBe(2);
      expect(result.requests).toBeGreaterThan(10);
      expect(result.p99Ms).toBeLessThan(400);
      expect(result.errors).toBe(0);
    } finally {
      server.close();
    }
  });
});

describe("the report's table", () => {
  it("reads back a cell holding a pipe", () => {
    const report: BenchReport = {
      startedAt: "2026-11-23T00:00:00.000Z",
      finishedAt: "2026-11-23T00:01:00.000Z",
      quick: true,
      engine: "postgres",
      applications: 10_000,
      machine: { cpus: 2, cpuModel: "test", memoryGiB: 24, node: "20" },
      baselineRequestsPerSecond: null,
      measurements: [notMeasured("import", "import | students", "<= 5 s")],
    };
    expect(tableRowsOf(renderMarkdown(report))).toEqual([{ what: "import | students", target: "<= 5 s", measured: "-", verdict: "not measured" }]);
  });
});

describe("the command line", () => {
  it("runs every phase with 100,000 applications by default and a tenth with --quick", () => {
    const full = parseOptions([], {});
    const quick = parseOptions(["--quick"], {});
    expect(full !== "help" && full.applications).toBe(100_000);
    expect(quick !== "help" && quick.applications).toBe(10_000);
    expect(full !== "help" && full.phases).toEqual(["baseline", "status", "admission", "signin", "staff-list", "export", "import", "bundle", "lighthouse"]);
  });

  it("measures on PostgreSQL when DATABASE_URL is set", () => {
    const options = parseOptions([], { DATABASE_URL: "postgres://127.0.0.1/bench" });
    expect(options !== "help" && options.databaseUrl).toBe("postgres://127.0.0.1/bench");
  });

  it("keeps the folders for the server's CPU profile and Lighthouse's reports as absolute paths", () => {
    const options = parseOptions(["--cpu-prof", "prof", "--lighthouse-reports", "reports"], {});
    expect(options !== "help" && options.cpuProfileDir).toBe(path.resolve("prof"));
    expect(options !== "help" && options.lighthouseReports?.dir).toBe(path.resolve("reports"));
    expect(options !== "help" && options.lighthouseReports?.traces).toBe(false);
    const traced = parseOptions(["--lighthouse-reports", "reports", "--lighthouse-traces"], {});
    expect(traced !== "help" && traced.lighthouseReports?.traces).toBe(true);
    const plain = parseOptions([], {});
    expect(plain !== "help" && [plain.cpuProfileDir, plain.lighthouseReports]).toEqual([undefined, undefined]);
  });

  it("refuses Lighthouse's traces without a folder for them", () => {
    expect(() => parseOptions(["--lighthouse-traces"], {})).toThrow(new UsageError("--lighthouse-traces needs --lighthouse-reports, the folder the traces go to"));
  });

  it("refuses an unknown phase or a round of no length", () => {
    expect(() => parseOptions(["--only", "status,export-everything"], {})).toThrow(new UsageError("unknown phase export-everything; the phases are baseline, status, admission, signin, staff-list, export, import, bundle, lighthouse"));
    expect(() => parseOptions(["--seconds", "0"], {})).toThrow(UsageError);
  });
});

describe("the server's Node flags", () => {
  it("are the ones the start script gives node before the built server", () => {
    expect(serverNodeFlags("npm run build && node --max-old-space-size=768 --trace-warnings apps/server/dist/server.js")).toEqual(["--max-old-space-size=768", "--trace-warnings"]);
    expect(serverNodeFlags("node apps/server/dist/server.js")).toEqual([]);
  });

  it("refuse a start script that does not run the built server", () => {
    expect(() => serverNodeFlags("tsx watch apps/server/src/server.ts")).toThrow(/does not run apps\/server\/dist\/server\.js/);
  });

  it("include the heap limit in this repository's npm start, which keeps the server's memory near its live data", () => {
    expect(serverNodeFlags(startScriptOfThisRepository())).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
  });
});
