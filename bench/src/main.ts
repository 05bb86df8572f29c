import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundlePhase } from "./bundle.js";
import { lighthousePhase } from "./lighthouse.js";
import { figuresOf, measureLoad } from "./load.js";
import { parseOptions, usage, UsageError, type BenchOptions } from "./options.js";
import { admissionPhase, memoryMeasurement, signIn, signInPhase, staffListPhase, statusPhase, type RunContext } from "./phases.js";
import { builtServerEntry, startBaselineServer, startBuiltServer } from "./processes.js";
import { measurement, renderMarkdown, show, writeReport, type BenchReport, type Measurement } from "./report.js";
import { BENCH_ADMIN, seedBenchData } from "./seed.js";
import { exportPhase, importPhase } from "./spreadsheets.js";

const builtWebApp = fileURLToPath(new URL("../../apps/web/dist/index.html", import.meta.url));

function say(line: string) {
  process.stderr.write(`${line}\n`);
}

/** B: requests per second of the bare hello-world, loaded as the server is. */
async function measureBaseline(options: BenchOptions): Promise<{ baseline: number; row: Measurement }> {
  say("B: the bare Fastify hello-world");
  const server = await startBaselineServer();
  try {
    const result = await measureLoad({ url: `${server.url}/`, connections: 100, seconds: options.seconds, warmupSeconds: options.warmupSeconds });
    const row = measurement(
      {
        id: "baseline",
        what: "B: bare Fastify hello-world, 100 connections",
        target: "the yardstick (0 errors)",
        measured: `${show.perSecond(result.requestsPerSecond)}, p99 ${show.ms(result.p99Ms)}`,
        values: figuresOf(result),
      },
      result.errors === 0 && result.requestsPerSecond > 0,
    );
    return { baseline: result.requestsPerSecond, row };
  } finally {
    await server.stop();
  }
}

/** Seeds a fresh database, starts the built server on it, signs the load's users in, and runs the chosen phases. */
async function measureServer(options: BenchOptions, baseline: number): Promise<Measurement[]> {
  for (const file of [builtServerEntry, builtWebApp]) {
    if (!existsSync(file)) throw new UsageError(`${file} is missing: build first (npm run bench builds before it measures)`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-data-"));
  try {
    const engine = options.databaseUrl ? "postgres" : "pglite";
    say(`seeding ${options.applications.toLocaleString("en")} applications (${engine})`);
    const seeded = await seedBenchData(options.databaseUrl ? { url: options.databaseUrl } : { dataDir }, options.applications, (done) => {
      if (done % 10_000 === 0 || done === options.applications) say(`  ${done.toLocaleString("en")}`);
    });
    say(`  of them ${seeded.students.toLocaleString("en")} admitted students with their fee terms`);
    const server = await startBuiltServer({ dataDir, databaseUrl: options.databaseUrl }, options.cpuProfileDir);
    try {
      say(`signing in ${seeded.applicantUserNames.length} applicants`);
      // Eight at a time keeps every core hashing without queueing a thousand sign-ins at once.
      const applicantCookies: string[] = [];
      for (let first = 0; first < seeded.applicantUserNames.length; first += 8) {
        const group = seeded.applicantUserNames.slice(first, first + 8);
        applicantCookies.push(...(await Promise.all(group.map((userName) => signIn(server.url, userName, seeded.password)))));
      }
      const context: RunContext = {
        options,
        engine,
        server,
        baseline,
        seeded,
        applicantCookies,
        adminCookie: await signIn(server.url, BENCH_ADMIN.userName, BENCH_ADMIN.password),
        peakMemory: new Map(),
      };
      const rows: Measurement[] = [];
      const phases = [
        ["status", statusPhase],
        ["admission", admissionPhase],
        ["signin", signInPhase],
        ["staff-list", staffListPhase],
        ["export", exportPhase],
        // Last of the server's phases: it adds ten thousand students to the data the others measure.
        ["import", importPhase],
      ] as const;
      for (const [name, phase] of phases) {
        if (!options.phases.includes(name)) continue;
        say(`${name}`);
        rows.push(...(await phase(context)));
      }
      if (context.peakMemory.size > 0) rows.push(memoryMeasurement(context));
      if (options.phases.includes("bundle")) {
        say("bundle: first loads in Chromium");
        rows.push(
          ...(await bundlePhase(server.url, {
            applicant: { userName: seeded.applicantUserNames[0]!, password: seeded.password },
            staff: BENCH_ADMIN,
          })),
        );
      }
      if (options.phases.includes("lighthouse")) {
        say("lighthouse: /signin and /admission in Chromium");
        rows.push(...(await lighthousePhase(server.url, applicantCookies[0]!, options.lighthouseReports)));
      }
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options === "help") {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const startedAt = new Date().toISOString();
  const { baseline, row } = await measureBaseline(options);
  const measurements = [row];
  if (options.phases.some((phase) => phase !== "baseline")) measurements.push(...(await measureServer(options, baseline)));

  const report: BenchReport = {
    startedAt,
    finishedAt: new Date().toISOString(),
    quick: options.quick,
    engine: options.databaseUrl ? "postgres" : "pglite",
    applications: options.phases.some((phase) => phase !== "baseline") ? options.applications : 0,
    machine: { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? "unknown", memoryGiB: Math.round(totalmem() / 1024 ** 3), node: process.versions.node },
    baselineRequestsPerSecond: baseline,
    measurements,
  };
  const files = writeReport(report, options.outDir);
  process.stdout.write(renderMarkdown(report));
  say(`written: ${files.markdown} and ${files.json}`);
}

try {
  await main();
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  say(`${error.message}\n\n${usage}`);
  process.exitCode = 2;
}
