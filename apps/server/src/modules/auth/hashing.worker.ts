/**
 * Hashes and checks passwords in a thread of its own, one at a time, below the event loop's priority
 * (passwords.ts hands it the work). It imports nothing of the app but the thread helpers.
 */
import { parentPort } from "node:worker_threads";
import { hashSync, verifySync } from "@node-rs/argon2";
import { lowerThisThreadsPriority } from "../../threads.js";

/** `Algorithm.Argon2id` of @node-rs/argon2, a const enum that isolated modules cannot import. */
const ARGON2ID = 2;
/**
 * argon2id with 12 MiB, 3 passes, 1 lane: one of the settings OWASP's password storage cheat sheet
 * gives as equally strong as its 19 MiB and 2 passes. Here the 19 MiB came from the kernel afresh for
 * every hash (about 265 page faults) and a hash took nearly twice as long (docs/PERFORMANCE.md,
 * twenty-third round). A check reads the settings from the stored hash, so passwords hashed with the
 * earlier ones still sign in.
 */
const options = { algorithm: ARGON2ID, memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;

export type HashingRequest = { kind: "hash"; secret: string } | { kind: "verify"; storedHash: string; secret: string };
export type HashingReply = { value: string | boolean } | { error: string };

lowerThisThreadsPriority();

const port = parentPort!;
port.on("message", (request: HashingRequest) => {
  let reply: HashingReply;
  try {
    reply = { value: request.kind === "hash" ? hashSync(request.secret, options) : verifySync(request.storedHash, request.secret) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply satisfies HashingReply);
});
