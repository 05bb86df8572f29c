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

/**
 * One load, autocannon's way, on one set of connections: a warm-up of `plan.warmupSeconds` whose
 * answers are not counted (JIT, caches, pools, and the opening of the connections), then the counted
 * round of `plan.seconds`, or shorter: it stops once `until` settles. The warm-up is the start of the
 * same load, not a round of its own: a round of its own opened its connections afresh, and a server
 * under load takes in one new connection per turn of its event loop (PERFORMANCE.md, seventh and
 * twenty-ninth rounds), so the counted round measured how long its own connections took to open.
 *
 * Latencies are kept per answer received in the counted round, so any percentile can be read
 * exactly. Errors are counted over the whole load, warm-up included, each once.
 */
function load(plan: LoadPlan, until?: Promise<unknown>, onCountedRoundStart?: () => void): Promise<LoadResult> {
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  const count = (kind: string, times = 1) => {
    if (times > 0) errorKinds[kind] = (errorKinds[kind] ?? 0) + times;
  };
  let countedFrom: number | undefined;

  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: plan.url,
        connections: plan.connections,
        pipelining: 1,
        duration: plan.warmupSeconds + plan.seconds,
        timeout: 10,
        requests: [{ method: plan.method ?? "GET", ...(plan.setupRequest ? { setupRequest: plan.setupRequest } : {}) }],
      },
      (error, result) => {
        clearTimeout(warmupEnds);
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const countedSeconds = countedFrom === undefined ? 0 : (performance.now() - countedFrom) / 1000;
        latencies.sort((a, b) => a - b);
        // autocannon's errors include its timeouts.
        count("timeout", result.timeouts);
        count("connection error", result.errors - result.timeouts);
        resolve({
          requestsPerSecond: countedSeconds > 0 ? latencies.length / countedSeconds : 0,
          requests: latencies.length,
          errors: result.errors + result.non2xx,
          errorKinds,
          p50Ms: percentile(latencies, 0.5),
          p95Ms: percentile(latencies, 0.95),
          p99Ms: percentile(latencies, 0.99),
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode < 200 || statusCode > 299) count(`HTTP ${statusCode}`);
      if (countedFrom !== undefined) latencies.push(responseTime);
    });
    const warmupEnds = setTimeout(() => {
      countedFrom = performance.now();
      onCountedRoundStart?.();
    }, plan.warmupSeconds * 1000);
    const stop = () => instance.stop();
    until?.then(stop, stop);
  });
}

export function measureLoad(plan: LoadPlan): Promise<LoadResult> {
  return load(plan);
}

/**
 * A load for as long as some work takes, e.g. status reads while an export downloads: the work starts
 * with the counted round, and the load stops when the work ends (or after `plan.seconds` at the most,
 * which bounds it).
 */
export async function measureDuring<T>(plan: LoadPlan, work: () => Promise<T>): Promise<[LoadResult, T]> {
  let startWork!: () => void;
  const started = new Promise<void>((resolve) => (startWork = resolve));
  const done = started.then(work);
  return Promise.all([load(plan, done, startWork), done]);
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
