import type { ApprovalDecision, PendingApproval } from "../agent/agent-types.js";
import { heldForApproval } from "../agent/execute-step.js";
import type { Artifact } from "../artifacts/artifact.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import type { Caller } from "../caller/caller-channel.js";
import type { ToolCallResult } from "../calls/tool-call.js";
import type { ToolCall } from "../drivers/spec.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import type { ExecuteOptions } from "../toolbox/toolbox-options.js";
import {
  loadQuickJS,
  runInSandbox,
  type SandboxAnswer,
  type SandboxCall,
  type SandboxLimits,
  type SandboxOutcome,
} from "./sandbox.js";
import { type Replay, ScriptDiverged, type ScriptRecord } from "./script-record.js";

/** @internal One call a script made that waits for a human: its place in the script and its entry. */
export interface HeldCall {
  readonly seq: number;
  readonly pending: PendingApproval;
}

/** @internal Everything one run of a script needs. */
export interface ScriptSetup {
  readonly toolbox: Toolbox;
  /** The activities the script may call: the names it calls them by, to their native names. */
  readonly names: ReadonlyMap<string, string>;
  readonly limits: SandboxLimits;
  readonly replay: Replay;
  /** Hold destructive activities for approval (the Agent's `approvals`). */
  readonly approvals: boolean;
  /** Whether a held call may pause the run (only an Agent can ask a human). */
  readonly canPause: boolean;
  /** Decisions for held calls of an earlier run, by their place in the script. */
  readonly decisions: ReadonlyMap<number, ApprovalDecision>;
  readonly concurrency: number | undefined;
  readonly signal: AbortSignal | undefined;
  /** The receipts of the Agent's run, when it has them; else the toolbox's own, if any. */
  readonly receipts: ReceiptOptions | undefined;
  /** The Agent's caller, when an Agent runs the script. */
  readonly caller: Caller | undefined;
}

/** @internal How a script run ended. */
export type ScriptRunOutcome =
  | { readonly status: "done"; readonly outcome: SandboxOutcome }
  | {
      readonly status: "paused";
      readonly held: readonly HeldCall[];
      readonly record: ScriptRecord;
    };

/** The host stops the script at a round with held calls: thrown out of the sandbox. */
class Pause extends Error {
  constructor(readonly held: readonly HeldCall[]) {
    super("paused for approval");
  }
}

/**
 * @internal Runs a script: each round of calls it makes goes through `toolbox.executeAll` (every
 * call a real `Toolbox.execute`: decoded, validated, limited, observed; the toolbox's concurrency
 * cap and destructive calls one at a time), after the calls the record already answers are taken
 * from it and the calls that need a human are held back. A round with held calls runs its other
 * calls, then pauses the run.
 */
export async function runScript(script: string, setup: ScriptSetup): Promise<ScriptRunOutcome> {
  const quickjs = await loadQuickJS("codeMode");
  const { replay } = setup;
  try {
    const outcome = await runInSandbox(quickjs, script, setup.limits, {
      names: [...setup.names.keys()],
      now: () => replay.now(),
      random: () => replay.random(),
      round: (calls) => runRound(calls, setup),
    });
    return { status: "done", outcome };
  } catch (error) {
    if (error instanceof Pause)
      return { status: "paused", held: error.held, record: replay.record };
    if (error instanceof ScriptDiverged) {
      return {
        status: "done",
        outcome: { ok: false, code: "script_diverged", message: error.message, logs: "" },
      };
    }
    throw error;
  }
}

interface Runnable {
  readonly index: number;
  readonly entry: { answer?: SandboxAnswer };
  readonly call: ToolCall;
}

async function runRound(
  calls: readonly SandboxCall[],
  setup: ScriptSetup,
): Promise<SandboxAnswer[]> {
  const { toolbox, replay } = setup;
  // Without a receipt store the record keeps each answer; with one, the receipts do.
  const keepAnswers = (setup.receipts ?? toolbox.receipts) === undefined;
  const answers = new Array<SandboxAnswer>(calls.length);
  const runnable: Runnable[] = [];
  const held: HeldCall[] = [];
  for (const [index, { name, input }] of calls.entries()) {
    // The prelude offers only these names; anything else never reaches the toolbox.
    const nativeName = setup.names.get(name);
    if (nativeName === undefined) {
      answers[index] = {
        ok: false,
        code: "unknown_tool",
        message: `no tool ${name} in this script API`,
      };
      continue;
    }
    const { seq, entry } = replay.nextCall(name, input);
    if (entry.answer !== undefined) {
      answers[index] = entry.answer;
      continue;
    }
    const id = `${replay.record.id}.${seq}`;
    const call: ToolCall = { id, name: nativeName, arguments: input };
    const decision = entry.decision ?? setup.decisions.get(seq);
    if (decision !== undefined) {
      entry.decision = decision;
      if (decision.type === "reject") {
        const reason = decision.reason ? `: ${decision.reason}` : "";
        answers[index] = {
          ok: false,
          code: "rejected",
          message: `The user rejected this call${reason}`,
        };
        if (keepAnswers) entry.answer = answers[index];
        continue;
      }
      const approved = decision.type === "edit" ? { ...call, arguments: decision.input } : call;
      runnable.push({ index, entry, call: approved });
      continue;
    }
    const pending = await heldForApproval(toolbox, call, {
      approvals: setup.approvals,
      key: id,
      options: executeOptions(setup),
    });
    if (pending === undefined) {
      runnable.push({ index, entry, call });
    } else if (setup.canPause) {
      held.push({ seq, pending: { ...pending, id } });
    } else {
      answers[index] = {
        ok: false,
        code: "approval_required",
        message: `${pending.toolName}.${pending.activityName} needs a human's approval, which a script can wait for only when an Agent runs it`,
      };
    }
  }
  const results = await toolbox.executeAll(
    runnable.map((item) => item.call),
    {
      ...executeOptions(setup),
      ...(setup.concurrency === undefined ? {} : { concurrency: setup.concurrency }),
    },
  );
  for (const [position, item] of runnable.entries()) {
    const answer = answerOf(results[position] as ToolCallResult);
    answers[item.index] = answer;
    if (keepAnswers) item.entry.answer = answer;
  }
  if (held.length > 0) throw new Pause(held);
  return answers;
}

function executeOptions(setup: ScriptSetup): ExecuteOptions {
  return {
    ...(setup.signal === undefined ? {} : { signal: setup.signal }),
    ...(setup.receipts === undefined ? {} : { receipts: setup.receipts }),
    ...(setup.caller === undefined ? {} : { caller: setup.caller }),
  };
}

/** What the script sees of a call's result: the error it throws, or the result's value as JSON. */
function answerOf(result: ToolCallResult): SandboxAnswer {
  const artifact = result.artifact;
  if (artifact instanceof ErrorArtifact) {
    return { ok: false, message: artifact.toText(), code: artifact.code ?? "tool_error" };
  }
  return { ok: true, json: JSON.stringify(scriptValue(artifact)) ?? "null" };
}

/** An artifact as a script value: JSON as its value, lists as arrays, the rest as its text. */
function scriptValue(artifact: Artifact): unknown {
  switch (artifact.type) {
    case "JsonArtifact":
    case "BooleanArtifact":
      return artifact.value;
    case "ListArtifact":
      return artifact.value.map((item) => scriptValue(item as Artifact));
    default:
      return artifact.toText();
  }
}
