import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { coerceInput } from "../calls/coerce-input.js";
import { type RepairContext, runCustomSteps } from "../calls/custom-repair-step.js";
import type { CallInText } from "../calls/find-call-in-text.js";
import {
  type CustomSteps,
  type DecodeSettings,
  type ParsedArguments,
  parseArguments,
} from "../calls/parse-arguments.js";
import { type RepairOptions, stepEnabled } from "../calls/repair-steps.js";
import type { PreparedCall, ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import { undoLowering } from "../calls/undo-lowering.js";
import { ForeignCall, unwrapCall } from "../calls/unwrap-call.js";
import { unwrapEnvelope } from "../calls/unwrap-envelope.js";
import { unwrapString } from "../calls/unwrap-string.js";
import type { DecodePlan } from "../dialects/decode-plan.js";
import { isPlainObject } from "../internal/clone-json.js";
import { valueOverLimit } from "../tool/input-limits.js";
import type { Repair } from "../tool/repair.js";
import {
  type ActivityOutcome,
  type InputRepair,
  validateActivityInput,
} from "../tool/run-activity.js";
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
  const switches = settings.switches;
  const before = repairs.length;
  let value: unknown;
  if (read.ok) value = read.value;
  else {
    // Text that is no JSON may be a whole model reply in an open model's own call format.
    const inText =
      read.inText !== undefined && stepEnabled(switches, "unwrap-call")
        ? callFromText({ id, name, found: read.inText, entry }, settings, repairs)
        : undefined;
    if (inText === undefined) return unreadable(id, name, read, repairs, entry);
    if (inText instanceof UnreadableCall) return inText;
    value = inText.value;
  }
  const afterParse = settings.custom?.afterParse;
  if (afterParse !== undefined && afterParse.length > 0) {
    value = runCustomSteps(afterParse, value, repairContext(entry), repairs);
  }
  if (typeof value === "string" && stepEnabled(switches, "unwrap-string")) {
    value = unwrapString(value, repairs, stepEnabled(switches, "repair-json"));
  }
  const { tool, activity } = entry;
  entry.schema ??= () => tool.activitySchema(activity.name);
  const resolve = settings.resolveName;
  if (resolve !== undefined && stepEnabled(switches, "unwrap-call")) {
    entry.matchName ??= nameMatcher(entry, resolve);
    const declared = new Set(Object.keys(entry.schema().properties ?? {}));
    // A list holding one call (Mistral's and xLAM's shape) is that call, once its name checks out.
    const sole = Array.isArray(value) && value.length === 1 ? value[0] : undefined;
    const target = isPlainObject(sole) ? sole : value;
    const unwrapped = unwrapCall(target, declared, entry.matchName, repairs);
    if (unwrapped instanceof ForeignCall) {
      const message = `Activity input refused: ${unwrapped.message}`;
      return unreadable(id, name, { message, code: "foreign_call" }, repairs, entry);
    }
    // A list whose one item is no call stays the list it was.
    if (unwrapped !== target) value = unwrapped;
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
 * The call the format readers found in a raw model reply sent as the arguments: its input when it
 * names the called activity, a refusal when it names another, holds several calls or was cut off.
 */
function callFromText(
  {
    id,
    name,
    found,
    entry,
  }: {
    id: string;
    name: string;
    found: Exclude<CallInText, { readonly kind: "none" }>;
    entry: CatalogEntry;
  },
  settings: DecodeSettings,
  repairs: Repair[],
): { readonly value: unknown } | UnreadableCall {
  const refuse = (message: string) =>
    new UnreadableCall(
      failedCall(id, name, `Activity input refused: ${message}`, "foreign_call", repairs, entry),
    );
  if (found.kind === "refused") return refuse(found.reason);
  const resolve = settings.resolveName ?? (() => undefined);
  entry.matchName ??= nameMatcher(entry, resolve);
  if (entry.matchName(found.name) !== "this") {
    return refuse(
      `the arguments hold a call of "${found.name}" (${found.format} format), not of this tool; call it directly`,
    );
  }
  const inner: Repair[] = [];
  const parsed =
    typeof found.arguments === "string"
      ? parseArguments(found.arguments, inner, settings)
      : { ok: true as const, value: found.arguments };
  if (!parsed.ok) return refuse(parsed.message);
  repairs.push(
    { step: "unwrap-call", detail: `read a ${found.format} call from the arguments` },
    ...inner,
  );
  return { value: parsed.value };
}

/** @internal The argument text after the toolbox's `before-parse` steps (which only ever get text). */
export function beforeParse(
  custom: CustomSteps,
  raw: string,
  entry: CatalogEntry,
  repairs: Repair[],
): unknown {
  if (custom.beforeParse.length === 0) return raw;
  return runCustomSteps(custom.beforeParse, raw, repairContext(entry), repairs);
}

/** @internal What a custom repair step is told about the call. */
export function repairContext(entry: CatalogEntry): RepairContext {
  const { tool, activity } = entry;
  return {
    toolName: tool.name,
    activityName: activity.name,
    schema: tool.activitySchema(activity.name),
  };
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
  custom?: CustomSteps,
): InputRepair | undefined {
  const own = custom?.afterValidationFailure;
  if (own !== undefined && own.length > 0) {
    // The toolbox's own steps run after toolwright's coercion, on what it made of the input.
    const coerce = coercionFor(entry, switches);
    return (input, fixes) =>
      runCustomSteps(
        own,
        coerce === undefined ? input : coerce(input, fixes),
        repairContext(entry),
        fixes,
      );
  }
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
  // The any-dialect plan's check sits on the entry itself: a field read, not a weak-map lookup.
  if (entry.genericPlan !== undefined && plan === entry.genericPlan.plan) {
    entry.genericCheck ??= { check: tryQuickCheck(entry, plan) };
    return entry.genericCheck.check;
  }
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

/** @internal The result of a call that ran: its artifact, and the repairs of the decode and the run. */
export function callResult(
  id: string,
  name: string,
  { tool, activity }: Pick<CatalogEntry, "tool" | "activity">,
  outcome: ActivityOutcome,
  repairs: readonly Repair[],
): ToolCallResult {
  return {
    id,
    name,
    toolName: tool.name,
    activityName: activity.name,
    artifact: outcome.artifact,
    repairs: outcome.repairs.length === 0 ? repairs : [...repairs, ...outcome.repairs],
  };
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

/** @internal What a call resolved to: its activity, its decode plan and settings, the repairs so far. */
export interface ResolvedCall {
  readonly entry: CatalogEntry;
  readonly plan: DecodePlan | undefined;
  readonly settings: DecodeSettings;
  readonly repairs: Repair[];
}

/**
 * @internal `Toolbox.prepare` after name resolution: the call decoded and validated as `execute`
 * would, stopping before the method.
 */
export async function prepareCall(
  call: ToolCallInput & { readonly id: string },
  { entry, plan, settings, repairs }: ResolvedCall,
): Promise<PreparedCall> {
  const { id } = call;
  const name = String(call.name);
  const custom = settings.custom;
  const read =
    custom !== undefined && typeof call.arguments === "string"
      ? parseArguments(beforeParse(custom, call.arguments, entry, repairs), repairs, settings)
      : undefined;
  const decoded = decodeCall(id, name, entry, call, plan, settings, repairs, read);
  if (decoded instanceof UnreadableCall) return { ok: false, result: decoded.result };
  const { tool, activity } = entry;
  const coerce = coercionFor(entry, settings.switches, custom);
  const checked = await validateActivityInput(tool, activity.name, decoded, coerce);
  const allRepairs = [...repairs, ...checked.repairs];
  if (!checked.ok) {
    const result: ToolCallResult = {
      id,
      name,
      toolName: tool.name,
      activityName: activity.name,
      artifact: checked.artifact,
      repairs: allRepairs,
    };
    return { ok: false, result };
  }
  const { value: input, accepted: acceptedInput } = checked;
  return { ok: true, id, name, tool, activity, input, acceptedInput, repairs: allRepairs };
}
