import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { coerceInput } from "../calls/coerce-input.js";
import { parseArguments } from "../calls/parse-arguments.js";
import type { Repair } from "../calls/repair.js";
import { type RepairOptions, stepEnabled } from "../calls/repair-steps.js";
import type { ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import { undoLowering } from "../calls/undo-lowering.js";
import { unwrapEnvelope } from "../calls/unwrap-envelope.js";
import { unwrapString } from "../calls/unwrap-string.js";
import type { DecodePlan } from "../dialects/decode-plan.js";
import type { InputRepair } from "../tool/run-activity.js";
import type { CatalogEntry } from "./catalog.js";
import { buildQuickCheck, type QuickCheck } from "./quick-check.js";

/** @internal Arguments that could not be read: the result the model gets instead of a run. */
export class UnreadableCall {
  constructor(readonly result: ToolCallResult) {}
}

/** @internal What {@link parseText} returns for text `JSON.parse` refuses. */
export const notParsed: unique symbol = Symbol("not parsed");

/** @internal `JSON.parse` of a call's text arguments, or {@link notParsed}: the happy path alone. */
export function parseText(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return notParsed;
  }
}

/**
 * @internal The decode pipeline after name resolution: parse (fast path, then the JSON repair steps),
 * unwrap double encoding and `{"values": …}` envelopes, undo the dialect's lowering. Returns the input
 * for validation, or an {@link UnreadableCall} when the arguments cannot be read. `parsed` is what
 * {@link parseText} already made of text arguments. Positional parameters and no result wrapper: this
 * runs on every call.
 */
export function decodeCall(
  id: string,
  name: string,
  entry: CatalogEntry,
  call: ToolCallInput,
  plan: DecodePlan | undefined,
  switches: RepairOptions | undefined,
  repairs: Repair[],
  parsed: unknown = notParsed,
): unknown {
  let value = parsed;
  if (value === notParsed) {
    const read = parseArguments(call.arguments, repairs, switches);
    if (!read.ok) return unreadable(id, name, read.message, repairs, entry);
    value = read.value;
  }
  if (typeof value === "string" && stepEnabled(switches, "unwrap-string")) {
    value = unwrapString(value, repairs, stepEnabled(switches, "repair-json"));
  }
  if (stepEnabled(switches, "unwrap-envelope")) {
    const { tool, activity } = entry;
    entry.schema ??= () => tool.activitySchema(activity.name);
    value = unwrapEnvelope(value, entry.schema, repairs, stepEnabled(switches, "repair-json"));
  }
  return undoLowering(value, plan);
}

/**
 * @internal The schema-directed coercion a call gets when its input fails validation, or `undefined`
 * when the `coerce` step is off. Made once per activity and JSON-repair switch, not once per call.
 */
export function coercionFor(
  entry: CatalogEntry,
  switches: RepairOptions | undefined,
): InputRepair | undefined {
  if (!stepEnabled(switches, "coerce")) return undefined;
  const repairJson = stepEnabled(switches, "repair-json");
  const cached = repairJson ? entry.coerce : entry.coerceStrict;
  if (cached !== undefined) return cached;
  const { tool, activity } = entry;
  const coerce: InputRepair = (input, fixes) =>
    coerceInput(tool.activitySchema(activity.name), input, fixes, repairJson);
  if (repairJson) entry.coerce = coerce;
  else entry.coerceStrict = coerce;
  return coerce;
}

/**
 * @internal The quick check of an activity under a decode plan, made once per entry and plan; `undefined`
 * where none applies (the full decode runs), also when the schema cannot be read here: the full path
 * reports that the way it always has.
 */
export function quickCheckOf(
  entry: CatalogEntry,
  plan: DecodePlan | undefined,
): QuickCheck | undefined {
  if (plan === undefined) {
    entry.quickPlain ??= { check: tryQuickCheck(entry, undefined) };
    return entry.quickPlain.check;
  }
  const last = entry.quick;
  if (last !== undefined && last.plan === plan) return last.check;
  // Plans belong to one activity and dialect: they key the checks of a toolbox used with several.
  let known = checksByPlan.get(plan);
  if (known === undefined) {
    known = { check: tryQuickCheck(entry, plan) };
    checksByPlan.set(plan, known);
  }
  entry.quick = { plan, check: known.check };
  return known.check;
}

const checksByPlan = new WeakMap<DecodePlan, { readonly check: QuickCheck | undefined }>();

function tryQuickCheck(entry: CatalogEntry, plan: DecodePlan | undefined): QuickCheck | undefined {
  try {
    return buildQuickCheck(entry.tool.activitySchema(entry.activity.name), plan);
  } catch {
    return undefined;
  }
}

function unreadable(
  id: string,
  name: string,
  message: string,
  repairs: readonly Repair[],
  entry: CatalogEntry,
): UnreadableCall {
  return new UnreadableCall(failedCall(id, name, message, "invalid_json", repairs, entry));
}

/** @internal The result of a call that never reached its method. */
export function failedCall(
  id: string,
  name: string,
  message: string,
  code: string,
  repairs: readonly Repair[],
  entry?: CatalogEntry,
): ToolCallResult {
  return {
    id,
    name,
    toolName: entry?.tool.name,
    activityName: entry?.activity.name,
    artifact: new ErrorArtifact(message, { code }),
    repairs,
  };
}
