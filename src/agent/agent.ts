import { ErrorArtifact } from "../artifacts/error-artifact.js";
import type { ToolCallResult } from "../calls/tool-call.js";
import { type AgentCodeMode, agentCodeMode, runScriptStep } from "../code-mode/agent-scripts.js";
import type { ScriptRecord } from "../code-mode/script-record.js";
import type { PromptMessage, UserContentPart } from "../drivers/spec.js";
import { AgentError } from "../errors/agent-error.js";
import { TaskMemory } from "../memory/task-memory.js";
import { tracingRegistered } from "../observe/tool-call-channels.js";
import { traceToolCall } from "../observe/tool-call-span.js";
import { executeActivity, validateActivityInput } from "../tool/run-activity.js";
import type { Tool } from "../tool/tool.js";
import { Toolbox } from "../toolbox/toolbox.js";
import {
  agentLoop,
  isNonEmpty,
  type LoopSetup,
  type LoopState,
  pause,
  type StepResults,
} from "./agent-loop.js";
import { checkAgentOptions, checkAgentRunOptions, checkDecisions } from "./agent-option-rules.js";
import { traceAgentRun } from "./agent-spans.js";
import { loadState, type PausedRun } from "./agent-state.js";
import type {
  AgentEvent,
  AgentOptions,
  AgentRunOptions,
  AgentRunResult,
  ApprovalDecision,
  PendingApproval,
} from "./agent-types.js";
import { nativeProtocol } from "./native-protocol.js";
import type { Protocol } from "./protocol.js";
import { reactProtocol } from "./react-protocol.js";

const protocols: Record<"native" | "react", Protocol> = {
  native: nativeProtocol,
  react: reactProtocol,
};

/**
 * Sends tools to a model, runs what it asks for and feeds the results back until it answers. Every
 * problem with a call (unknown tool, broken or invalid input, a failing method) goes back to the model
 * to fix; one bad call never stops the others of its step.
 *
 * @example
 * ```ts
 * const agent = new Agent({ driver: new OpenAIChatPromptDriver({ model: "gpt-5-mini" }), tools: [new CalculatorTool()] });
 * const { output } = await agent.run("What is (3 + 4) * 5?");
 * console.log(output.toText());
 * ```
 */
export class Agent {
  /** The tools the model is offered. */
  readonly toolbox: Toolbox;
  readonly #options: AgentOptions;
  readonly #protocol: Protocol;
  readonly #maxSteps: number;
  readonly #codeMode: AgentCodeMode | undefined;

  constructor(options: AgentOptions) {
    checkAgentOptions(options);
    if (options.tools !== undefined && options.toolbox !== undefined) {
      throw new AgentError({
        code: "invalid_agent_config",
        subject: 'Agent option "tools"',
        message: "give either tools or toolbox, not both",
      });
    }
    this.#options = options;
    this.#protocol = protocols[options.protocol ?? "native"];
    this.#maxSteps = options.maxSteps ?? 20;
    this.toolbox = options.toolbox ?? new Toolbox(options.tools ?? []);
    const memory =
      options.taskMemory ??
      this.toolbox.taskMemory ??
      (this.toolbox.tools.some((tool) => tool.offPrompt) ? new TaskMemory() : undefined);
    if (memory !== undefined && memory !== this.toolbox.taskMemory)
      this.toolbox.setTaskMemory(memory);
    const code = options.codeMode ?? false;
    this.#codeMode =
      code === false ? undefined : agentCodeMode(this.toolbox, code === true ? {} : code);
  }

  /**
   * Runs the agent on a prompt until it answers (`completed`), needs a human (`needs-approval`, with a
   * resumable `state`) or runs out of steps (`max-steps`, an `ErrorArtifact` output, transcript intact).
   *
   * @example
   * ```ts
   * const result = await agent.run("Delete yesterday's drafts");
   * if (result.status === "needs-approval") console.log(result.pending);
   * ```
   */
  async run(
    prompt: string | readonly UserContentPart[],
    options: AgentRunOptions = {},
  ): Promise<AgentRunResult> {
    checkAgentRunOptions("run", options);
    return lastResult(this.#traced(agentLoop(this.#setup(false, options), this.#start(prompt))));
  }

  /**
   * Like `run`, as events: text deltas, each tool call and its result, each step's end, then `finish`
   * with the same result `run` resolves to.
   *
   * @example
   * ```ts
   * for await (const event of agent.stream("Summarise the report")) {
   *   if (event.type === "text-delta") process.stdout.write(event.delta);
   * }
   * ```
   */
  stream(
    prompt: string | readonly UserContentPart[],
    options: AgentRunOptions = {},
  ): AsyncIterable<AgentEvent> {
    checkAgentRunOptions("stream", options);
    return this.#traced(agentLoop(this.#setup(true, options), this.#start(prompt)));
  }

  /**
   * Continues a run paused for approval, from its saved `state` (also in another process, on an agent
   * with the same tools), with a decision for every pending call.
   *
   * @example
   * ```ts
   * if (result.status === "needs-approval") {
   *   const next = await agent.resume(result.state, { [result.pending[0].id]: { type: "approve" } });
   * }
   * ```
   */
  async resume(
    state: unknown,
    decisions: Readonly<Record<string, ApprovalDecision>>,
    options: AgentRunOptions = {},
  ): Promise<AgentRunResult> {
    checkDecisions(decisions);
    checkAgentRunOptions("resume", options);
    const paused = loadState(state);
    const setup = this.#setup(false, options);
    for (const id of Object.keys(decisions)) {
      if (!paused.pending.some((entry) => entry.id === id)) {
        throw new AgentError({
          code: "invalid_approval",
          subject: `approval of call "${id}"`,
          message: "no such pending call",
        });
      }
    }
    const checked = new Map<string, ApprovalDecision>();
    for (const entry of paused.pending) {
      const decision = decisions[entry.id];
      const subject = `approval of call "${entry.id}"`;
      if (decision === undefined) {
        throw new AgentError({
          code: "invalid_approval",
          subject,
          message: "has no decision (approve, reject or edit)",
        });
      }
      if (decision.type === "edit") {
        // A human's edit runs exactly as written: validated again, never repaired.
        const checked = await validateActivityInput(
          this.#tool(entry),
          entry.activityName,
          decision.input,
        );
        if (!checked.ok) {
          throw new AgentError({
            code: "invalid_approval",
            subject,
            message: `the edited input is refused: ${checked.artifact.toText()}`,
          });
        }
      } else if (decision.type !== "approve" && decision.type !== "reject") {
        throw new AgentError({
          code: "invalid_approval",
          subject,
          message: `unknown decision type ${JSON.stringify((decision as { type: unknown }).type)}`,
        });
      }
      checked.set(entry.id, decision);
    }
    // The approved calls run first, inside the resumed run's span like every other call of it.
    const decide = async function* (agent: Agent): AsyncGenerator<AgentEvent> {
      const scripts = new Map<string, Map<number, ApprovalDecision>>();
      for (const entry of paused.pending) {
        const decision = checked.get(entry.id) as ApprovalDecision;
        if (entry.script === undefined) {
          paused.results.set(entry.id, await agent.#decide(entry, decision, setup.signal));
          continue;
        }
        const decisions = scripts.get(entry.script.callId) ?? new Map();
        scripts.set(entry.script.callId, decisions.set(entry.script.seq, decision));
      }
      const loopSetup = {
        ...setup,
        protocol: protocols[paused.protocol],
        protocolName: paused.protocol,
      };
      const loopState: LoopState = {
        step: paused.step,
        messages: paused.messages,
        usage: paused.usage,
        toolCalls: paused.toolCalls,
        repairs: paused.repairs,
      };
      // A paused script runs again from the start, its record answering what it already did.
      const still = await agent.#resumeScripts(paused, scripts, setup);
      if (isNonEmpty(still.pending)) {
        yield pause(loopSetup, loopState, {
          ...still,
          calls: paused.calls,
          results: paused.results,
          pending: still.pending,
        });
        return;
      }
      const results: StepResults = paused.calls.map((call) => ({
        call,
        result: paused.results.get(call.id) as ToolCallResult,
      }));
      yield* agentLoop(loopSetup, loopState, results);
    };
    return lastResult(this.#traced(decide(this)));
  }

  /** Runs each paused script again with its decisions: its result, or its next pause. */
  async #resumeScripts(
    paused: PausedRun,
    scripts: ReadonlyMap<string, ReadonlyMap<number, ApprovalDecision>>,
    setup: LoopSetup,
  ): Promise<{ pending: PendingApproval[]; scripts: Map<string, ScriptRecord> }> {
    const pending: PendingApproval[] = [];
    const records = new Map<string, ScriptRecord>();
    for (const [callId, decisions] of scripts) {
      const call = paused.calls.find((candidate) => candidate.id === callId);
      const record = paused.scripts.get(callId);
      if (call === undefined || record === undefined || this.#codeMode === undefined) {
        throw new AgentError({
          code: "invalid_agent_state",
          subject: `pending script call "${callId}"`,
          message:
            this.#codeMode === undefined
              ? "was paused in code mode, and this agent is not in code mode"
              : "has no saved call or record",
        });
      }
      const step = await runScriptStep(this.#codeMode, call, {
        approvals: setup.approvals,
        record,
        decisions,
        options: {
          dialect: { dialect: setup.driver.dialect, ...setup.dialectOptions },
          ...(setup.signal === undefined ? {} : { signal: setup.signal }),
        },
      });
      if (step.record === undefined) paused.results.set(callId, step.result);
      else {
        pending.push(...step.pending);
        records.set(callId, step.record);
      }
    }
    return { pending, scripts: records };
  }

  /** The run inside an `invoke_agent` span when an OpenTelemetry SDK is registered. */
  #traced(events: AsyncGenerator<AgentEvent>): AsyncGenerator<AgentEvent> {
    return traceAgentRun(events, { driver: this.#options.driver, name: this.#options.name });
  }

  #tool(entry: PendingApproval): Tool {
    const tool = this.toolbox.tool(entry.toolName);
    if (tool === undefined) {
      throw new AgentError({
        code: "invalid_agent_state",
        subject: `pending call "${entry.id}"`,
        message: `tool "${entry.toolName}" is not in this agent's toolbox`,
      });
    }
    return tool;
  }

  async #decide(
    entry: PendingApproval,
    decision: ApprovalDecision,
    signal: AbortSignal | undefined,
  ): Promise<ToolCallResult> {
    if (decision.type === "reject") {
      const reason =
        decision.reason === undefined || decision.reason === "" ? "" : `: ${decision.reason}`;
      return {
        id: entry.id,
        name: entry.name,
        toolName: entry.toolName,
        activityName: entry.activityName,
        artifact: new ErrorArtifact(`The user rejected this call${reason}`, { code: "rejected" }),
        repairs: [],
      };
    }
    // Approved input was decoded and validated when the call was held; it runs as the human saw it.
    const input = decision.type === "edit" ? decision.input : entry.input;
    const tool = this.#tool(entry);
    const run = async (): Promise<ToolCallResult> => {
      const outcome = await executeActivity(tool, entry.activityName, input, { signal });
      return {
        id: entry.id,
        name: entry.name,
        toolName: entry.toolName,
        activityName: entry.activityName,
        artifact: outcome.artifact,
        repairs: outcome.repairs,
      };
    };
    if (!tracingRegistered()) return run();
    // It skips the toolbox (nothing left to decode), so it gets its `execute_tool` span here.
    return traceToolCall(
      { id: entry.id, name: entry.name, arguments: input },
      {
        telemetry: undefined,
        describe: () => ({
          nativeName: this.toolbox.nativeName(tool, entry.activityName),
          description: tool.activityDescription(entry.activityName),
        }),
        run,
      },
    );
  }

  #setup(streaming: boolean, options: AgentRunOptions): LoopSetup {
    const agent = this.#options;
    return {
      driver: agent.driver,
      toolbox: this.#codeMode?.toolbox ?? this.toolbox,
      codeMode: this.#codeMode,
      protocol: this.#protocol,
      protocolName: agent.protocol ?? "native",
      maxSteps: this.#maxSteps,
      reflectOnToolUse: agent.reflectOnToolUse ?? true,
      approvals: agent.approvals ?? false,
      dialectOptions: agent.dialectOptions ?? {},
      concurrency: agent.concurrency,
      generation: agent.generation ?? {},
      streaming,
      signal: options.signal,
    };
  }

  #start(prompt: string | readonly UserContentPart[]): LoopState {
    const messages: PromptMessage[] = [];
    const system = this.#protocol.systemPrompt(
      this.#codeMode?.toolbox ?? this.toolbox,
      this.#options.system,
    );
    if (system !== undefined) messages.push({ role: "system", content: system });
    messages.push({ role: "user", content: prompt });
    return {
      step: 0,
      messages,
      usage: { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined },
      toolCalls: [],
      repairs: [],
    };
  }
}

async function lastResult(events: AsyncIterable<AgentEvent>): Promise<AgentRunResult> {
  let result: AgentRunResult | undefined;
  for await (const event of events) if (event.type === "finish") result = event.result;
  return result as AgentRunResult;
}
