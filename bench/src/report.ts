import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** `info`: measured and shown, but the target is set for another setup (e.g. memory on PostgreSQL only). */
export const verdicts = ["pass", "fail", "info", "not measured"] as const;

const measurementSchema = z.object({
  id: z.string(),
  what: z.string(),
  target: z.string(),
  /** What was seen, as the table shows it. */
  measured: z.string(),
  verdict: z.enum(verdicts),
  /** The raw figures behind `measured` (milliseconds, requests per second, bytes, ratios). */
  values: z.record(z.string(), z.number()),
});
export type Measurement = z.infer<typeof measurementSchema>;

export const reportSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  quick: z.boolean(),
  engine: z.enum(["pglite", "postgres"]),
  applications: z.number().int(),
  machine: z.object({ cpus: z.number().int(), cpuModel: z.string(), memoryGiB: z.number(), node: z.string() }),
  /** B, the bare Fastify hello-world's requests per second in this run. */
  baselineRequestsPerSecond: z.number().nullable(),
  measurements: z.array(measurementSchema),
});
export type BenchReport = z.infer<typeof reportSchema>;

/** Figures as the report prints them. */
export const show = {
  ms: (value: number | null) => (value === null ? "none answered" : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`),
  perSecond: (value: number) => `${Math.round(value).toLocaleString("en")}/s`,
  ratio: (value: number) => `${value.toFixed(2)} B`,
  // A tenth of a KiB: a first load 71 bytes over its 230 KiB read "230 KiB ... fail" in whole ones.
  kib: (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`,
  mib: (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`,
  seconds: (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`,
};

export function measurement(fields: Omit<Measurement, "verdict">, passes: boolean): Measurement {
  return { ...fields, verdict: passes ? "pass" : "fail" };
}

/** Whether a latency met its bound; a round in which nothing was answered did not. */
export function within(milliseconds: number | null, bound: number): boolean {
  return milliseconds !== null && milliseconds <= bound;
}

/** A target this version of the benchmark does not measure yet: listed, so nobody takes silence for a pass. */
export function notMeasured(id: string, what: string, target: string): Measurement {
  return { id, what, target, measured: "-", verdict: "not measured", values: {} };
}

const cell = (text: string) => text.replaceAll("|", "\\|");

export function renderMarkdown(report: BenchReport): string {
  const lines = [
    `# Benchmark: ${report.engine === "postgres" ? "PostgreSQL" : "embedded database (PGlite)"}${report.quick ? ", quick" : ""}`,
    "",
    `${report.startedAt} to ${report.finishedAt}; ${report.applications.toLocaleString("en")} applications; ` +
      `${report.machine.cpus} × ${report.machine.cpuModel}, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}.`,
    `B (a bare Fastify hello-world, same machine, same run): ${report.baselineRequestsPerSecond === null ? "not measured" : show.perSecond(report.baselineRequestsPerSecond)}.`,
    "",
    "| what | target | measured | verdict |",
    "|---|---|---|---|",
    ...report.measurements.map((row) => `| ${cell(row.what)} | ${cell(row.target)} | ${cell(row.measured)} | ${row.verdict} |`),
    "",
  ];
  return lines.join("\n");
}

/** The rows of the report's table, read back from its Markdown. */
export function tableRowsOf(markdown: string): { what: string; target: string; measured: string; verdict: string }[] {
  return markdown
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| what |"))
    .map((line) => {
      const [what = "", target = "", measured = "", verdict = ""] = line
        .slice(2, -2)
        .split(/(?<!\\)\|/)
        .map((part) => part.trim().replaceAll("\\|", "|"));
      return { what, target, measured, verdict };
    });
}

function reportFileStem(report: Pick<BenchReport, "engine" | "quick">): string {
  return `${report.engine}${report.quick ? "-quick" : ""}`;
}

/** Writes `<engine>[-quick].md` and `.json` into the folder, replacing the previous run's. */
export function writeReport(report: BenchReport, outDir: string): { markdown: string; json: string } {
  mkdirSync(outDir, { recursive: true });
  const stem = path.join(outDir, reportFileStem(report));
  writeFileSync(`${stem}.md`, renderMarkdown(report));
  writeFileSync(`${stem}.json`, `${JSON.stringify(report, null, 2)}\n`);
  return { markdown: `${stem}.md`, json: `${stem}.json` };
}

export function readReport(jsonFile: string): BenchReport {
  return reportSchema.parse(JSON.parse(readFileSync(jsonFile, "utf8")));
}
