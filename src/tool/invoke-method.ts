import type { ActivityContext } from "../activity/activity-context.js";
import type { ActivityDefinition } from "../activity/activity-registry.js";
import type { ToolActivity } from "../activity/tool-activity.js";
import type { Artifact } from "../artifacts/artifact.js";
import { toArtifact } from "../artifacts/coerce-result.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import type { Caller } from "../caller/caller-channel.js";
import { CallerError } from "../caller/caller-error.js";
import { logTo } from "../caller/caller-log.js";
import type {
  AskOptions,
  CallerAbilities,
  CallerRequests,
  ElicitAnswer,
  FormOf,
  LogLevel,
  Root,
  SamplingMessage,
  SamplingOptions,
  SamplingResult,
} from "../caller/caller-types.js";
import { ActivityConfigError } from "../errors/activity-config-error.js";
import { isThenable, type MaybePromise } from "../internal/maybe-promise.js";
import type { Principal } from "../memory/memory-scope.js";
import { type ActivityMemory, activityMemory } from "./activity-memory.js";
import type { IsolatedTask } from "./run-isolated.js";
import { defaultTimeoutMs, timeLimitSetting } from "./time-limit.js";
import type { Tool } from "./tool.js";
import type { ActivityProgress, RunOptions } from "./tool-options.js";
import type { ToolState } from "./tool-state.js";

const timedOut = Symbol("timed out");

/** What a run without a caller can ask: nothing. */
const nobody: CallerAbilities = Object.freeze({ elicit: false, sample: false, roots: false });

// Read once: \`performance\` is a lazy getter on the global object, and this clock is read twice per call.
const clock = globalThis.performance;

// Failures a retry may cure (a thrown error, a timeout), as opposed to errors the method returned.
const retryable = new WeakSet<Artifact>();

/** @internal True for the failures a retry may cure: a thrown error or a timeout. */
export function isRetryable(artifact: Artifact): boolean {
  return retryable.has(artifact);
}

/**
 * @internal Calls an activity's method on a validated input with its context, a time limit and the
 * caller's abort signal, and coerces what it returns (or throws) into an artifact. A method that
 * returns a value (not a promise) gets its artifact back without a promise. A result that arrives after
 * the limit (a method that blocked the event loop, so no timer could fire) is a timeout too.
 */
export function invokeMethod(
  tool: Tool,
  state: ToolState,
  definition: ActivityDefinition,
  input: unknown,
  options: RunOptions,
): MaybePromise<Artifact> {
  const activity = definition.activity;
  // The caller may have aborted while the input was being validated: its "abort" event is gone by now.
  options.signal?.throwIfAborted();
  const setting = timeLimitSetting(options, activity, state);
  const timeoutMs = setting === undefined ? defaultTimeoutMs : (setting ?? undefined);
  const callerSignal = options.signal;
  // The memory view holds no state of its own: one per tool serves every call without a principal.
  const principal = options.principal;
  state.activityMemory ??= activityMemory(tool);
  const memory = principal === undefined ? state.activityMemory : activityMemory(tool, principal);
  const context = new MethodContext(tool, activity, memory, callerSignal, timeoutMs);
  if (options.onProgress !== undefined) context.onProgress = options.onProgress;
  context.caller = options.caller;
  context.principal = principal;
  // A limit someone set is held to the letter, also against a method that blocks the thread; the
  // 60 s default guards against calls that never settle, and its timer does that without a clock.
  if (setting !== undefined && setting !== null) context.startClock();
  const method = definition.method(tool);
  let result: unknown;
  let waits: boolean;
  try {
    result = method.call(tool, input, context);
    waits = isThenable(result);
  } catch (error) {
    context.endSyncRun();
    return context.late() ?? thrown(error);
  }
  context.endSyncRun();
  // A method that returned a value has finished: no timer or abort can overtake it any more.
  if (!waits) return context.late() ?? toArtifact(result);
  const pending = Promise.resolve(result);
  if (timeoutMs === undefined && callerSignal === undefined) {
    return pending.then(toArtifact, thrown);
  }
  return race(context, pending);
}

async function race(context: MethodContext, pending: Promise<unknown>): Promise<Artifact> {
  const guards: Promise<unknown>[] = [pending];
  const timeoutMs = context.timeoutMs;
  const callerSignal = context.callerSignal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  if (timeoutMs !== undefined) {
    // The time left, not the whole limit: the method may have spent some of it before returning.
    const spent = clock.now() - context.startedAt;
    const left = Number.isNaN(spent) ? timeoutMs : Math.max(0, timeoutMs - spent);
    guards.push(
      new Promise((resolve) => {
        timer = setTimeout(() => {
          context.expire();
          resolve(timedOut);
        }, left);
      }),
    );
  }
  if (callerSignal !== undefined) {
    guards.push(
      new Promise((_, reject) => {
        onAbort = () => reject(callerSignal.reason);
        callerSignal.addEventListener("abort", onAbort, { once: true });
      }),
    );
  }
  try {
    const result = await Promise.race(guards);
    if (result === timedOut) {
      pending.catch(() => undefined);
      return timeoutFailure(context);
    }
    return context.late() ?? toArtifact(result);
  } catch (error) {
    if (callerSignal?.aborted === true && error === callerSignal.reason) {
      pending.catch(() => undefined);
      throw error;
    }
    return context.late() ?? thrown(error);
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) callerSignal?.removeEventListener("abort", onAbort);
  }
}

/**
 * The context a method gets. Its signal, combined from the caller's and the time limit's, is made on
 * first read: `AbortSignal.any` is costly and most methods never look at it. Only a signal someone read
 * needs aborting at the limit, so the limit's controller is made then too.
 */
class MethodContext implements ActivityContext {
  readonly tool: Tool;
  readonly activity: ToolActivity;
  readonly memory: ActivityMemory;
  readonly callerSignal: AbortSignal | undefined;
  readonly timeoutMs: number | undefined;
  /** When the method was called (`performance.now()`), or NaN when the call is not clocked. */
  startedAt = Number.NaN;
  #limit: AbortController | undefined;
  #expired = false;
  #signal: AbortSignal | undefined;

  constructor(
    tool: Tool,
    activity: ToolActivity,
    memory: ActivityMemory,
    caller: AbortSignal | undefined,
    timeoutMs: number | undefined,
  ) {
    this.tool = tool;
    this.activity = activity;
    this.memory = memory;
    this.callerSignal = caller;
    this.timeoutMs = timeoutMs;
  }

  get signal(): AbortSignal {
    if (this.#signal === undefined) {
      const caller = this.callerSignal;
      let limit: AbortSignal | undefined;
      if (this.timeoutMs !== undefined) {
        this.#limit = new AbortController();
        if (this.#expired) this.#limit.abort(this.#timeoutReason());
        limit = this.#limit.signal;
      }
      this.#signal =
        caller !== undefined && limit !== undefined
          ? AbortSignal.any([caller, limit])
          : (caller ?? limit ?? new AbortController().signal);
    }
    return this.#signal;
  }

  /** The caller's progress listener (`RunOptions.onProgress`), when it has one. */
  onProgress: ((progress: ActivityProgress) => void) | undefined;
  /** Who can answer the method's asks (`RunOptions.caller`), when someone can. */
  caller: Caller | undefined;
  /** Who the call acts for in task memory (`RunOptions.principal`). */
  principal: Principal;
  #requests: Promise<CallerRequests> | undefined;

  /** The asks, built on first use (forms and sampling load then: most methods never ask). */
  #asks(): Promise<CallerRequests> {
    this.#requests ??= import("../caller/caller-requests.js").then(({ callerRequests }) =>
      callerRequests(this.caller, this.signal, this.tool.name),
    );
    return this.#requests;
  }

  get canAsk(): CallerAbilities {
    return this.caller?.abilities ?? nobody;
  }

  log(level: LogLevel, message: string, data?: unknown): void {
    logTo(this.caller, { level, message, data, toolName: this.tool.name });
  }

  async elicit<S>(
    message: string,
    schema: S,
    options?: AskOptions,
  ): Promise<ElicitAnswer<FormOf<S>>> {
    return (await this.#asks()).elicit(message, schema, options);
  }

  async sample(
    messages: string | readonly SamplingMessage[],
    options: SamplingOptions,
  ): Promise<SamplingResult> {
    return (await this.#asks()).sample(messages, options);
  }

  async roots(options?: AskOptions): Promise<readonly Root[]> {
    return (await this.#asks()).roots(options);
  }
  #lastProgress = Number.NEGATIVE_INFINITY;

  progress(done: number, total?: number, message?: string): void {
    if (
      !Number.isFinite(done) ||
      done < 0 ||
      (total !== undefined && !(Number.isFinite(total) && total >= 0))
    ) {
      throw new ActivityConfigError({
        methodName: this.activity.methodName,
        key: "progress",
        message: `takes finite numbers of at least 0; got ${done}${total === undefined ? "" : ` of ${total}`}`,
      });
    }
    // MCP requires each report to grow; a repeat says nothing new.
    if (done <= this.#lastProgress || this.onProgress === undefined) return;
    this.#lastProgress = done;
    this.onProgress({
      progress: done,
      ...(total === undefined ? {} : { total }),
      ...(message === undefined ? {} : { message }),
    });
  }

  /** How long the method's first synchronous run took (NaN when unclocked): the one span no timer can cut. */
  syncMs = Number.NaN;

  endSyncRun(): void {
    if (!Number.isNaN(this.startedAt)) this.syncMs = clock.now() - this.startedAt;
  }

  startClock(): void {
    this.startedAt = clock.now();
  }

  async runIsolated(task: IsolatedTask): Promise<unknown> {
    const { runIsolated } = await import("./run-isolated.js");
    const left =
      this.timeoutMs === undefined
        ? undefined
        : Math.max(1, Math.ceil(this.timeoutMs - (clock.now() - this.startedAt || 0)));
    return runIsolated(task, { timeoutMs: left, signal: this.signal });
  }

  /** The limit has passed: the method's signal aborts with a `TimeoutError`. */
  expire(): void {
    this.#expired = true;
    this.#limit?.abort(this.#timeoutReason());
  }

  /** A timeout artifact when the limit passed before the method's outcome arrived; else `undefined`. */
  late(): ErrorArtifact | undefined {
    const timeoutMs = this.timeoutMs;
    // An unclocked call (NaN) is never late, and costs no clock read.
    if (timeoutMs === undefined || Number.isNaN(this.startedAt)) return undefined;
    if (clock.now() - this.startedAt <= timeoutMs) return undefined;
    return timeoutFailure(this);
  }

  #timeoutReason(): DOMException {
    return new DOMException(`timed out after ${this.timeoutMs} ms`, "TimeoutError");
  }
}

function timeoutFailure(context: MethodContext): ErrorArtifact {
  const { tool, activity, timeoutMs } = context;
  // Its first synchronous run alone outlasted the limit: it held the event loop, so nothing could stop it.
  // Measured on that run, not on the time until the timer fired, which a busy machine delays.
  const blocked =
    context.syncMs > (timeoutMs ?? 0)
      ? `; it ran for ${Math.round(context.syncMs)} ms without yielding, so it could not be stopped and its result was discarded (what it did may have happened)`
      : "";
  const timeout = activityFailure(
    `Activity "${activity.name}" of tool "${tool.name}" timed out after ${timeoutMs} ms${blocked}`,
    "timeout",
  );
  retryable.add(timeout);
  return timeout;
}

function thrown(error: unknown): ErrorArtifact {
  // An ask nobody could answer keeps its own code (`elicitation_unavailable` …), for callers to tell.
  const code = CallerError.isInstance(error) ? error.code : "activity_failed";
  const artifact = activityFailure(messageOf(error), code, error);
  retryable.add(artifact);
  return artifact;
}

/** @internal An error artifact with a code (and the error that caused it). */
export function activityFailure(message: string, code: string, cause?: unknown): ErrorArtifact {
  return new ErrorArtifact(message, { code, ...(cause === undefined ? {} : { cause }) });
}

/** @internal The message of whatever was thrown. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
