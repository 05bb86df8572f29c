import autocannon from "autocannon";

export interface LoadPlan {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  method?: "GET" | "POST";
  /** Called for every request: lets the load rotate through accounts, bodies and client addresses. */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  /** Connection errors (timeouts among them) and answers other than 2xx. */
  errors: number;
  /** The errors by kind ("timeout", "connection error", "HTTP 409"), so a failed row says what failed. */
  errorKinds: Record<string, number>;
  /** Latency percentiles; null when no request was answered within the round. */
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

function percentile(sorted: number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** A round of `seconds`, or shorter: it stops once `until` settles. */
function round(plan: LoadPlan, seconds: number, onResponse?: (statusCode: number, milliseconds: number) => void, until?: Promise<unknown>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: plan.url,
        connections: plan.connections,
        pipelining: 1,
        duration: seconds,
        timeout: 10,
        requests: [{ method: plan.method ?? "GET", ...(plan.setupRequest ? { setupRequest: plan.setupRequest } : {}) }],
      },
      (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)),
    );
    if (onResponse) instance.on("response", (_client, statusCode, _bytes, responseTime) => onResponse(statusCode, responseTime));
    const stop = () => instance.stop();
    until?.then(stop, stop);
  });
}

/**
 * One load, autocannon's way: a warm-up round whose figures are thrown away (JIT, caches, pools),
 * then the counted round. Latencies are kept per request, so any percentile can be read exactly.
 */
export async function measureLoad(plan: LoadPlan): Promise<LoadResult> {
  await round(plan, plan.warmupSeconds);
  return countedRound(plan);
}

/**
 * A load for as long as some work takes, e.g. status reads while an export downloads: the warm-up
 * round, then the work and the counted round together, the round stopped when the work ends (or
 * after `plan.seconds` at the most, which bounds it).
 */
export async function measureDuring<T>(plan: LoadPlan, work: () => Promise<T>): Promise<[LoadResult, T]> {
  await round(plan, plan.warmupSeconds);
  const done = work();
  return Promise.all([countedRound(plan, done), done]);
}

async function countedRound(plan: LoadPlan, until?: Promise<unknown>): Promise<LoadResult> {
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  const count = (kind: string, times = 1) => {
    if (times > 0) errorKinds[kind] = (errorKinds[kind] ?? 0) + times;
  };
  const result = await round(
    plan,
    plan.seconds,
    (status, milliseconds) => {
      latencies.push(milliseconds);
      if (status < 200 || status > 299) count(`HTTP ${status}`);
    },
    until,
  );
  latencies.sort((a, b) => a - b);
  // autocannon's errors include its timeouts.
  count("timeout", result.timeouts);
  count("connection error", result.errors - result.timeouts);
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    errorKinds,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
  };
}

/** The figures of a load for the JSON report; a percentile nothing was answered for is left out. */
export function figuresOf(result: LoadResult, baseline?: number): Record<string, number> {
  const { p50Ms, p95Ms, p99Ms, errorKinds, ...counts } = result;
  const percentiles = Object.entries({ p50Ms, p95Ms, p99Ms }).filter((entry): entry is [string, number] => entry[1] !== null);
  const errorsByKind = Object.entries(errorKinds).map(([kind, times]) => [`errors: ${kind}`, times]);
  return {
    ...counts,
    ...Object.fromEntries(errorsByKind),
    ...Object.fromEntries(percentiles),
    ...(baseline ? { ratioToBaseline: result.requestsPerSecond / baseline } : {}),
  };
}

/** Runs loads at the same time against one server, e.g. status reads during a sign-in flood. */
export function measureTogether<T extends LoadPlan[]>(...plans: T): Promise<{ [K in keyof T]: LoadResult }> {
  return Promise.all(plans.map(measureLoad)) as Promise<{ [K in keyof T]: LoadResult }>;
}

/** "0 errors", or how many and of which kinds: "90 errors (60 timeout, 30 HTTP 503)". */
export function describeErrors(result: LoadResult): string {
  const kinds = Object.entries(result.errorKinds).map(([kind, times]) => `${times} ${kind}`);
  return `${result.errors} errors${kinds.length === 0 ? "" : ` (${kinds.join(", ")})`}`;
}
