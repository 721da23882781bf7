import { setTimeout as sleep } from "node:timers/promises";
import type { ActivityDefinition } from "../activity/activity-registry.js";
import type { ToolActivity } from "../activity/tool-activity.js";
import type { Artifact } from "../artifacts/artifact.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { JsonArtifact } from "../artifacts/json-artifact.js";
import { cloneInput, InputTooDeepError, isPlainObject } from "../internal/clone-json.js";
import { andThen, type MaybePromise } from "../internal/maybe-promise.js";
import type { Principal } from "../memory/memory-scope.js";
import { formatValidationIssues } from "../schema/format-issues.js";
import type { NormalizedSchema } from "../schema/normalize-schema.js";
import type { ValidationResult } from "../schema/validation-issue.js";
import { resolveInputSchema } from "./input-schema.js";
import {
  activityFailure as failure,
  invokeMethod,
  isRetryable,
  messageOf,
} from "./invoke-method.js";
import { pruneAndValidate } from "./prune-input.js";
import type { Repair } from "./repair.js";
import { routeOutput } from "./route-output.js";
import type { Tool } from "./tool.js";
import type { RunOptions } from "./tool-options.js";
import { type ToolState, toolState } from "./tool-state.js";

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

/**
 * @internal A second chance for an input that failed validation (the Toolbox's schema-directed
 * coercion): returns the repaired input, recording its fixes in `repairs`, or the input itself.
 */
export type InputRepair = (input: unknown, repairs: Repair[]) => unknown;

/**
 * @internal Who holds an input: `"shared"`, the caller (it is copied first); `"owned"`, only this call
 * (parsed from the model's text); `"checked"`, only this call and known to have no unknown keys.
 */
export type InputOwnership = "shared" | "owned" | "checked";

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
  return runActivity(tool, activityName, input, options, repairInput);
}

/**
 * @internal `executeActivity` without a promise where nothing on the way waits (no hooks, a synchronous
 * validator and method, no output memory, no retries): the Toolbox's dispatch path. Same outcome, same
 * order of steps; it may throw where `executeActivity` would reject, so call it from an async function.
 */
export function runActivity(
  tool: Tool,
  activityName: string,
  input: unknown,
  options: RunOptions = {},
  repairInput?: InputRepair,
  ownership: InputOwnership = "shared",
): MaybePromise<ActivityOutcome> {
  const state = toolState(tool);
  options.signal?.throwIfAborted();
  if (state.onBeforeRun !== undefined) {
    return runWithBeforeHook(tool, activityName, input, options, repairInput);
  }
  // An input only this call holds (parsed from the model's text) needs no defensive copy, unless a
  // hook will see it after the method could have changed it.
  const held = state.onAfterRun === undefined ? ownership : "shared";
  const outcome = attempt(tool, state, activityName, input, options, repairInput, held);
  if (state.onAfterRun === undefined) return outcome;
  return andThen(outcome, (done) => finish(tool, activityName, input, done));
}

async function runWithBeforeHook(
  tool: Tool,
  activityName: string,
  input: unknown,
  options: RunOptions,
  repairInput: InputRepair | undefined,
): Promise<ActivityOutcome> {
  const state = toolState(tool);
  try {
    await state.onBeforeRun?.({ tool, activity: activityName, input });
  } catch (error) {
    // Finished, so `onAfterRun` sees the refusal too.
    return finish(tool, activityName, input, {
      artifact: failure(`onBeforeRun failed: ${messageOf(error)}`, "hook_failed", error),
      repairs: [],
      activity: undefined,
    });
  }
  const outcome = await attempt(tool, state, activityName, input, options, repairInput);
  return finish(tool, activityName, input, outcome);
}

function attempt(
  tool: Tool,
  state: ToolState,
  activityName: string,
  input: unknown,
  options: RunOptions,
  repairInput: InputRepair | undefined,
  ownership: InputOwnership = "shared",
): MaybePromise<ActivityOutcome> {
  const prepared = prepareInput(tool, state, activityName, input, repairInput, ownership);
  // Branches rather than a callback: the synchronous path allocates no closure.
  return prepared instanceof Promise
    ? prepared.then((ready) => run(tool, state, ready, options))
    : run(tool, state, prepared, options);
}

function run(
  tool: Tool,
  state: ToolState,
  prepared: PreparedInput,
  options: RunOptions,
): MaybePromise<ActivityOutcome> {
  if (!prepared.ok) {
    return { artifact: prepared.artifact, repairs: prepared.repairs, activity: prepared.activity };
  }
  const activity = prepared.definition.activity;
  const retry = activity.annotations.idempotent === true ? activity.retry : undefined;
  if (retry !== undefined && retry.attempts >= 2)
    return attemptWithRetries(tool, state, prepared, options);
  const output = andThen(
    invokeMethod(tool, state, prepared.definition, prepared.value, options),
    (artifact) => checkedOutput(prepared.definition, artifact),
  );
  return output instanceof Promise
    ? output.then((artifact) =>
        routed(tool, state, activity, artifact, prepared.repairs, options.principal),
      )
    : routed(tool, state, activity, output, prepared.repairs, options.principal);
}

async function attemptWithRetries(
  tool: Tool,
  state: ToolState,
  prepared: Extract<PreparedInput, { ok: true }>,
  options: RunOptions,
): Promise<ActivityOutcome> {
  const activity = prepared.definition.activity;
  let output = await invokeMethod(tool, state, prepared.definition, prepared.value, options);
  const retry = activity.retry;
  for (let attempt = 2; retry !== undefined && attempt <= retry.attempts; attempt++) {
    if (!isRetryable(output)) break;
    const backoffMs = (retry.backoffMs ?? 0) * 2 ** (attempt - 2);
    if (backoffMs > 0) await sleep(backoffMs, undefined, { signal: options.signal });
    // Each attempt gets its own copy: a failed attempt may have changed the one it was given.
    const copy = cloneInput(prepared.value);
    output = await invokeMethod(tool, state, prepared.definition, copy, options);
  }
  const checked = await checkedOutput(prepared.definition, output);
  return routed(tool, state, activity, checked, prepared.repairs, options.principal);
}

/**
 * A result checked against the activity's `outputSchema`, when it declares one: errors pass as they
 * are; anything but a JSON object, or one the schema refuses, is an `invalid_output` error.
 */
function checkedOutput(definition: ActivityDefinition, output: Artifact): MaybePromise<Artifact> {
  const schema = definition.outputSchema;
  if (schema === undefined || output.type === "ErrorArtifact") return output;
  const name = definition.activity.name;
  if (output.type !== "JsonArtifact" || !isPlainObject(output.value)) {
    return new ErrorArtifact(
      `Activity "${name}" returned ${output.type === "JsonArtifact" ? "JSON that is not an object" : output.type}, not the object its outputSchema describes`,
      { code: "invalid_output" },
    );
  }
  return andThen(schema.validate(output.value), (checked) =>
    checked.ok
      ? checked.value === output.value
        ? output
        : new JsonArtifact(checked.value)
      : new ErrorArtifact(
          formatValidationIssues(
            checked.issues,
            1000,
            `Activity "${name}" output does not match its outputSchema: `,
          ),
          { code: "invalid_output" },
        ),
  );
}

/** The outcome once the output went through the activity's output memories (if it has any). */
function routed(
  tool: Tool,
  state: ToolState,
  activity: ToolActivity,
  output: Artifact,
  repairs: Repair[],
  principal: Principal,
): MaybePromise<ActivityOutcome> {
  if (state.memory.outputMemory?.get(activity.name) === undefined) {
    return { artifact: output, repairs, activity };
  }
  return routeOutput(tool, activity, output, principal).then((artifact) => ({
    artifact,
    repairs,
    activity,
  }));
}

/**
 * @internal An input checked for one activity: the value the method would receive, or the error
 * artifact the model would see.
 */
export type PreparedInput =
  | {
      readonly ok: true;
      readonly value: unknown;
      /** The input as it passed validation, before the schema's transforms made `value` of it. */
      readonly accepted: unknown;
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
  return prepareInput(tool, toolState(tool), activityName, input, repairInput);
}

function prepareInput(
  tool: Tool,
  state: ToolState,
  activityName: string,
  input: unknown,
  repairInput: InputRepair | undefined,
  ownership: InputOwnership = "shared",
): MaybePromise<PreparedInput> {
  const definition = state.classActivities.byName.get(activityName);
  if (definition === undefined || tool.findActivity(activityName) === undefined) {
    return {
      ok: false,
      artifact: unknownActivity(tool, activityName, definition !== undefined),
      repairs: [],
      activity: undefined,
    };
  }
  const activity = definition.activity;
  const schema = resolveInputSchema(tool, definition, state);
  let copy: unknown;
  try {
    copy = ownership === "shared" ? cloneInput(input ?? {}) : (input ?? {});
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
  // A checked input has no key to drop: the walk would find nothing, and log nothing.
  const repairs: Repair[] = ownership === "checked" ? noRepairs : [];
  const validation =
    ownership === "checked" ? schema.validate(copy) : pruneAndValidate(schema, copy, repairs);
  return validation instanceof Promise
    ? validation.then((result) =>
        repairOnce(schema, copy, result, repairs, definition, repairInput),
      )
    : repairOnce(schema, copy, validation, repairs, definition, repairInput);
}

// The repairs of a checked input: none, ever (a repair after validation logs into its own list).
const noRepairs = Object.freeze([]) as unknown as Repair[];

/** One schema-directed repair of an input that failed validation, then the verdict. */
function repairOnce(
  schema: NormalizedSchema,
  copy: unknown,
  validation: ValidationResult,
  repairs: Repair[],
  definition: ActivityDefinition,
  repairInput: InputRepair | undefined,
): MaybePromise<PreparedInput> {
  if (!validation.ok && repairInput !== undefined) {
    const fixes: Repair[] = [];
    const repaired = repairInput(copy, fixes);
    if (repaired !== copy && fixes.length > 0) {
      return andThen(pruneAndValidate(schema, repaired, fixes), (retry) =>
        conclude(retry, repaired, fixes, definition),
      );
    }
  }
  return conclude(validation, copy, repairs, definition);
}

function conclude(
  validation: ValidationResult,
  accepted: unknown,
  repairs: Repair[],
  definition: ActivityDefinition,
): PreparedInput {
  if (validation.ok) {
    return { ok: true, value: validation.value, accepted, repairs, definition };
  }
  return {
    ok: false,
    artifact: failure(formatValidationIssues(validation.issues), "invalid_input"),
    repairs,
    activity: definition.activity,
  };
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
