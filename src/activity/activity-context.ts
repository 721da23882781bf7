import type { CallerRequests } from "../caller/caller-types.js";
import type { Principal } from "../memory/memory-scope.js";
import type { ActivityMemory } from "../tool/activity-memory.js";
import type { IsolatedTask } from "../tool/run-isolated.js";
import type { Tool } from "../tool/tool.js";
import type { ToolActivity } from "./tool-activity.js";

/**
 * The second argument of every activity method: the call's tool, signal and memories, progress, and
 * what it can ask of whoever called it (`log`, `elicit`, `sample`, `roots`; see `CallerRequests`).
 *
 * @example
 * ```ts
 * @activity({ description: "Fetch a page", schema: z.object({ url: z.string() }) })
 * async fetchPage(input: { url: string }, context: ActivityContext) {
 *   return (await fetch(input.url, { signal: context.signal })).text();
 * }
 * ```
 */
export interface ActivityContext<T extends Tool = Tool> extends CallerRequests {
  /** The tool instance the call runs on. */
  readonly tool: T;
  /** The activity being run. */
  readonly activity: ToolActivity;
  /** Aborted when the call times out or the caller cancels it; pass it on to I/O. */
  readonly signal: AbortSignal;
  /** The tool's input memories: load what a memory reference in the input points to. */
  readonly memory: ActivityMemory;
  /** Who the call acts for in task memory (`RunOptions.principal`); `undefined`: the default space. */
  readonly principal: Principal;
  /**
   * Runs an exported function in a separate Node process that is killed when this call's time limit
   * passes or it is aborted: the one way to give work that blocks (a synchronous loop, a native call,
   * code that ignores `signal`) a hard limit, since in-process JavaScript cannot be interrupted. The
   * process stays up for the module's later calls. Rejects with the function's error, a `TimeoutError`,
   * or the reason the process died (out of memory included).
   *
   * @example
   * ```ts
   * @activity({ description: "The n-th prime", schema: z.object({ n: z.number().int() }), timeoutMs: 2_000 })
   * nthPrime(input: { n: number }, context: ActivityContext) {
   *   return context.runIsolated({ module: new URL("./primes.js", import.meta.url), export: "nthPrime", input: input.n });
   * }
   * ```
   */
  runIsolated(task: IsolatedTask): Promise<unknown>;
  /**
   * Reports how far a long call has got: over MCP a `notifications/progress` to a client that asked
   * for it, elsewhere the caller's `onProgress`. Reports that do not grow are dropped (MCP requires
   * progress to increase); numbers must be finite and not negative.
   *
   * @example
   * ```ts
   * for (const [index, url] of urls.entries()) {
   *   context.progress(index + 1, urls.length, `fetched ${url}`);
   * }
   * ```
   */
  progress(done: number, total?: number, message?: string): void;
}
