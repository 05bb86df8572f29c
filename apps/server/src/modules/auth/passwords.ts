import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";

/**
 * argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane). @node-rs/argon2 runs it on libuv's
 * thread pool, so hashing never blocks the event loop.
 */
/** `Algorithm.Argon2id` of @node-rs/argon2, a const enum that isolated modules cannot import. */
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core at a time; the rest wait their turn. libuv's pool has four threads, and
 * a sign-in flood on two cores would otherwise run four hashes beside the event loop, which then
 * answered everybody else's calls (the applicants' status polls) up to 15 times slower.
 */
const hashing = pLimit(availableParallelism());

export function hashSecret(secret: string): Promise<string> {
  return hashing(() => hash(secret, options));
}

export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await hashing(() => verify(storedHash, secret));
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
