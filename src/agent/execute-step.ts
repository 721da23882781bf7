import type { ToolCallResult } from "../calls/tool-call.js";
import type { ToolCall } from "../drivers/spec.js";
import { hashInput } from "../receipts/input-hash.js";
import type { JsonObject } from "../schema/json.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import type { ExecuteAllOptions } from "../toolbox/toolbox-options.js";
import type { PendingApproval } from "./agent-types.js";

/** @internal What running one step's calls produced: every result, or some calls waiting for approval. */
export interface StepOutcome {
  readonly results: Map<string, ToolCallResult>;
  readonly pending: PendingApproval[];
}

/**
 * @internal Runs a step's calls through the toolbox (in parallel, capped, destructive ones one at a
 * time). Calls that need approval are decoded and validated but held back: their activity's
 * `needsApproval` decides (a predicate sees the validated input; one that throws holds the call), else
 * the agent's `approvals` option holds destructive activities.
 */
export async function executeStep(
  toolbox: Toolbox,
  calls: readonly ToolCall[],
  options: ExecuteAllOptions & { approvals: boolean; step: number },
): Promise<StepOutcome> {
  const { approvals, step, ...executeOptions } = options;
  const pending: PendingApproval[] = [];
  for (const call of calls) {
    const resolved = toolbox.resolveName(call.name);
    if (resolved === undefined) continue;
    const { activity } = resolved;
    const rule = activity.needsApproval;
    const maybe =
      rule === undefined ? approvals && activity.annotations.destructive === true : rule !== false;
    if (!maybe) continue;
    const prepared = await toolbox.prepare(call, executeOptions);
    if (!prepared.ok) continue;
    let hold = true;
    if (typeof rule === "function") {
      try {
        hold = await (rule as (input: unknown, context: object) => boolean | Promise<boolean>)(
          prepared.input,
          { tool: prepared.tool, activity: prepared.activity },
        );
      } catch {
        hold = true;
      }
    }
    if (hold) {
      pending.push({
        id: call.id,
        name: call.name,
        toolName: prepared.tool.name,
        activityName: prepared.activity.name,
        input: prepared.input as JsonObject,
        key: callKey(step, call.id),
        inputHash: hashInput(prepared.input),
      });
    }
  }
  const held = new Set(pending.map((entry) => entry.id));
  const runnable = calls.filter((call) => !held.has(call.id));
  // Under receipts each call is keyed by its step and id, which the saved run keeps: a resumed step's
  // calls find their receipts whatever ids a driver made up.
  const keyed =
    executeOptions.receipts == null
      ? runnable
      : runnable.map((call) => ({ ...call, idempotencyKey: callKey(step, call.id) }));
  const results = await toolbox.executeAll(keyed, executeOptions);
  return {
    results: new Map(runnable.map((call, index) => [call.id, results[index] as ToolCallResult])),
    pending,
  };
}

/** @internal A call's key in its run: its step and its id. */
export function callKey(step: number, id: string): string {
  return `s${step}:${id}`;
}
