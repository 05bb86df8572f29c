import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SourceMapConsumer, type RawSourceMap } from "source-map-js";

/**
 * The long tasks of a page's load in a Lighthouse trace (`npm run bench -- --lighthouse-reports DIR
 * --lighthouse-traces`): when each began, how long it took unthrottled, what started it, and the
 * functions its CPU samples fell in, named through the web build's source maps. Lighthouse's own
 * report lists its long tasks by script only; this says which code they ran.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

export interface CallFrame {
  functionName: string;
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

export interface LongTask {
  /** From the navigation's start, in milliseconds. */
  startMs: number;
  durationMs: number;
  /** The timer, event or script that started it, when the trace says. */
  cause: string;
  /** The functions its samples fell in, most sampled first. */
  selfSamples: [string, number][];
  /** For each sample, the innermost of our own functions (a `src/` file) on its stack: which of our code led there. */
  fromOurCode: [string, number][];
  samples: number;
}

/** The events that say what started a task, and how to name each. */
const causes: Record<string, (data: Record<string, unknown>) => string> = {
  TimerFire: (data) => `timer ${String(data.timerId ?? "")}`.trim(),
  EventDispatch: (data) => `event ${String(data.type ?? "")}`,
  FunctionCall: (data) => `call ${String(data.functionName || "(anonymous)")} in ${fileOf(String(data.url ?? ""))}`,
  EvaluateScript: (data) => `script ${fileOf(String(data.url ?? ""))}`,
  ParseHTML: () => "parsing the HTML",
};

const fileOf = (url: string) => url.split("/").pop() ?? url;

/** The renderer's main thread: of the threads named CrRendererMain, the one that ran the most tasks. */
function pageMainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const tasks = new Map<string, number>();
  for (const event of events) if (event.name === "RunTask" && event.ph === "X") tasks.set(`${event.pid}:${event.tid}`, (tasks.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
  const [busiest] = events
    .filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain")
    .sort((a, b) => (tasks.get(`${b.pid}:${b.tid}`) ?? 0) - (tasks.get(`${a.pid}:${a.tid}`) ?? 0));
  if (!busiest) throw new Error("the trace has no renderer main thread (CrRendererMain)");
  return { pid: busiest.pid, tid: busiest.tid };
}

/** The V8 samples of a process: each one's time and the stack it caught, innermost frame first. */
function samplesOf(events: TraceEvent[], pid: number): { ts: number; stack: CallFrame[] }[] {
  const nodes = new Map<number, ProfileNode>();
  const sampled: { ts: number; node: number }[] = [];
  let clock = 0;
  for (const event of events) {
    if (event.pid !== pid) continue;
    const data = event.args?.data ?? {};
    if (event.name === "Profile") clock = Number(data.startTime);
    if (event.name !== "ProfileChunk") continue;
    const profile = (data.cpuProfile ?? {}) as { nodes?: ProfileNode[]; samples?: number[] };
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    const deltas = (data.timeDeltas ?? []) as number[];
    (profile.samples ?? []).forEach((node, index) => {
      clock += deltas[index] ?? 0;
      sampled.push({ ts: clock, node });
    });
  }
  return sampled.map(({ ts, node }) => {
    const stack: CallFrame[] = [];
    for (let current = nodes.get(node); current; current = current.parent === undefined ? undefined : nodes.get(current.parent)) stack.push(current.callFrame);
    return { ts, stack };
  });
}

const ranked = (counts: Map<string, number>, top: number): [string, number][] => [...counts].sort((a, b) => b[1] - a[1]).slice(0, top);

/** The page's tasks of `minMs` or longer, in the order they ran. */
export function longTasks(events: TraceEvent[], options: { minMs: number; name?: (frame: CallFrame) => string; top?: number }): LongTask[] {
  const name = options.name ?? ((frame: CallFrame) => frame.functionName || "(anonymous)");
  const top = options.top ?? 8;
  const { pid, tid } = pageMainThread(events);
  const navigation = events.find((event) => event.name === "navigationStart" && event.pid === pid);
  const zero = navigation?.ts ?? 0;
  const onThread = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === "X");
  const samples = samplesOf(events, pid);
  return onThread
    .filter((event) => event.name === "RunTask" && (event.dur ?? 0) >= options.minMs * 1000)
    .sort((a, b) => a.ts - b.ts)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const starter = onThread.find((event) => event.ts >= task.ts && event.ts <= end && event.name in causes);
      const within = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= end);
      const self = new Map<string, number>();
      const ours = new Map<string, number>();
      for (const { stack } of within) {
        const innermost = stack[0] && name(stack[0]);
        if (innermost) self.set(innermost, (self.get(innermost) ?? 0) + 1);
        const ourFrame = stack.map(name).find((frame) => frame.includes("src/"));
        if (ourFrame) ours.set(ourFrame, (ours.get(ourFrame) ?? 0) + 1);
      }
      return {
        startMs: (task.ts - zero) / 1000,
        durationMs: (task.dur ?? 0) / 1000,
        cause: starter ? causes[starter.name]!(starter.args?.data ?? {}) : "",
        selfSamples: ranked(self, top),
        fromOurCode: ranked(ours, top),
        samples: within.length,
      };
    });
}

/**
 * Names a sampled frame by the source it was built from, through the `.map` beside its script in
 * `assetsDir`; a frame with no map (the browser's own, an inline script) keeps V8's name.
 */
export function sourceNamer(assetsDir: string): (frame: CallFrame) => string {
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapFile = path.join(assetsDir, `${file}.map`);
      maps.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, "utf8")) as RawSourceMap) : null);
    }
    return maps.get(file)!;
  };
  return (frame) => {
    const file = fileOf(frame.url ?? "");
    const plain = frame.functionName || "(anonymous)";
    const map = file.endsWith(".js") ? mapOf(file) : null;
    if (!map || frame.lineNumber === undefined) return file ? `${plain} (${file})` : plain;
    // V8's lines count from 0, a source map's from 1.
    const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 });
    if (!original.source) return `${plain} (${file})`;
    const source = original.source.replace(/^.*node_modules\//, "").replace(/^.*?\/src\//, "src/");
    return `${original.name ?? plain} (${source}:${original.line})`;
  };
}

function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { min: { type: "string", default: "25" } } });
  const [traceFile] = positionals;
  if (!traceFile) {
    process.stderr.write("npm run trace-tasks -w bench -- <page>.trace.json [--min milliseconds]\n");
    process.exit(2);
  }
  const trace = JSON.parse(readFileSync(traceFile, "utf8")) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const assets = fileURLToPath(new URL("../../apps/web/dist/assets", import.meta.url));
  const tasks = longTasks(events, { minMs: Number(values.min), name: sourceNamer(assets) });
  const listed = (counts: [string, number][]) => counts.map(([frame, samples]) => `${samples} ${frame}`).join(" | ");
  for (const task of tasks) {
    const lines = [`at ${task.startMs.toFixed(0)} ms: ${task.durationMs.toFixed(1)} ms, ${task.cause || "started by the browser"} (${task.samples} samples)`];
    if (task.selfSamples.length > 0) lines.push(`  spent in: ${listed(task.selfSamples)}`);
    if (task.fromOurCode.length > 0) lines.push(`  from our code: ${listed(task.fromOurCode)}`);
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
