import type { Artifact } from "../artifacts/artifact.js";
import type { ErrorArtifact } from "../artifacts/error-artifact.js";
import type { InfoArtifact } from "../artifacts/info-artifact.js";
import type { ToolCallResult } from "../calls/tool-call.js";
import type { CodeModeOptions } from "../code-mode/code-mode-tool.js";
import type { DialectOptions } from "../dialects/dialect.js";
import type {
  PromptDriver,
  PromptMessage,
  PromptRequest,
  PromptResponse,
  ToolCall,
  Usage,
} from "../drivers/spec.js";
import type { TaskMemory } from "../memory/task-memory.js";
import type { ReceiptStore } from "../receipts/receipt-store.js";
import type { JsonObject } from "../schema/json.js";
import type { Repair } from "../tool/repair.js";
import type { Tool } from "../tool/tool.js";
import type { ActivityProgress } from "../tool/tool-options.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import type { AgentElicitHandler } from "./agent-caller.js";
import type { AgentState } from "./agent-state.js";
import type { StateKey } from "./state-seal.js";

/**
 * How the agent talks tools with the model: the provider's native tool calling, or Griptape's text
 * protocol (`Thought:` / `Actions:` / `Answer:`) for models without it.
 *
 * @example
 * ```ts
 * new Agent({ driver, tools, protocol: "react" });
 * ```
 */
export type AgentProtocol = "native" | "react";

/**
 * Options of an {@link Agent}.
 *
 * @example
 * ```ts
 * new Agent({ driver, tools: [new CalculatorTool()], maxSteps: 10, system: "Be concise." });
 * ```
 */
export interface AgentOptions {
  /** The model. */
  driver: PromptDriver;
  /** The tools (a Toolbox is built from them); give either `tools` or `toolbox`. */
  tools?: readonly Tool[] | undefined;
  toolbox?: Toolbox | undefined;
  /**
   * Where off-prompt tools store their outputs (given to every tool; the memory tool joins the toolbox).
   * Default: the toolbox's, else an in-memory `TaskMemory` when a tool is off-prompt.
   */
  taskMemory?: TaskMemory | undefined;
  /** At most this many model calls per run (default 20). */
  maxSteps?: number | undefined;
  /** `"native"` (default) or `"react"`. */
  protocol?: AgentProtocol | undefined;
  /** Give tool results back to the model for a final answer (default); false ends with the results. */
  reflectOnToolUse?: boolean | undefined;
  /** Your instructions, added to the system prompt. */
  system?: string | undefined;
  /** The agent's name in traces (`invoke_agent {name}`, `gen_ai.agent.name`). */
  name?: string | undefined;
  /** Destructive activities need approval unless their `needsApproval` says otherwise (default false). */
  approvals?: boolean | undefined;
  /**
   * The key paused states are signed with (HMAC-SHA256); an edited state is refused on resume. Give
   * every agent that resumes a state the same key. Without one, states carry a SHA-256 of themselves.
   */
  stateKey?: StateKey | undefined;
  /**
   * Durable runs: the run's state is saved to `store` after every step and its calls run under
   * receipts, so `agent.resume(runId)` continues it after a crash, here or on another machine, and no
   * completed call runs twice (docs/reliability.md).
   */
  durable?: DurableRuns | undefined;
  /** How tools are compiled for the driver's dialect (`strict`, Gemini's schema field). */
  dialectOptions?: DialectOptions | undefined;
  /** Most tool calls of one step running at once (the toolbox's cap by default). */
  concurrency?: number | undefined;
  /**
   * Code mode: the model gets one tool that runs a JavaScript script against the toolbox, each call
   * in it still decoded, validated, limited, approved and recorded (see docs/code-mode.md; needs
   * `quickjs-emscripten`). `true`, or the code-mode tool's options.
   */
  codeMode?: boolean | CodeModeOptions | undefined;
  /**
   * When the provider cuts a reply off (finish reason `"length"`) before any call: `true` asks the
   * model to continue and joins the pieces of its answer; `false` (default) ends the run with the cut
   * answer, its step listed in `result.cutOff`. A cut call is refused either way, never completed.
   */
  continueCutOff?: boolean | undefined;
  /**
   * Answers the forms the agent's tools ask the person (`context.elicit`; a remote MCP server's
   * elicitation through `McpTool`). Without it such asks fail with `CallerError`
   * (`elicitation_unavailable`), which the model reads. Sampling (`context.sample`) always uses the
   * agent's own driver; an `McpTool` lends it to its server only with `allowSampling`.
   */
  onElicit?: AgentElicitHandler | undefined;
  /** Generation settings passed on every model call. */
  generation?:
    | Pick<PromptRequest, "temperature" | "topP" | "maxOutputTokens" | "providerOptions">
    | undefined;
}

/**
 * Options of one run.
 *
 * @example
 * ```ts
 * await agent.run("Plan my day", { signal: AbortSignal.timeout(60_000) });
 * ```
 */
export interface AgentRunOptions {
  /** Cancels the run: the model call and running tools see it; the run rejects with its reason. */
  signal?: AbortSignal | undefined;
  /** The run's id (a random UUID by default): its key in a durable store and its receipts' scope. */
  runId?: string | undefined;
}

/**
 * Where an agent keeps durable runs: a receipt store (in memory, SQLite or Redis), and how long a
 * finished run's state stays there (by default it is deleted when the run ends).
 *
 * @example
 * ```ts
 * const agent = new Agent({ driver, tools, durable: { store: new SqliteReceiptStore({ path: "runs.db" }) } });
 * ```
 */
export interface DurableRuns {
  store: ReceiptStore;
  /** Keep a finished run (its result for `resume(runId)`) this many milliseconds; default: delete it. */
  retentionMs?: number | undefined;
}

/**
 * How a run ended: the discriminant of {@link AgentRunResult}.
 *
 * @example
 * ```ts
 * if (result.status === "needs-approval") askHuman(result.pending);
 * ```
 */
export type AgentStatus = AgentRunResult["status"];

/**
 * One tool call the agent ran (or refused), with what came of it.
 *
 * @example
 * ```ts
 * for (const call of result.toolCalls) console.log(call.step, call.name, call.result.artifact.type);
 * ```
 */
export interface AgentToolCall {
  /** The model call (1-based) that asked for it. */
  readonly step: number;
  /** The call as the model made it. */
  readonly call: ToolCall;
  readonly result: ToolCallResult;
}

/**
 * A call waiting for a human: what it would run, with its decoded, validated input.
 *
 * @example
 * ```ts
 * if (result.status === "needs-approval") {
 *   for (const p of result.pending) console.log(`${p.toolName}.${p.activityName}`, p.input);
 * }
 * ```
 */
export interface PendingApproval {
  readonly id: string;
  /** The name the model called. */
  readonly name: string;
  readonly toolName: string;
  readonly activityName: string;
  readonly input: JsonObject;
  /** In code mode: the script call that made this call, and its place among the script's calls. */
  readonly script?: { readonly callId: string; readonly seq: number } | undefined;
  /** The call's key in its run (its receipt's key): an approval is for this call only. */
  readonly key: string;
  /** SHA-256 of `input`'s canonical JSON (`hashInput`): an approval naming it approves this input only. */
  readonly inputHash: string;
}

/**
 * A human's answer to one pending call: run it, refuse it (the model sees the reason), or run it with
 * an edited input (validated again). An approval that names the `inputHash` it saw is refused unless
 * the pending call's input is that very input; each paused state's approvals are used once.
 *
 * @example
 * ```ts
 * const decisions: Record<string, ApprovalDecision> = {
 *   call_1: { type: "approve", inputHash: pending[0].inputHash },
 *   call_2: { type: "reject", reason: "Not on a Friday" },
 *   call_3: { type: "edit", input: { path: "notes/draft.md" } },
 * };
 * ```
 */
export type ApprovalDecision =
  | { readonly type: "approve"; readonly inputHash?: string | undefined }
  | { readonly type: "reject"; readonly reason?: string | undefined }
  | {
      readonly type: "edit";
      readonly input: JsonObject;
      /** The pending input this edit replaces (its `inputHash`): refused when the call's differs. */
      readonly inputHash?: string | undefined;
    };

/**
 * What every run result has, whatever its `status`: how many model calls it took and what happened
 * on the way.
 *
 * @example
 * ```ts
 * const { steps, toolCalls, usage } = await agent.run("What is 6 * 7?");
 * ```
 */
export interface AgentRunSummary {
  /** The run's id: `agent.resume(runId)` continues it when the agent is durable. */
  readonly runId: string;
  /** Model calls made. */
  readonly steps: number;
  readonly toolCalls: readonly AgentToolCall[];
  /** Every repair toolwright made to the model's calls, in order. */
  readonly repairs: readonly Repair[];
  /**
   * The steps whose reply the provider cut off (finish reason `"length"`), in order: their answer
   * may be incomplete, and a call cut with them was refused.
   */
  readonly cutOff: readonly number[];
  readonly usage: Usage;
  /** The whole conversation, system prompt first. */
  readonly messages: readonly PromptMessage[];
}

/**
 * A run that ended with an answer: the model's text, a final-answer activity's result, or (with
 * `reflectOnToolUse: false`) the first step's tool results.
 *
 * @example
 * ```ts
 * if (result.status === "completed") console.log(result.output.toText());
 * ```
 */
export interface AgentCompletedRun extends AgentRunSummary {
  readonly status: "completed";
  readonly output: Artifact;
}

/**
 * A run paused until a human decides on its `pending` calls (at least one); `state` is everything
 * `agent.resume` needs, as plain JSON.
 *
 * @example
 * ```ts
 * if (result.status === "needs-approval") await db.save(runId, JSON.stringify(result.state));
 * ```
 */
export interface AgentPausedRun extends AgentRunSummary {
  readonly status: "needs-approval";
  /** `Waiting for approval: <tool>.<activity>, …`. */
  readonly output: InfoArtifact;
  /** The calls waiting for a decision, in the order the model made them. */
  readonly pending: readonly [PendingApproval, ...PendingApproval[]];
  /** Everything `agent.resume` needs, as plain JSON (store it anywhere). */
  readonly state: AgentState;
}

/**
 * A run that spent `maxSteps` model calls without an answer; the transcript is intact.
 *
 * @example
 * ```ts
 * if (result.status === "max-steps") console.warn(result.output.toText());
 * ```
 */
export interface AgentMaxStepsRun extends AgentRunSummary {
  readonly status: "max-steps";
  /** Code `max_steps`. */
  readonly output: ErrorArtifact;
}

/**
 * The outcome of `agent.run` (or `resume`), discriminated by `status`: narrow on it to reach what
 * only one outcome has (`pending` and `state` of a paused run).
 *
 * @example
 * ```ts
 * const result = await agent.run("Delete yesterday's drafts");
 * if (result.status === "needs-approval") console.log(result.pending[0].activityName);
 * else console.log(result.output.toText());
 * ```
 */
export type AgentRunResult = AgentCompletedRun | AgentPausedRun | AgentMaxStepsRun;

/**
 * What `agent.stream` yields, in order; `finish` is always last. While the model streams, a tool
 * call's arguments arrive as `tool-input-start`, `tool-input-delta` (the next piece of the raw
 * arguments text) and `tool-input-end`; `tool-call` follows once the whole reply is read, then the
 * call's `tool-progress` reports while it runs, then its `tool-result`.
 *
 * @example
 * ```ts
 * for await (const event of agent.stream("Hi")) if (event.type === "text-delta") write(event.delta);
 * ```
 */
export type AgentEvent =
  | { readonly type: "text-delta"; readonly step: number; readonly delta: string }
  | {
      readonly type: "tool-input-start";
      readonly step: number;
      readonly id: string;
      /** The name as the model wrote it (before name repair). */
      readonly name: string;
    }
  | {
      readonly type: "tool-input-delta";
      readonly step: number;
      readonly id: string;
      readonly delta: string;
    }
  | { readonly type: "tool-input-end"; readonly step: number; readonly id: string }
  | { readonly type: "tool-call"; readonly step: number; readonly call: ToolCall }
  | {
      readonly type: "tool-progress";
      readonly step: number;
      readonly call: ToolCall;
      /** What the activity reported with `context.progress`. */
      readonly progress: ActivityProgress;
    }
  | {
      readonly type: "tool-result";
      readonly step: number;
      readonly call: ToolCall;
      readonly result: ToolCallResult;
    }
  | {
      /** The provider cut this step's reply off: its cut call is refused, nothing is completed. */
      readonly type: "cut-off";
      readonly step: number;
      /** The provider's own word for it (`length`, `max_tokens`, `MAX_TOKENS` …). */
      readonly finishReason: string;
    }
  | { readonly type: "step-finish"; readonly step: number; readonly response: PromptResponse }
  | { readonly type: "finish"; readonly result: AgentRunResult };
