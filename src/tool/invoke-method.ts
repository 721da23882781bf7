import type { ActivityContext } from "../activity/activity-context.js";
import type { ActivityDefinition } from "../activity/activity-registry.js";
import type { ToolActivity } from "../activity/tool-activity.js";
import type { Artifact } from "../artifacts/artifact.js";
import { toArtifact } from "../artifacts/coerce-result.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { isThenable, type MaybePromise } from "../internal/maybe-promise.js";
import { type ActivityMemory, activityMemory } from "./activity-memory.js";
import type { Tool } from "./tool.js";
import type { RunOptions } from "./tool-options.js";
import type { ToolState } from "./tool-state.js";

const timedOut = Symbol("timed out");

// Failures a retry may cure (a thrown error, a timeout), as opposed to errors the method returned.
const retryable = new WeakSet<Artifact>();

/** @internal True for the failures a retry may cure: a thrown error or a timeout. */
export function isRetryable(artifact: Artifact): boolean {
  return retryable.has(artifact);
}

/**
 * @internal Calls an activity's method on a validated input with its context, a time limit and the
 * caller's abort signal, and coerces what it returns (or throws) into an artifact. A method that
 * returns a value (not a promise) gets its artifact back without a promise.
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
  const timeoutMs = options.timeoutMs ?? activity.timeoutMs ?? state.timeoutMs;
  const callerSignal = options.signal;
  const controller = timeoutMs === undefined ? undefined : new AbortController();
  // The memory view holds no state of its own: one per tool serves every call.
  state.activityMemory ??= activityMemory(tool);
  const context = new MethodContext(tool, activity, state.activityMemory, callerSignal, controller);
  const method = definition.method(tool);
  let result: unknown;
  let waits: boolean;
  try {
    result = method.call(tool, input, context);
    waits = isThenable(result);
  } catch (error) {
    return thrown(error);
  }
  // A method that returned a value has finished: no timer or abort can overtake it any more.
  if (!waits) return toArtifact(result);
  const pending = Promise.resolve(result);
  if (controller === undefined && callerSignal === undefined) {
    return pending.then(toArtifact, thrown);
  }
  return race(tool, activity, pending, timeoutMs, controller, callerSignal);
}

async function race(
  tool: Tool,
  activity: ToolActivity,
  pending: Promise<unknown>,
  timeoutMs: number | undefined,
  controller: AbortController | undefined,
  callerSignal: AbortSignal | undefined,
): Promise<Artifact> {
  const guards: Promise<unknown>[] = [pending];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  if (controller !== undefined && timeoutMs !== undefined) {
    guards.push(
      new Promise((resolve) => {
        timer = setTimeout(() => {
          controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, "TimeoutError"));
          resolve(timedOut);
        }, timeoutMs);
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
      const timeout = activityFailure(
        `Activity "${activity.name}" of tool "${tool.name}" timed out after ${timeoutMs} ms`,
        "timeout",
      );
      retryable.add(timeout);
      return timeout;
    }
    return toArtifact(result);
  } catch (error) {
    if (callerSignal?.aborted === true && error === callerSignal.reason) {
      pending.catch(() => undefined);
      throw error;
    }
    return thrown(error);
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) callerSignal?.removeEventListener("abort", onAbort);
  }
}

/**
 * The context a method gets. Its signal, combined from the caller's and the time limit's, is made on
 * first read: `AbortSignal.any` is costly and most methods never look at it.
 */
class MethodContext implements ActivityContext {
  readonly tool: Tool;
  readonly activity: ToolActivity;
  readonly memory: ActivityMemory;
  readonly #caller: AbortSignal | undefined;
  readonly #controller: AbortController | undefined;
  #signal: AbortSignal | undefined;

  constructor(
    tool: Tool,
    activity: ToolActivity,
    memory: ActivityMemory,
    caller: AbortSignal | undefined,
    controller: AbortController | undefined,
  ) {
    this.tool = tool;
    this.activity = activity;
    this.memory = memory;
    this.#caller = caller;
    this.#controller = controller;
  }

  get signal(): AbortSignal {
    if (this.#signal === undefined) {
      const caller = this.#caller;
      const timer = this.#controller?.signal;
      this.#signal =
        caller !== undefined && timer !== undefined
          ? AbortSignal.any([caller, timer])
          : (caller ?? timer ?? new AbortController().signal);
    }
    return this.#signal;
  }
}

function thrown(error: unknown): ErrorArtifact {
  const artifact = activityFailure(messageOf(error), "activity_failed", error);
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
