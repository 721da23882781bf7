import type { ToolCallResult } from "../calls/tool-call.js";
import { type AgentCodeMode, executeScripts } from "../code-mode/agent-scripts.js";
import type { ScriptRecord } from "../code-mode/script-record.js";
import type { ToolCall } from "../drivers/spec.js";
import { hashInput } from "../receipts/input-hash.js";
import type { JsonObject } from "../schema/json.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import type { ExecuteAllOptions, ExecuteOptions } from "../toolbox/toolbox-options.js";
import type { PendingApproval } from "./agent-types.js";

/** @internal What running one step's calls produced: every result, or some calls waiting for approval. */
export interface StepOutcome {
  readonly results: Map<string, ToolCallResult>;
  readonly pending: PendingApproval[];
  /** In code mode: the record of each paused script, by the call that ran it. */
  readonly scripts?: Map<string, ScriptRecord>;
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
  options: ExecuteAllOptions & {
    approvals: boolean;
    step: number;
    codeMode?: AgentCodeMode | undefined;
  },
): Promise<StepOutcome> {
  const { approvals, step, codeMode, ...executeOptions } = options;
  if (codeMode !== undefined)
    return executeScripts(codeMode, calls, { approvals, ...executeOptions });
  const pending: PendingApproval[] = [];
  for (const call of calls) {
    const key = callKey(step, call.id);
    const entry = await heldForApproval(toolbox, call, { approvals, key, options: executeOptions });
    if (entry !== undefined) pending.push(entry);
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

/**
 * @internal The pending entry of a call that needs approval, or `undefined` when it may run (or is
 * refused anyway: the toolbox reports that). Its activity's `needsApproval` decides (a predicate sees
 * the validated input; one that throws holds the call), else `approvals` holds destructive activities.
 * `key` is the call's key in its run.
 */
export async function heldForApproval(
  toolbox: Toolbox,
  call: ToolCall,
  hold: { readonly approvals: boolean; readonly key: string; readonly options: ExecuteOptions },
): Promise<PendingApproval | undefined> {
  const { approvals, key, options } = hold;
  const resolved = toolbox.resolveName(call.name);
  if (resolved === undefined) return undefined;
  const { activity } = resolved;
  const rule = activity.needsApproval;
  const maybe =
    rule === undefined ? approvals && activity.annotations.destructive === true : rule !== false;
  if (!maybe) return undefined;
  const prepared = await toolbox.prepare(call, options);
  if (!prepared.ok) return undefined;
  let held = true;
  if (typeof rule === "function") {
    try {
      held = await (rule as (input: unknown, context: object) => boolean | Promise<boolean>)(
        prepared.input,
        { tool: prepared.tool, activity: prepared.activity },
      );
    } catch {
      held = true;
    }
  }
  if (!held) return undefined;
  return {
    id: call.id,
    name: call.name,
    toolName: prepared.tool.name,
    activityName: prepared.activity.name,
    input: prepared.input as JsonObject,
    key,
    inputHash: hashInput(prepared.input),
  };
}

/** @internal A call's key in its run: its step and its id. */
export function callKey(step: number, id: string): string {
  return `s${step}:${id}`;
}
