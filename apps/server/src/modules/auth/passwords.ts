import { availableParallelism } from "node:os";
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
 */
const threadCount = availableParallelism();
const hashingModule = threadModuleBeside(import.meta.url, "hashing.worker");
const hashing = pLimit(threadCount);
const idleThreads: Worker[] = [];

/**
 * Runs one request on an idle thread, or on a new one while there are fewer than one per core (the
 * limit above keeps it so). An idle thread does not keep the process alive; one at work does.
 */
function onHashingThread(request: HashingRequest): Promise<string | boolean> {
  return hashing(
    () =>
      new Promise((resolve, reject) => {
        const thread = idleThreads.pop() ?? startHashingThread();
        const answered = (reply: HashingReply) => {
          thread.off("error", failed).off("exit", failed);
          thread.unref();
          idleThreads.push(thread);
          if ("error" in reply) reject(new Error(reply.error));
          else resolve(reply.value);
        };
        // The thread is gone (it could not load, or crashed): the next request starts another.
        const failed = (error?: unknown) => {
          thread.off("message", answered);
          reject(error instanceof Error ? error : new Error("a hashing thread ended before it answered"));
        };
        thread.once("message", answered).once("error", failed).once("exit", failed);
        thread.ref();
        thread.postMessage(request);
      }),
  );
}

function startHashingThread(): Worker {
  const thread = startThread(hashingModule);
  // A thread that ends while idle leaves the pool (at work, its request is refused as well); an
  // error it raises is not left unheard, which would end the process.
  thread.on("error", () => undefined).on("exit", () => {
    const index = idleThreads.indexOf(thread);
    if (index !== -1) idleThreads.splice(index, 1);
  });
  return thread;
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
