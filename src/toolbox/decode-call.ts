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

/**
 * @internal The decode pipeline after name resolution: parse (fast path, then the JSON repair steps),
 * unwrap double encoding and `{"values": …}` envelopes, undo the dialect's lowering. Returns the
 * input for validation plus the schema-directed coercion to try if validation fails, or the result
 * the model gets when the arguments cannot be read.
 */
export function decodeCall(parts: {
  id: string;
  name: string;
  entry: CatalogEntry;
  call: ToolCallInput;
  plan: DecodePlan | undefined;
  switches: RepairOptions | undefined;
  repairs: Repair[];
}): { result: ToolCallResult } | { value: unknown; coerce: InputRepair | undefined } {
  const { id, name, entry, call, plan, switches, repairs } = parts;
  const parsed = parseArguments(call.arguments, repairs, switches);
  if (!parsed.ok) {
    return { result: failedCall(id, name, parsed.message, "invalid_json", repairs, entry) };
  }
  const repairJson = stepEnabled(switches, "repair-json");
  let value = parsed.value;
  if (typeof value === "string" && stepEnabled(switches, "unwrap-string")) {
    value = unwrapString(value, repairs, repairJson);
  }
  const { tool, activity } = entry;
  if (stepEnabled(switches, "unwrap-envelope")) {
    value = unwrapEnvelope(value, () => tool.activitySchema(activity.name), repairs, repairJson);
  }
  value = undoLowering(value, plan);
  const coerce = stepEnabled(switches, "coerce")
    ? (input: unknown, fixes: Repair[]) =>
        coerceInput(tool.activitySchema(activity.name), input, fixes, repairJson)
    : undefined;
  return { value, coerce };
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
