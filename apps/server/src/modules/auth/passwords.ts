import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import type { Worker } from "node:worker_threads";
import pLimit from "p-limit";
import { startThread, threadModuleBeside } from "../../threads.js";
import type { HashingReply, HashingRequest } from "./hashing.worker.js";

/**
 * Passwords are hashed with argon2id in threads of their own (hashing.worker.ts), one per core, each
 * below the event loop's priority, and at most one hash per core at a time: the rest wait their turn.
 * On libuv's pool the hashes ran at the event loop's priority, and during a sign-in flood on two
 * cores everybody else's calls (the applicants' status polls) answered two to five times slower
 * than without it (docs/PERFORMANCE.md, sixteenth round). The threads start with the first hash.
 *
 * Each thread is handed its next request while it still works on one, so that it starts the next
 * hash the moment one ends. Handed one at a time, a thread that had finished waited for the busy
 * event loop to read its answer before it got more work: in a sign-in flood the cores stood idle 3 to
 * 4 % of the time, against 1 % now (twenty-first round). A thread still runs one hash at a time, in
 * the order given.
 *
 * While the event loop is busy, hashing leaves it a core: new hashes go to one thread fewer. At nice
 * 10 a hashing thread still takes slices of the event loop's core, and cache: on two cores, the
 * status calls of ten applicants beside a sign-in flood answered with a p99 a fifth to a quarter
 * lower with the core left to the event loop, and as many sign-ins a second (docs/PERFORMANCE.md,
 * forty-fourth round). A flood of sign-ins alone keeps the event loop less busy than that, and
 * hashes on every core.
 */
const threadCount = availableParallelism();
const REQUESTS_PER_THREAD = 2;
const hashingModule = threadModuleBeside(import.meta.url, "hashing.worker");
const hashing = pLimit(threadCount * REQUESTS_PER_THREAD);

/** The share of its time the event loop works, over the last look, from which it counts as busy. */
const BUSY_EVENT_LOOP = 0.6;
const EVENT_LOOP_LOOK_MS = 100;
let eventLoopBusy = false;
let watchingEventLoop = false;

function threadsToUse(): number {
  return eventLoopBusy ? Math.max(1, threadCount - 1) : threadCount;
}

/** Looks at the event loop every 100 ms from the first hash on, where there is a core to leave it. */
function watchEventLoop() {
  if (watchingEventLoop || threadCount === 1) return;
  watchingEventLoop = true;
  let before = performance.eventLoopUtilization();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    eventLoopBusy = performance.eventLoopUtilization(now, before).utilization >= BUSY_EVENT_LOOP;
    before = now;
    hashing.concurrency = threadsToUse() * REQUESTS_PER_THREAD;
  }, EVENT_LOOP_LOOK_MS).unref();
}

interface HashingThread {
  thread: Worker;
  /** The requests handed to the thread and not yet answered, in the order it answers them. */
  waiting: { resolve(value: string | boolean): void; reject(error: Error): void }[];
}
const threads: HashingThread[] = [];

/**
 * Runs one request on an idle thread of those in use; else on a new one while there are fewer than
 * in use; else on the thread in use with the fewest waiting, where the limit above leaves room. A
 * thread with nothing to do does not keep the process alive; one at work does.
 */
function onHashingThread(request: HashingRequest): Promise<string | boolean> {
  watchEventLoop();
  return hashing(
    () =>
      new Promise((resolve, reject) => {
        const usable = threadsToUse();
        const inUse = threads.slice(0, usable);
        const chosen =
          inUse.find((candidate) => candidate.waiting.length === 0) ??
          (threads.length < usable ? startHashingThread() : inUse.reduce((best, candidate) => (candidate.waiting.length < best.waiting.length ? candidate : best)));
        chosen.waiting.push({ resolve, reject });
        chosen.thread.ref();
        chosen.thread.postMessage(request);
      }),
  );
}

function startHashingThread(): HashingThread {
  const hashingThread: HashingThread = { thread: startThread(hashingModule), waiting: [] };
  const { thread, waiting } = hashingThread;
  thread.on("message", (reply: HashingReply) => {
    const request = waiting.shift();
    if (waiting.length === 0) thread.unref();
    if (!request) return;
    if ("error" in reply) request.reject(new Error(reply.error));
    else request.resolve(reply.value);
  });
  // A thread that ends (it could not load, or crashed) leaves the pool and refuses what it held; the
  // next request starts another. An error it raises is not left unheard, which would end the process.
  const ended = (error?: unknown) => {
    const index = threads.indexOf(hashingThread);
    if (index !== -1) threads.splice(index, 1);
    const failure = error instanceof Error ? error : new Error("a hashing thread ended before it answered");
    for (const request of waiting.splice(0)) request.reject(failure);
  };
  thread.on("error", ended).on("exit", () => ended());
  threads.push(hashingThread);
  return hashingThread;
}

export async function hashSecret(secret: string): Promise<string> {
  return (await onHashingThread({ kind: "hash", secret })) as string;
}

export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    return (await onHashingThread({ kind: "verify", storedHash, secret })) === true;
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account or code to check against,
 * so response times do not tell which e-mail addresses have accounts.
 */
export async function verifyDecoy(secret: string): Promise<false> {
  decoyHash ??= hashSecret("decoy password that matches nothing");
  await verifySecret(await decoyHash, secret);
  return false;
}
