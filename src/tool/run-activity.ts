import { setTimeout as sleep } from "node:timers/promises";
import type { ActivityContext } from "../activity/activity-context.js";
import type { ActivityDefinition } from "../activity/activity-registry.js";
import type { ToolActivity } from "../activity/tool-activity.js";
import type { Artifact } from "../artifacts/artifact.js";
import { toArtifact } from "../artifacts/coerce-result.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import type { Repair } from "../calls/repair.js";
import { cloneInput, InputTooDeepError } from "../internal/clone-json.js";
import { formatPath } from "../internal/json-path.js";
import { type ActivityMemory, activityMemory } from "../memory/activity-memory.js";
import { dropUnknownKeys } from "../schema/drop-unknown-keys.js";
import { formatValidationIssues } from "../schema/format-issues.js";
import type { NormalizedSchema } from "../schema/normalize-schema.js";
import type { ValidationResult } from "../schema/validation-issue.js";
import { resolveInputSchema } from "./input-schema.js";
import { routeOutput } from "./route-output.js";
import type { Tool } from "./tool.js";
import type { RunOptions } from "./tool-options.js";
import { toolState } from "./tool-state.js";

/**
 * The outcome of one activity call: its artifact and the repairs made to its input.
 *
 * @example
 * ```ts
 * const { artifact, repairs } = await executeActivity(tool, "calculate", { expression: "1+1", x: 1 });
 * // repairs: [{ step: "drop-unknown-keys", detail: "dropped $.x" }]
 * ```
 */
export interface ActivityOutcome {
  readonly artifact: Artifact;
  readonly repairs: readonly Repair[];
  /** The activity that ran (or was validated against); undefined when the name matched none. */
  readonly activity: ToolActivity | undefined;
}

const timedOut = Symbol("timed out");

/**
 * @internal A second chance for an input that failed validation (the Toolbox's schema-directed
 * coercion): returns the repaired input, recording its fixes in `repairs`, or the input itself.
 */
export type InputRepair = (input: unknown, repairs: Repair[]) => unknown;

/**
 * Runs one activity the way a model's call should run: resolve, copy, drop unknown keys, validate,
 * call with a time limit and an abort signal, coerce the result, send it through the activity's
 * output memories. Model-caused problems come back as
 * an `ErrorArtifact`; only the caller's own abort rejects.
 *
 * @example
 * ```ts
 * const outcome = await executeActivity(tool, "test", { test: "value" }, { timeoutMs: 1000 });
 * ```
 */
export async function executeActivity(
  tool: Tool,
  activityName: string,
  input: unknown,
  options: RunOptions = {},
  repairInput?: InputRepair,
): Promise<ActivityOutcome> {
  const state = toolState(tool);
  options.signal?.throwIfAborted();
  if (state.onBeforeRun !== undefined) {
    try {
      await state.onBeforeRun({ tool, activity: activityName, input });
    } catch (error) {
      return finish(tool, activityName, input, {
        artifact: failure(`onBeforeRun failed: ${messageOf(error)}`, "hook_failed", error),
        repairs: [],
        activity: undefined,
      });
    }
  }
  const outcome = await attempt(tool, activityName, input, options, repairInput);
  return finish(tool, activityName, input, outcome);
}

async function attempt(
  tool: Tool,
  activityName: string,
  input: unknown,
  options: RunOptions,
  repairInput: InputRepair | undefined,
): Promise<ActivityOutcome> {
  const prepared = await validateActivityInput(tool, activityName, input, repairInput);
  if (!prepared.ok) {
    return { artifact: prepared.artifact, repairs: prepared.repairs, activity: prepared.activity };
  }
  const activity = prepared.definition.activity;
  let output = await invoke(tool, prepared.definition, prepared.value, options);
  const retry = activity.annotations.idempotent === true ? activity.retry : undefined;
  for (let attempt = 2; retry !== undefined && attempt <= retry.attempts; attempt++) {
    if (!retryable.has(output)) break;
    const backoffMs = (retry.backoffMs ?? 0) * 2 ** (attempt - 2);
    if (backoffMs > 0) await sleep(backoffMs, undefined, { signal: options.signal });
    // Each attempt gets its own copy: a failed attempt may have changed the one it was given.
    output = await invoke(tool, prepared.definition, cloneInput(prepared.value), options);
  }
  const artifact = await routeOutput(tool, activity, output);
  return { artifact, repairs: prepared.repairs, activity };
}

// Failures a retry may cure (a thrown error, a timeout), as opposed to errors the method returned.
const retryable = new WeakSet<Artifact>();

/**
 * @internal An input checked for one activity: the value the method would receive, or the error
 * artifact the model would see.
 */
export type PreparedInput =
  | {
      readonly ok: true;
      readonly value: unknown;
      readonly repairs: Repair[];
      readonly definition: ActivityDefinition;
    }
  | {
      readonly ok: false;
      readonly artifact: ErrorArtifact;
      readonly repairs: Repair[];
      readonly activity: ToolActivity | undefined;
    };

/**
 * @internal Everything `executeActivity` does before calling the method (resolve the enabled activity,
 * copy, drop unknown keys, validate, repair once), without calling it: what an approval step needs.
 */
export async function validateActivityInput(
  tool: Tool,
  activityName: string,
  input: unknown,
  repairInput?: InputRepair,
): Promise<PreparedInput> {
  const definition = toolState(tool).classActivities.byName.get(activityName);
  if (definition === undefined || tool.findActivity(activityName) === undefined) {
    return {
      ok: false,
      artifact: unknownActivity(tool, activityName, definition !== undefined),
      repairs: [],
      activity: undefined,
    };
  }
  const activity = definition.activity;
  const schema = resolveInputSchema(tool, definition);
  let copy: unknown;
  try {
    copy = cloneInput(input ?? {});
  } catch (error) {
    if (!(error instanceof InputTooDeepError)) throw error;
    return {
      ok: false,
      artifact: failure(
        `Activity input JSON validation error: ${error.message}`,
        "invalid_input",
        error,
      ),
      repairs: [],
      activity,
    };
  }
  let repairs: Repair[] = [];
  let validation = await pruneAndValidate(schema, copy, repairs);
  if (!validation.ok && repairInput !== undefined) {
    const fixes: Repair[] = [];
    const repaired = repairInput(copy, fixes);
    if (repaired !== copy && fixes.length > 0) {
      const retry = await pruneAndValidate(schema, repaired, fixes);
      repairs = fixes;
      validation = retry;
    }
  }
  if (!validation.ok) {
    return {
      ok: false,
      artifact: failure(formatValidationIssues(validation.issues), "invalid_input"),
      repairs,
      activity,
    };
  }
  return { ok: true, value: validation.value, repairs, definition };
}

async function pruneAndValidate(
  schema: NormalizedSchema,
  input: unknown,
  repairs: Repair[],
): Promise<ValidationResult> {
  const pruned = dropUnknownKeys(schema.jsonSchema, input);
  if (pruned.dropped.length > 0) {
    repairs.push({
      step: "drop-unknown-keys",
      detail: `dropped ${pruned.dropped.map((path) => formatPath(path)).join(", ")}`,
    });
  }
  return schema.validate(pruned.value);
}

async function invoke(
  tool: Tool,
  definition: ActivityDefinition,
  input: unknown,
  options: RunOptions,
): Promise<Artifact> {
  const activity = definition.activity;
  // The caller may have aborted while the input was being validated: its "abort" event is gone by now.
  options.signal?.throwIfAborted();
  const timeoutMs = options.timeoutMs ?? activity.timeoutMs ?? toolState(tool).timeoutMs;
  const callerSignal = options.signal;
  const controller = timeoutMs === undefined ? undefined : new AbortController();
  let signal: AbortSignal | undefined;
  let memory: ActivityMemory | undefined;
  const context: ActivityContext = {
    tool,
    activity,
    // Created on first read: most methods never look at it and an AbortSignal is not free.
    get signal() {
      signal ??= combine(callerSignal, controller?.signal);
      return signal;
    },
    get memory() {
      memory ??= activityMemory(tool);
      return memory;
    },
  };
  const method = definition.method(tool);
  let pending: Promise<unknown>;
  try {
    pending = Promise.resolve(method.call(tool, input, context));
  } catch (error) {
    return thrown(error);
  }
  if (controller === undefined && callerSignal === undefined) {
    return pending.then(toArtifact, thrown);
  }
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
      const timeout = failure(
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

async function finish(
  tool: Tool,
  activityName: string,
  input: unknown,
  outcome: ActivityOutcome,
): Promise<ActivityOutcome> {
  const onAfterRun = toolState(tool).onAfterRun;
  if (onAfterRun === undefined) return outcome;
  try {
    await onAfterRun({ tool, activity: activityName, input, artifact: outcome.artifact });
    return outcome;
  } catch (error) {
    return {
      ...outcome,
      artifact: failure(`onAfterRun failed: ${messageOf(error)}`, "hook_failed", error),
    };
  }
}

function unknownActivity(tool: Tool, name: string, disabled: boolean): ErrorArtifact {
  const enabled = tool.activities().map((activity) => activity.name);
  const list =
    enabled.length === 0
      ? `Tool "${tool.name}" has no enabled activities.`
      : `Enabled activities: ${enabled.join(", ")}.`;
  const problem = disabled
    ? `Activity "${name}" of tool "${tool.name}" is disabled.`
    : `Activity "${name}" not found on tool "${tool.name}".`;
  return failure(`${problem} ${list}`, "unknown_activity");
}

function combine(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal {
  if (a !== undefined && b !== undefined) return AbortSignal.any([a, b]);
  return a ?? b ?? new AbortController().signal;
}

function thrown(error: unknown): ErrorArtifact {
  const artifact = failure(messageOf(error), "activity_failed", error);
  retryable.add(artifact);
  return artifact;
}

function failure(message: string, code: string, cause?: unknown): ErrorArtifact {
  return new ErrorArtifact(message, { code, ...(cause === undefined ? {} : { cause }) });
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
