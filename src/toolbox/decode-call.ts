import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { coerceInput } from "../calls/coerce-input.js";
import { valueOverLimit } from "../calls/input-limits.js";
import {
  type DecodeSettings,
  type ParsedArguments,
  parseArguments,
} from "../calls/parse-arguments.js";
import type { Repair } from "../calls/repair.js";
import { type RepairOptions, stepEnabled } from "../calls/repair-steps.js";
import type { ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import { undoLowering } from "../calls/undo-lowering.js";
import { ForeignCall, unwrapCall } from "../calls/unwrap-call.js";
import { unwrapEnvelope } from "../calls/unwrap-envelope.js";
import { unwrapString } from "../calls/unwrap-string.js";
import type { DecodePlan } from "../dialects/decode-plan.js";
import { isPlainObject } from "../internal/clone-json.js";
import type { InputRepair } from "../tool/run-activity.js";
import type { CatalogEntry } from "./catalog.js";
import { buildQuickCheck, type QuickCheck } from "./quick-check.js";

/** @internal Arguments that could not be read: the result the model gets instead of a run. */
export class UnreadableCall {
  constructor(readonly result: ToolCallResult) {}
}

/**
 * @internal The decode pipeline after name resolution: parse (fast path, then the JSON repair steps),
 * unwrap double encoding and `{"values": …}` envelopes, undo the dialect's lowering. Returns the input
 * for validation, or an {@link UnreadableCall} when the arguments cannot be read or are over a limit.
 * `read` is what the caller already made of the arguments with `parseArguments`, if it did. Positional
 * parameters and no result wrapper: this runs on every call.
 */
export function decodeCall(
  id: string,
  name: string,
  entry: CatalogEntry,
  call: ToolCallInput,
  plan: DecodePlan | undefined,
  settings: DecodeSettings,
  repairs: Repair[],
  read: ParsedArguments = parseArguments(call.arguments, repairs, settings),
): unknown {
  if (!read.ok) return unreadable(id, name, read, repairs, entry);
  const switches = settings.switches;
  const before = repairs.length;
  let value = read.value;
  if (typeof value === "string" && stepEnabled(switches, "unwrap-string")) {
    value = unwrapString(value, repairs, stepEnabled(switches, "repair-json"));
  }
  const { tool, activity } = entry;
  entry.schema ??= () => tool.activitySchema(activity.name);
  const resolve = settings.resolveName;
  if (resolve !== undefined && stepEnabled(switches, "unwrap-call") && isPlainObject(value)) {
    entry.matchName ??= nameMatcher(entry, resolve);
    const declared = new Set(Object.keys(entry.schema().properties ?? {}));
    const unwrapped = unwrapCall(value, declared, entry.matchName, repairs);
    if (unwrapped instanceof ForeignCall) {
      const message = `Activity input refused: ${unwrapped.message}`;
      return unreadable(id, name, { message, code: "foreign_call" }, repairs, entry);
    }
    value = unwrapped;
  }
  if (stepEnabled(switches, "unwrap-envelope")) {
    value = unwrapEnvelope(value, entry.schema, repairs, stepEnabled(switches, "repair-json"));
  }
  // A value decoded out of a string was never measured: it is, before anything walks it.
  if (repairs.length > before) {
    const over = valueOverLimit(value, settings.limits);
    if (over !== undefined) {
      const message = `Activity input refused: ${over}`;
      return unreadable(id, name, { message, code: "input_too_large" }, repairs, entry);
    }
  }
  return undoLowering(value, plan, repairs);
}

/**
 * A name inside the arguments names the called activity when it is the tool's or the activity's own
 * name, or resolves (as the toolbox resolves call names) to this very entry.
 */
function nameMatcher(
  entry: CatalogEntry,
  resolve: (name: string) => object | undefined,
): (name: string) => "this" | "other" | "none" {
  return (name) => {
    if (name === entry.tool.name || name === entry.activity.name) return "this";
    const target = resolve(name);
    if (target === undefined) return "none";
    return target === entry ? "this" : "other";
  };
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
  // A plan belongs to one activity and dialect; with no plan, the entry itself names the check.
  const key = plan ?? entry;
  let known = quickChecks.get(key);
  if (known === undefined) {
    known = { check: tryQuickCheck(entry, plan) };
    quickChecks.set(key, known);
  }
  return known.check;
}

const quickChecks = new WeakMap<object, { readonly check: QuickCheck | undefined }>();

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
  why: { readonly message: string; readonly code: string },
  repairs: readonly Repair[],
  entry: CatalogEntry,
): UnreadableCall {
  return new UnreadableCall(failedCall(id, name, why.message, why.code, repairs, entry));
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
