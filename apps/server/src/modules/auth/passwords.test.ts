import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { hashSecret, verifyDecoy, verifySecret } from "./passwords.js";

/**
 * This process's threads that run below its priority (nice 10, field 19 of /proc's stat), each with
 * the CPU time it has used (fields 14 and 15, in clock ticks).
 */
function lowPriorityThreadsOfThisProcess(): Map<string, number> {
  const threads = new Map<string, number>();
  for (const thread of readdirSync("/proc/self/task")) {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[16] === "10") threads.set(thread, Number(fields[11]) + Number(fields[12]));
  }
  return threads;
}

/** Runs `work` while the event loop spends nearly all its time on other work, 5 ms at a turn. */
async function whileTheEventLoopIsBusy<T>(work: () => Promise<T>): Promise<T> {
  let busy = true;
  const spin = () => {
    const until = performance.now() + 5;
    while (performance.now() < until);
    if (busy) setImmediate(spin);
  };
  spin();
  // Long enough for the pool to have looked at the event loop and seen it busy.
  await new Promise((resolve) => setTimeout(resolve, 400));
  try {
    return await work();
  } finally {
    busy = false;
  }
}

describe("passwords", () => {
  it("hashes with argon2id and checks a password against its hash", async () => {
    const stored = await hashSecret("correct horse");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(await verifySecret(stored, "correct horse")).toBe(true);
    expect(await verifySecret(stored, "wrong horse")).toBe(false);
    expect(await verifyDecoy("correct horse")).toBe(false);
  });

  it("checks a password stored with the earlier settings (19 MiB, 2 passes) by the settings in its hash", async () => {
    const storedBefore = "$argon2id$v=19$m=19456,t=2,p=1$v1YcgZq5hS7zrK5++lWRGQ$thlwHHDq6DptuXfT1YPmZ21sVNzV4y2B80OmkFmJA9w";
    expect(await verifySecret(storedBefore, "correct horse")).toBe(true);
    expect(await verifySecret(storedBefore, "wrong horse")).toBe(false);
  });

  it("answers false, not an error, for a stored value that is not a hash", async () => {
    expect(await verifySecret("not a hash", "anything")).toBe(false);
  });

  it("answers every request of a burst larger than its threads, each with its own hash", async () => {
    const secrets = Array.from({ length: availableParallelism() * 3 }, (_, index) => `secret ${index}`);
    const stored = await Promise.all(secrets.map((secret) => hashSecret(secret)));
    expect(new Set(stored).size).toBe(secrets.length);
    const checks = await Promise.all(stored.map((hash, index) => verifySecret(hash, secrets[(index + 1) % secrets.length]!)));
    expect(checks.every((matches) => matches === false)).toBe(true);
    expect(await Promise.all(stored.map((hash, index) => verifySecret(hash, secrets[index]!)))).toEqual(secrets.map(() => true));
  });

  it.runIf(process.platform === "linux")("hashes on threads below the event loop's priority, one per core at most", async () => {
    await Promise.all(Array.from({ length: availableParallelism() * 2 }, (_, index) => hashSecret(`burst ${index}`)));
    const threads = lowPriorityThreadsOfThisProcess().size;
    expect(threads).toBeGreaterThanOrEqual(1);
    expect(threads).toBeLessThanOrEqual(availableParallelism());
  });

  it.runIf(availableParallelism() > 1)("leaves a busy event loop a core: a burst then goes to one thread fewer", async () => {
    const cores = availableParallelism();
    // Which thread each request is handed to, the requests still going to it.
    const handed = vi.spyOn(Worker.prototype, "postMessage");
    const threadsHanded = () => new Set(handed.mock.contexts.map((thread) => (thread as Worker).threadId)).size;
    try {
      // With the event loop idle (two of the pool's looks at it), a burst goes to every thread.
      await new Promise((resolve) => setTimeout(resolve, 250));
      await Promise.all(Array.from({ length: cores * 2 }, (_, index) => hashSecret(`every thread ${index}`)));
      expect(threadsHanded()).toBe(cores);

      handed.mockClear();
      const secrets = Array.from({ length: cores * 4 }, (_, index) => `while busy ${index}`);
      const stored = await whileTheEventLoopIsBusy(() => Promise.all(secrets.map((secret) => hashSecret(secret))));
      expect(handed).toHaveBeenCalledTimes(secrets.length);
      expect(threadsHanded()).toBe(cores - 1);
      expect(await Promise.all(stored.map((hash, index) => verifySecret(hash, secrets[index]!)))).toEqual(secrets.map(() => true));
    } finally {
      handed.mockRestore();
    }
  });

  it("lets a process that has hashed end on its own: idle threads do not hold it", async () => {
    const script = `import { hashSecret } from ${JSON.stringify(new URL("./passwords.ts", import.meta.url).href)};
      console.log((await hashSecret("one")).slice(0, 9));`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], { timeout: 20_000 });
    expect(stdout.trim()).toBe("$argon2id");
  });
});
