import type { ApprovalDecision, PendingApproval } from "../agent/agent-types.js";
import type { ToolCallResult } from "../calls/tool-call.js";
import type { ToolCall } from "../drivers/spec.js";
import { Toolbox } from "../toolbox/toolbox.js";
import type { ExecuteAllOptions } from "../toolbox/toolbox-options.js";
import { type CodeModeOptions, type CodeModeTool, codeMode } from "./code-mode-tool.js";
import { type ScriptCallContext, scriptCalls } from "./script-context.js";
import type { ScriptRecord } from "./script-record.js";

/** @internal What an Agent in code mode runs its steps with. */
export interface AgentCodeMode {
  readonly tool: CodeModeTool;
  /** The toolbox the model sees: the code-mode tool alone. */
  readonly toolbox: Toolbox;
}

/**
 * @internal The code mode of an Agent: a code-mode tool over the agent's toolbox, alone in the
 * toolbox the model sees (with the task memory when the tool itself is off-prompt).
 */
export function agentCodeMode(toolbox: Toolbox, options: CodeModeOptions): AgentCodeMode {
  const tool = codeMode(toolbox, options);
  const taskMemory = tool.offPrompt ? (toolbox.taskMemory ?? null) : null;
  return { tool, toolbox: new Toolbox([tool], { taskMemory }) };
}

/** @internal One script call of a step: its result, or its pause (held calls and the record). */
export interface ScriptStep {
  readonly result: ToolCallResult;
  readonly pending: PendingApproval[];
  readonly record: ScriptRecord | undefined;
}

/**
 * @internal Runs one call of the model's through the code-mode toolbox (so it keeps its decoding,
 * events and span), handing the script run the agent's approvals and, when resumed, the record and
 * the decisions; a script that pauses yields its held calls as pending entries that name it.
 */
export async function runScriptStep(
  codeMode: AgentCodeMode,
  call: ToolCall,
  run: {
    readonly approvals: boolean;
    readonly record?: ScriptRecord | undefined;
    readonly decisions?: ReadonlyMap<number, ApprovalDecision> | undefined;
    readonly options: ExecuteAllOptions;
  },
): Promise<ScriptStep> {
  // The run's receipts are for the script's own calls: the script call is run again on resume.
  const { receipts, ...options } = run.options;
  const context: ScriptCallContext = {
    tool: codeMode.tool,
    approvals: run.approvals,
    record: run.record,
    decisions: run.decisions ?? new Map(),
    receipts: receipts ?? undefined,
    caller: options.caller,
  };
  const result = await scriptCalls.run(context, () => codeMode.toolbox.execute(call, options));
  const paused = context.paused;
  if (paused === undefined) return { result, pending: [], record: undefined };
  return {
    result,
    pending: paused.held.map(({ seq, pending }) => ({
      ...pending,
      script: { callId: call.id, seq },
    })),
    record: paused.record,
  };
}

/**
 * @internal Runs a step's calls in code mode, one script after another (each script's own calls run
 * in parallel rounds). Pending entries of every paused script, and their records by call id.
 */
export async function executeScripts(
  codeMode: AgentCodeMode,
  calls: readonly ToolCall[],
  options: ExecuteAllOptions & { approvals: boolean },
): Promise<{
  results: Map<string, ToolCallResult>;
  pending: PendingApproval[];
  scripts: Map<string, ScriptRecord>;
}> {
  const { approvals, ...executeOptions } = options;
  const results = new Map<string, ToolCallResult>();
  const pending: PendingApproval[] = [];
  const scripts = new Map<string, ScriptRecord>();
  for (const call of calls) {
    const step = await runScriptStep(codeMode, call, { approvals, options: executeOptions });
    if (step.record === undefined) results.set(call.id, step.result);
    else {
      pending.push(...step.pending);
      scripts.set(call.id, step.record);
    }
  }
  return { results, pending, scripts };
}
