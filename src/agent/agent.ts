import { randomUUID } from "node:crypto";
import type { Artifact } from "../artifacts/artifact.js";
import type { ErrorArtifact } from "../artifacts/error-artifact.js";
import { InfoArtifact } from "../artifacts/info-artifact.js";
import type { Caller } from "../caller/caller-channel.js";
import type { ToolCallResult } from "../calls/tool-call.js";
import { type AgentCodeMode, agentCodeMode, runScriptStep } from "../code-mode/agent-scripts.js";
import type { ScriptRecord } from "../code-mode/script-record.js";
import type { PromptMessage, UserContentPart } from "../drivers/spec.js";
import { AgentError } from "../errors/agent-error.js";
import { TaskMemory } from "../memory/task-memory.js";
import { Toolbox } from "../toolbox/toolbox.js";
import { agentCaller } from "./agent-caller.js";
import {
  agentLoop,
  finish,
  isNonEmpty,
  type LoopSetup,
  type LoopState,
  pause,
  type RunEnd,
  type StepResults,
} from "./agent-loop.js";
import { checkAgentOptions, checkAgentRunOptions, checkDecisions } from "./agent-option-rules.js";
import { traceAgentRun } from "./agent-spans.js";
import { type AgentState, loadState, type PausedRun, saveState } from "./agent-state.js";
import type {
  AgentEvent,
  AgentOptions,
  AgentRunOptions,
  AgentRunResult,
  ApprovalDecision,
  PendingApproval,
} from "./agent-types.js";
import { runDecision, settleDecisions } from "./approvals.js";
import { type LoadedRun, loadRun, RunRecorder, runReceipts } from "./durable-run.js";
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
  // Seals of the paused states this agent resumed: each state's approvals are used once.
  readonly #used = new Set<string>();
  readonly #caller: Caller;

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
    this.#caller = agentCaller(options.driver, options.onElicit);
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
   * with the same tools and `stateKey`), with a decision for every pending call. A state edited after
   * it was saved is refused, and a state's approvals are used once. With the `durable` option, give
   * the run's id instead: it continues a run paused for approval (pending calls survive a restart) or
   * stopped by a crash, and returns a finished run's result without running anything.
   *
   * @example
   * ```ts
   * if (result.status === "needs-approval") {
   *   const next = await agent.resume(result.state, { [result.pending[0].id]: { type: "approve" } });
   * }
   * await durableAgent.resume("run-42"); // after a restart
   * ```
   */
  async resume(
    state: unknown,
    decisions?: Readonly<Record<string, ApprovalDecision>>,
    options: AgentRunOptions = {},
  ): Promise<AgentRunResult> {
    checkAgentRunOptions("resume", options);
    if (decisions !== undefined || typeof state !== "string") checkDecisions(decisions);
    if (typeof state === "string") return this.#resumeDurable(state, decisions, options);
    const paused = loadState(state, this.#options.stateKey);
    const seal = (state as AgentState).seal;
    // A durable run resumes from its store, from the state given only if that is where it stands.
    if (this.#options.durable !== undefined)
      return this.#resumeDurable(paused.runId, decisions, options, seal);
    if (this.#used.has(seal)) {
      throw new AgentError({
        code: "invalid_approval",
        subject: "state",
        message: "was resumed before: its approvals were used once already",
      });
    }
    const settled = await settleDecisions(this.toolbox, paused, decisions ?? {});
    this.#used.add(seal);
    const setup = this.#setup(false, { ...options, runId: paused.runId });
    return lastResult(this.#traced(this.#decided(setup, paused, settled)));
  }

  /** The approved calls run first, inside the resumed run's span like every other call of it. */
  async *#decided(
    setup: LoopSetup,
    paused: PausedRun,
    decisions: ReadonlyMap<string, ApprovalDecision>,
  ): AsyncGenerator<AgentEvent> {
    // What the paused run's searches had loaded goes back in the same order: the same requests.
    this.toolbox.loadActivities(paused.loaded);
    const context = { signal: setup.signal, receipts: setup.receipts, caller: setup.caller };
    const scripts = new Map<string, Map<number, ApprovalDecision>>();
    for (const entry of paused.pending) {
      const decision = decisions.get(entry.id) as ApprovalDecision;
      if (entry.script === undefined) {
        paused.results.set(entry.id, await runDecision(this.toolbox, entry, decision, context));
        continue;
      }
      const decided = scripts.get(entry.script.callId) ?? new Map<number, ApprovalDecision>();
      scripts.set(entry.script.callId, decided.set(entry.script.seq, decision));
    }
    // A paused script runs again from the start, its record answering what it already did.
    const still = await this.#resumeScripts(paused, scripts, setup);
    if (isNonEmpty(still.pending)) {
      const step = { calls: paused.calls, results: paused.results, scripts: still.scripts };
      yield* pause(withProtocol(setup, paused), loopStateOf(paused), {
        ...step,
        pending: still.pending,
      });
      return;
    }
    const results: StepResults = paused.calls.map((call) => ({
      call,
      result: paused.results.get(call.id) as ToolCallResult,
    }));
    yield* agentLoop(withProtocol(setup, paused), loopStateOf(paused), { results });
  }

  async #resumeDurable(
    runId: string,
    decisions: Readonly<Record<string, ApprovalDecision>> | undefined,
    options: AgentRunOptions,
    seal?: string,
  ): Promise<AgentRunResult> {
    const durable = this.#options.durable;
    if (durable === undefined) {
      throw new AgentError({
        code: "invalid_agent_config",
        subject: "Agent.resume(runId)",
        message:
          "needs the `durable` option (a store the run was saved to); without it, resume a state",
      });
    }
    const settings = { key: this.#options.stateKey, retentionMs: durable.retentionMs };
    const loaded = await loadRun(durable.store, runId, settings);
    const subject = `run "${runId}"`;
    if (loaded === undefined) {
      throw new AgentError({
        code: "invalid_agent_state",
        subject,
        message: "is not in the store",
      });
    }
    const { status, run, recorder } = loaded;
    if (seal !== undefined && loaded.seal !== seal) {
      throw new AgentError({
        code: "invalid_approval",
        subject,
        message:
          "moved on since this state was saved (it was resumed): its approvals were used once already",
      });
    }
    const setup = { ...this.#setup(false, { ...options, runId }), recorder };
    const waiting = status === "needs-approval";
    if (decisions !== undefined && !waiting) {
      throw new AgentError({
        code: "invalid_approval",
        subject,
        message: `is not waiting for approval (it is ${status}): its approvals were given already`,
      });
    }
    if (status !== "running" && (!waiting || decisions === undefined)) {
      // Finished, or paused with no decisions yet: its result as it stands, nothing run.
      return lastResult(storedEnd(setup, loaded));
    }
    const given = decisions ?? loaded.decisions;
    if (given !== undefined && run.pending.length > 0) {
      const settled = await settleDecisions(this.toolbox, run, given);
      // Recorded before any runs: a crash from here on resumes with these decisions, never new ones.
      if (waiting) await recorder.save(run, "running", given);
      return lastResult(this.#traced(this.#decided(setup, run, settled)));
    }
    this.toolbox.loadActivities(run.loaded);
    const events = agentLoop(withProtocol(setup, run), loopStateOf(run), { calls: run.calls });
    return lastResult(this.#traced(events));
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
          ...(setup.receipts === undefined ? {} : { receipts: setup.receipts }),
          caller: setup.caller,
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

  #setup(streaming: boolean, options: AgentRunOptions): LoopSetup {
    const agent = this.#options;
    const runId = options.runId ?? randomUUID();
    // The run's calls go under receipts in its own scope: the durable store's, else the toolbox's.
    const store = agent.durable?.store ?? this.toolbox.receipts?.store;
    return {
      driver: agent.driver,
      toolbox: this.#codeMode?.toolbox ?? this.toolbox,
      codeMode: this.#codeMode,
      protocol: this.#protocol,
      protocolName: agent.protocol ?? "native",
      maxSteps: this.#maxSteps,
      reflectOnToolUse: agent.reflectOnToolUse ?? true,
      approvals: agent.approvals ?? false,
      caller: this.#caller,
      dialectOptions: agent.dialectOptions ?? {},
      concurrency: agent.concurrency,
      continueCutOff: agent.continueCutOff ?? false,
      generation: agent.generation ?? {},
      streaming,
      signal: options.signal,
      runId,
      stateKey: agent.stateKey,
      receipts: store === undefined ? undefined : runReceipts(store, runId),
      recorder:
        agent.durable === undefined
          ? undefined
          : new RunRecorder(agent.durable.store, {
              revision: 0,
              key: agent.stateKey,
              retentionMs: agent.durable.retentionMs,
            }),
    };
  }

  #start(prompt: string | readonly UserContentPart[]): LoopState {
    const messages: PromptMessage[] = [];
    const { system: instructions, reflectOnToolUse } = this.#options;
    const system = this.#protocol.systemPrompt(
      this.#codeMode?.toolbox ?? this.toolbox,
      instructions,
      reflectOnToolUse ?? true,
    );
    if (system !== undefined) messages.push({ role: "system", content: system });
    messages.push({ role: "user", content: prompt });
    return {
      step: 0,
      messages,
      usage: { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined },
      toolCalls: [],
      repairs: [],
      cutOff: [],
    };
  }
}

async function lastResult(events: AsyncIterable<AgentEvent>): Promise<AgentRunResult> {
  let result: AgentRunResult | undefined;
  for await (const event of events) if (event.type === "finish") result = event.result;
  return result as AgentRunResult;
}

function withProtocol(setup: LoopSetup, run: PausedRun): LoopSetup {
  return { ...setup, protocol: protocols[run.protocol], protocolName: run.protocol };
}

function loopStateOf(run: PausedRun): LoopState {
  const { step, messages, usage, toolCalls, repairs, cutOff } = run;
  return { step, messages, usage, toolCalls, repairs, cutOff };
}

/** A durable run that finished or waits for approval, as the result its run returned. */
async function* storedEnd(setup: LoopSetup, loaded: LoadedRun): AsyncGenerator<AgentEvent> {
  const { status, run, output } = loaded;
  const state = loopStateOf(run);
  if (status === "needs-approval") {
    const pending = run.pending as [PendingApproval, ...PendingApproval[]];
    const names = pending.map((entry) => `${entry.toolName}.${entry.activityName}`).join(", ");
    const end: RunEnd = {
      status,
      output: new InfoArtifact(`Waiting for approval: ${names}`),
      pending,
      state: saveState(run, setup.stateKey),
    };
    yield finish(setup, state, end);
    return;
  }
  if (status === "completed") yield finish(setup, state, { status, output: output as Artifact });
  else yield finish(setup, state, { status: "max-steps", output: output as ErrorArtifact });
}
