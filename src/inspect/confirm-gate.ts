import type { ToolActivity } from "../activity/tool-activity.js";
import type { Tool } from "../tool/tool.js";

/**
 * @internal Why an activity must be confirmed by a person before the inspector runs it, whatever the
 * input: it may delete or overwrite (`destructive`), asks for approval (`needsApproval: true`), or is
 * not annotated `readOnly` (so it may write: `serve --http` hides those). Empty when it may run as is.
 *
 * @example
 * ```ts
 * standingReasons(tool.findActivity("save_content_to_file")!); // ["destructive", "not annotated readOnly: it may write"]
 * ```
 */
export function standingReasons(activity: ToolActivity): string[] {
  const reasons: string[] = [];
  if (activity.annotations.destructive === true) reasons.push("destructive");
  if (activity.needsApproval === true) reasons.push("needs approval (needsApproval: true)");
  if (activity.annotations.readOnly !== true) reasons.push("not annotated readOnly: it may write");
  return reasons;
}

/**
 * @internal The reasons to confirm one prepared call: the standing ones, and the activity's approval
 * predicate asked about this very input (a predicate that throws counts as asking for approval).
 *
 * @example
 * ```ts
 * const reasons = await callReasons(prepared.tool, prepared.activity, prepared.input);
 * ```
 */
export async function callReasons(
  tool: Tool,
  activity: ToolActivity,
  input: unknown,
): Promise<string[]> {
  const reasons = standingReasons(activity);
  const predicate = activity.needsApproval;
  if (typeof predicate !== "function") return reasons;
  try {
    const ask = predicate as (
      input: unknown,
      context: { tool: Tool; activity: ToolActivity },
    ) => unknown;
    if ((await ask(input, { tool, activity })) === true) {
      reasons.push("needs approval for this input (its needsApproval predicate says so)");
    }
  } catch (error) {
    reasons.push(
      `its needsApproval predicate failed (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return reasons;
}
