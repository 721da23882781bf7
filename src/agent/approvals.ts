import { ErrorArtifact } from "../artifacts/error-artifact.js";
import type { Caller } from "../caller/caller-channel.js";
import type { ToolCallResult } from "../calls/tool-call.js";
import { AgentError } from "../errors/agent-error.js";
import { tracingRegistered } from "../observe/tool-call-channels.js";
import { traceToolCall } from "../observe/tool-call-span.js";
import { hashInput } from "../receipts/input-hash.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import { executeActivity, validateActivityInput } from "../tool/run-activity.js";
import type { Tool } from "../tool/tool.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import type { PausedRun } from "./agent-state.js";
import type { ApprovalDecision, PendingApproval } from "./agent-types.js";

/**
 * @internal Checks a decision for every pending call of a paused run, and that each pending call is
 * still bound to what the model asked: the validated input of the call with its id in the paused
 * step, of the same tool and activity, hashing to the `inputHash` the state and any approval name.
 */
export async function settleDecisions(
  toolbox: Toolbox,
  paused: PausedRun,
  decisions: Readonly<Record<string, ApprovalDecision>>,
): Promise<Map<string, ApprovalDecision>> {
  for (const id of Object.keys(decisions)) {
    if (!paused.pending.some((entry) => entry.id === id)) refuse(id, "no such pending call");
  }
  const settled = new Map<string, ApprovalDecision>();
  for (const entry of paused.pending) {
    await checkBinding(toolbox, paused, entry);
    const decision = decisions[entry.id];
    if (decision === undefined) refuse(entry.id, "has no decision (approve, reject or edit)");
    if (decision.type === "edit") {
      // A human's edit runs exactly as written: validated again, never repaired.
      const checked = await validateActivityInput(
        toolOf(toolbox, entry),
        entry.activityName,
        decision.input,
      );
      if (!checked.ok) {
        refuse(entry.id, `the edited input is refused: ${checked.artifact.toText()}`);
      }
    } else if (decision.type !== "approve" && decision.type !== "reject") {
      const type = JSON.stringify((decision as { type: unknown }).type);
      refuse(entry.id, `unknown decision type ${type}`);
    }
    const named = (decision as { inputHash?: unknown }).inputHash;
    if (named !== undefined && named !== entry.inputHash) {
      refuse(
        entry.id,
        `names input ${String(named)}, and the pending call's input is ${entry.inputHash}: an approval approves the input it saw and nothing else`,
      );
    }
    settled.set(entry.id, decision);
  }
  return settled;
}

/** A pending call must be what its model call decodes to now, and its hash must be its input's. */
async function checkBinding(toolbox: Toolbox, paused: PausedRun, entry: PendingApproval) {
  const call =
    entry.script === undefined
      ? paused.calls.find((c) => c.id === entry.id)
      : scriptCall(paused, entry);
  if (hashInput(entry.input) !== entry.inputHash || call === undefined) {
    tampered(entry, "its input or call does not match what the state recorded");
  }
  const prepared = await toolbox.prepare(call);
  if (
    !prepared.ok ||
    prepared.tool.name !== entry.toolName ||
    prepared.activity.name !== entry.activityName ||
    hashInput(prepared.input) !== entry.inputHash
  ) {
    tampered(entry, "it is not the call the model made in the paused step");
  }
}

/**
 * A script's held call, as the script made it: its script call is in the paused step with a record
 * (the sealed state binds the rest; resuming runs the script again, whose call must match the record).
 */
function scriptCall(paused: PausedRun, entry: PendingApproval) {
  const script = entry.script;
  if (script === undefined || !paused.calls.some((call) => call.id === script.callId)) return;
  if (!paused.scripts.has(script.callId)) return;
  return { id: entry.id, name: entry.name, arguments: entry.input };
}

/**
 * @internal Runs one decided call: a rejection becomes an `ErrorArtifact` the model sees; an approved
 * or edited input runs (under the run's receipts when it has them, so a resumed approval never runs
 * its call twice).
 */
export async function runDecision(
  toolbox: Toolbox,
  entry: PendingApproval,
  decision: ApprovalDecision,
  context: {
    signal: AbortSignal | undefined;
    receipts: ReceiptOptions | undefined;
    caller?: Caller | undefined;
  },
): Promise<ToolCallResult> {
  const named = {
    id: entry.id,
    name: entry.name,
    toolName: entry.toolName,
    activityName: entry.activityName,
  };
  if (decision.type === "reject") {
    const reason =
      decision.reason === undefined || decision.reason === "" ? "" : `: ${decision.reason}`;
    const artifact = new ErrorArtifact(`The user rejected this call${reason}`, {
      code: "rejected",
    });
    return { ...named, artifact, repairs: [] };
  }
  // Approved input was decoded and validated when the call was held; it runs as the human saw it.
  const input = decision.type === "edit" ? decision.input : entry.input;
  const tool = toolOf(toolbox, entry);
  const execute = async (): Promise<ToolCallResult> => {
    const { signal, caller } = context;
    const outcome = await executeActivity(tool, entry.activityName, input, {
      signal,
      ...(caller === undefined ? {} : { caller }),
    });
    return { ...named, artifact: outcome.artifact, repairs: outcome.repairs };
  };
  const activity = tool.findActivity(entry.activityName);
  const receipts = context.receipts;
  const run =
    receipts === undefined || activity === undefined
      ? execute
      : async () => {
          const { runWithReceipt } = await import("../receipts/receipted-call.js");
          return runWithReceipt({
            call: { ok: true, ...named, tool, activity, input, acceptedInput: input, repairs: [] },
            // An edited input is another call than the one held: its own key.
            idempotencyKey: decision.type === "edit" ? `${entry.key}:edited` : entry.key,
            ownId: true,
            receipts,
            run: execute,
          });
        };
  if (!tracingRegistered()) return run();
  // It skips the toolbox (nothing left to decode), so it gets its `execute_tool` span here.
  return traceToolCall(
    { id: entry.id, name: entry.name, arguments: input },
    {
      telemetry: undefined,
      describe: () => ({
        nativeName: toolbox.nativeName(tool, entry.activityName),
        description: tool.activityDescription(entry.activityName),
      }),
      run,
    },
  );
}

/** @internal The pending call's tool in this agent's toolbox. */
export function toolOf(toolbox: Toolbox, entry: PendingApproval): Tool {
  const tool = toolbox.tool(entry.toolName);
  if (tool === undefined) {
    throw new AgentError({
      code: "invalid_agent_state",
      subject: `pending call "${entry.id}"`,
      message: `tool "${entry.toolName}" is not in this agent's toolbox`,
    });
  }
  return tool;
}

function refuse(id: string, message: string): never {
  throw new AgentError({ code: "invalid_approval", subject: `approval of call "${id}"`, message });
}

function tampered(entry: PendingApproval, why: string): never {
  throw new AgentError({
    code: "invalid_agent_state",
    subject: `pending call "${entry.id}"`,
    message: `is refused: ${why}`,
  });
}
