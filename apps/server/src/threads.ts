import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A thread's module beside the module that starts it: the compiled .js when the server runs from its
 * build, the .ts source when it runs from its sources (tests, `npm run dev`).
 */
export function threadModuleBeside(startingModuleUrl: string, name: string): URL {
  return new URL(`./${name}${path.extname(fileURLToPath(startingModuleUrl))}`, startingModuleUrl);
}

/**
 * Starts a thread on a module. A TypeScript source cannot be loaded by a thread on its own: tsx's
 * loader does not reach threads (tsx issue 354), so the thread registers it first.
 */
export function startThread(module: URL, options: WorkerOptions = {}): Worker {
  if (module.pathname.endsWith(".js")) return new Worker(module, options);
  const registerTsxThenLoad = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(registerTsxThenLoad, { ...options, eval: true });
}

/**
 * On Linux each thread has a scheduling priority of its own: a thread doing background work lowers
 * its own (nice 10), so that on a busy machine the event loop (and the database, when it shares the
 * cores) runs first and the thread takes what they leave. Where threads cannot be told apart (no
 * /proc/thread-self), it keeps the process's priority.
 */
export function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    setPriority(threadId, 10);
  } catch {
    // Not Linux, or not allowed: the work still gets done, at the same priority as the requests.
  }
}
