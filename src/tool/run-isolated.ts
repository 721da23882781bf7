import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { ChildRunner } from "../internal/child-runner.js";
import { maxTimerMs } from "../internal/option-rules.js";
import { siblingModuleUrl } from "../internal/sibling-module.js";
import type { IsolatedReply, IsolatedRequest } from "./isolated-child.js";

/**
 * A function to run in a separate Node process: `export` of `module`, called with `input`.
 *
 * @example
 * ```ts
 * const task: IsolatedTask = { module: new URL("./primes.js", import.meta.url), export: "nthPrime", input: 10_000 };
 * ```
 */
export interface IsolatedTask {
  /** The module's URL or absolute path (`new URL("./work.js", import.meta.url)`). */
  readonly module: string | URL;
  /** The exported function to call; `"default"` by default. Its result must survive a structured clone. */
  readonly export?: string | undefined;
  /** Its one argument; structured-cloned into the process. */
  readonly input?: unknown;
  /** Heap limit of the process, in MB; 256 by default. */
  readonly maxMemoryMb?: number | undefined;
}

/** @internal How long an isolated call may run and who can cancel it. */
export interface IsolationLimits {
  /** Milliseconds left of the call's time limit, or `undefined` for none. */
  readonly timeoutMs: number | undefined;
  readonly signal: AbortSignal;
}

// One runner per module and heap size: a process, once started, serves every later call of that module
// (an idle one never keeps the parent alive), so only the first call pays for the start.
const runners = new Map<string, ChildRunner<IsolatedRequest, IsolatedReply>>();

// Flags of this process the child needs to load the same kinds of modules (`--import tsx`, loaders,
// conditions), without those that would make it a test runner, a debugger target or a watcher.
const droppedFlags = /^--(test|inspect|watch|max-old-space-size|heap-prof|cpu-prof)/;

/** @internal Runs a task in a killable child process: the child is killed at the limit or on abort. */
export async function runIsolated(task: IsolatedTask, limits: IsolationLimits): Promise<unknown> {
  const module = moduleUrl(task.module);
  const memory = Math.ceil(task.maxMemoryMb ?? 256);
  const key = `${memory} ${module}`;
  let runner = runners.get(key);
  if (runner === undefined) {
    runner = new ChildRunner({
      module: siblingModuleUrl(import.meta.url, "isolated-child"),
      execArgv: [
        ...process.execArgv.filter((flag) => !droppedFlags.test(flag)),
        `--max-old-space-size=${memory}`,
      ],
      // Two processes per module; a call waits for one as long as its own time limit allows.
      poolSize: 2,
      queueWaitMs: maxTimerMs,
    });
    runners.set(key, runner);
  }
  const outcome = await runner.request(
    { module, exportName: task.export ?? "default", input: task.input },
    { timeoutMs: limits.timeoutMs ?? maxTimerMs, signal: limits.signal },
  );
  switch (outcome.kind) {
    case "timeout":
      throw new DOMException(`timed out after ${limits.timeoutMs} ms`, "TimeoutError");
    case "crash":
      throw new Error(
        outcome.outOfMemory
          ? `the isolated process ran out of memory (over ${memory} MB)`
          : `the isolated process stopped (${outcome.detail})`,
      );
    case "busy":
      throw new Error("too many isolated calls of this module are waiting; try again later");
    case "memory":
      throw new Error(`the isolated process used too much memory (${outcome.residentMb} MB)`);
    case "reply":
      if (outcome.reply.ok) return outcome.reply.value;
      throw new Error(outcome.reply.message);
  }
}

/** @internal Kills every isolated process (tests, and hosts that want a clean exit at once). */
export async function closeIsolatedRunners(): Promise<void> {
  const all = [...runners.values()];
  runners.clear();
  await Promise.all(all.map((runner) => runner.close()));
}

function moduleUrl(module: string | URL): string {
  if (module instanceof URL) return module.href;
  // An absolute path first: `C:\\work\\x.js` would also parse as a URL with the scheme `c:`.
  if (isAbsolute(module)) return pathToFileURL(module).href;
  if (URL.canParse(module)) return module;
  throw new TypeError(
    `runIsolated: "module" must be a URL or an absolute path (use new URL("./file.js", import.meta.url)); got "${module}"`,
  );
}
