import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { KeptReports } from "./lighthouse.js";

/** The phases of a run, in the order they run; `--only` picks some (the self-test runs the baseline alone). */
export const phaseNames = ["baseline", "status", "admission", "signin", "staff-list", "export", "import", "bundle", "lighthouse"] as const;
export type PhaseName = (typeof phaseNames)[number];

export interface BenchOptions {
  quick: boolean;
  phases: PhaseName[];
  /** Applications seeded: 100,000, or a tenth with --quick. */
  applications: number;
  /** The counted round of each load; a warm-up of `warmupSeconds` on the same connections comes first and is not counted. */
  seconds: number;
  warmupSeconds: number;
  outDir: string;
  databaseUrl?: string;
  /** Where the server under test writes a V8 CPU profile when it stops (node --cpu-prof), if anywhere. */
  cpuProfileDir?: string;
  /** Where each page's whole Lighthouse report is kept (its long tasks, its main thread's work), and its trace with it, if anywhere. */
  lighthouseReports?: KeptReports;
}

const defaultOutDir = fileURLToPath(new URL("../results", import.meta.url));

export const usage = `npm run bench -- [--quick] [--only phase,phase] [--seconds n] [--warmup n] [--out folder]
  --quick     a tenth of the data and shorter rounds (under 5 minutes)
  --only      some of: ${phaseNames.join(", ")}
  --seconds   length of each counted round (default 10, quick 5)
  --warmup    length of each load's uncounted warm-up, on the same connections (default 5, quick 2)
  --out       where the report goes (default bench/results)
  --cpu-prof  a folder: the server under test writes its CPU profile there (open it in Chrome's DevTools)
  --lighthouse-reports  a folder: each page's whole Lighthouse report goes there as JSON (open it in the Lighthouse viewer)
  --lighthouse-traces   with --lighthouse-reports: each page's trace too, with the JavaScript's CPU samples
                        (open it in DevTools' Performance panel); sampling slows the page, so its scores are not the run's
DATABASE_URL=postgres://... measures on PostgreSQL instead of the embedded database.`;

export class UsageError extends Error {}

function positiveNumber(text: string | undefined, fallback: number, flag: string): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`${flag} must be a number above 0, not "${text}"`);
  return value;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions | "help" {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: "boolean", default: false },
      only: { type: "string" },
      seconds: { type: "string" },
      warmup: { type: "string" },
      out: { type: "string" },
      "cpu-prof": { type: "string" },
      "lighthouse-reports": { type: "string" },
      "lighthouse-traces": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) return "help";
  const phases = values.only ? values.only.split(",").map((name) => name.trim()) : [...phaseNames];
  const unknown = phases.filter((name) => !phaseNames.includes(name as PhaseName));
  if (unknown.length > 0) throw new UsageError(`unknown phase ${unknown.join(", ")}; the phases are ${phaseNames.join(", ")}`);
  const quick = values.quick;
  if (values["lighthouse-traces"] && !values["lighthouse-reports"]) throw new UsageError("--lighthouse-traces needs --lighthouse-reports, the folder the traces go to");
  return {
    quick,
    phases: phaseNames.filter((name) => phases.includes(name)),
    applications: quick ? 10_000 : 100_000,
    seconds: positiveNumber(values.seconds, quick ? 5 : 10, "--seconds"),
    warmupSeconds: positiveNumber(values.warmup, quick ? 2 : 5, "--warmup"),
    outDir: path.resolve(values.out ?? defaultOutDir),
    databaseUrl: env.DATABASE_URL || undefined,
    cpuProfileDir: values["cpu-prof"] ? path.resolve(values["cpu-prof"]) : undefined,
    lighthouseReports: values["lighthouse-reports"] ? { dir: path.resolve(values["lighthouse-reports"]), traces: values["lighthouse-traces"] } : undefined,
  };
}
