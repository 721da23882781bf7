import { ListArtifact } from "../artifacts/list-artifact.js";
import { expandParallel, isParallelWrapper } from "../calls/expand-parallel.js";
import { type DecodeSettings, parseArguments } from "../calls/parse-arguments.js";
import { stepEnabled } from "../calls/repair-steps.js";
import type { ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import type { Repair } from "../tool/repair.js";

/** @internal The calls inside a parallel wrapper, and the repair that records the expansion. */
export interface ExpandedWrapper {
  readonly calls: ToolCallInput[];
  readonly repairs: Repair[];
}

/**
 * @internal The calls a `multi_tool_use.parallel`-style wrapper holds, or `undefined` when `call` is not
 * one (or the `expand-parallel` step is off, or its arguments list no calls).
 */
export function expandWrapper(
  id: string,
  call: ToolCallInput,
  settings: DecodeSettings,
): ExpandedWrapper | undefined {
  if (!stepEnabled(settings.switches, "expand-parallel") || !isParallelWrapper(String(call.name)))
    return undefined;
  const repairs: Repair[] = [];
  const parsed = parseArguments(call.arguments, repairs, settings);
  const calls = parsed.ok ? expandParallel(id, parsed.value) : undefined;
  if (calls === undefined) return undefined;
  repairs.push({
    step: "expand-parallel",
    detail: `expanded ${calls.length} calls from ${String(call.name)}`,
  });
  return { calls, repairs };
}

/** @internal The one result of a wrapper call: its calls' artifacts as a list, their results kept. */
export function parallelResult(
  id: string,
  name: string,
  wrapper: ExpandedWrapper,
  results: readonly ToolCallResult[],
): ToolCallResult {
  return {
    id,
    name,
    toolName: undefined,
    activityName: undefined,
    artifact: new ListArtifact(results.map((result) => result.artifact)),
    repairs: wrapper.repairs,
    calls: results,
  };
}
