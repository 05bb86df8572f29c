import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import pidusage from "pidusage";

/** The production build of the server, as `npm start` runs it. */
export const builtServerEntry = fileURLToPath(new URL("../../apps/server/dist/server.js", import.meta.url));
const baselineEntry = fileURLToPath(new URL("./baseline-server.ts", import.meta.url));
const rootPackageFile = fileURLToPath(new URL("../../package.json", import.meta.url));

/**
 * The Node flags a start script gives the built server (`node --flag … apps/server/dist/server.js`):
 * the benchmark starts the server with `npm start`'s own, since its heap limit shapes its memory.
 */
export function serverNodeFlags(startScript: string): string[] {
  const command = /\bnode((?:\s+--\S+)*)\s+apps\/server\/dist\/server\.js\b/.exec(startScript);
  if (!command) throw new Error(`the start script does not run apps/server/dist/server.js with node: "${startScript}"`);
  return command[1]!.split(/\s+/).filter(Boolean);
}

/** The root package.json's `npm start`. */
export function startScriptOfThisRepository(): string {
  const rootPackage = JSON.parse(readFileSync(rootPackageFile, "utf8")) as { scripts: { start: string } };
  return rootPackage.scripts.start;
}

export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A port nobody listens on now, for a server about to start. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("could not find a free port");
  return address.port;
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // A cold start migrates the database and, on the embedded one, loads it: a minute at the most.
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server stopped with code ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not answer ${url} within a minute:\n${output()}`);
}

async function startProcess(args: string[], env: NodeJS.ProcessEnv, readyPath: string): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Its own address as the one people use: the screens are loaded there, not sent on to localhost.
  const child = spawn(process.execPath, args, { env: { ...env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url }, stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  await waitUntilAnswering(url + readyPath, child, () => errors);
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(10_000).then(() => child.kill("SIGKILL"))]);
    },
  };
}

/**
 * The real server from its build with `npm start`'s Node flags, on the given database; logs only
 * warnings, so logging does not skew the figures.
 */
export function startBuiltServer(database: { dataDir: string; databaseUrl?: string }, cpuProfileDir?: string): Promise<ServerProcess> {
  return startProcess(
    [...serverNodeFlags(startScriptOfThisRepository()), ...(cpuProfileDir ? ["--cpu-prof", "--cpu-prof-dir", cpuProfileDir] : []), builtServerEntry],
    {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? "",
      LOG_LEVEL: "warn",
      // Unset, the server takes its own default; set, the bench compares pool sizes.
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
      // Applicants reach a real deployment from many addresses through its proxy; the load says which
      // in X-Forwarded-For, so the per-address sign-in limit counts them apart as it would in production
      // (the load generator stands where the proxy would, on the same machine).
      TRUST_PROXY: "loopback",
    },
    "/booking/health",
  );
}

/** B: a bare Fastify hello-world, started and loaded the same way as the server. */
export function startBaselineServer(): Promise<ServerProcess> {
  return startProcess(["--import", "tsx", baselineEntry], { PATH: process.env.PATH, NODE_ENV: "production" }, "/");
}

/** The resident memory of a process now. */
export async function residentBytes(pid: number): Promise<number> {
  return (await pidusage(pid)).memory;
}

/** The peak resident memory of a process while a phase runs, sampled four times a second. */
export class MemorySampler {
  private peakBytes = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number) {}

  start(): void {
    this.peakBytes = 0;
    this.timer = setInterval(() => void this.sample(), 250);
  }

  async stop(): Promise<number> {
    clearInterval(this.timer);
    await this.sample();
    return this.peakBytes;
  }

  private async sample(): Promise<void> {
    try {
      this.peakBytes = Math.max(this.peakBytes, await residentBytes(this.pid));
    } catch {
      // the process has gone; its last sample stands
    }
  }
}

/** Runs some work while sampling the process's memory; answers what the work answered and the peak. */
export async function peakMemoryDuring<T>(pid: number, run: () => Promise<T>): Promise<[result: T, peakBytes: number]> {
  const sampler = new MemorySampler(pid);
  sampler.start();
  let result: T;
  let peakBytes: number;
  try {
    result = await run();
  } finally {
    peakBytes = await sampler.stop();
  }
  return [result, peakBytes];
}
