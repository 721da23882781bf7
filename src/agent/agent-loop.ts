import type { Artifact } from "../artifacts/artifact.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { InfoArtifact } from "../artifacts/info-artifact.js";
import { ListArtifact } from "../artifacts/list-artifact.js";
import { TextArtifact } from "../artifacts/text-artifact.js";
import type { Caller } from "../caller/caller-channel.js";
import type { ToolCallResult } from "../calls/tool-call.js";
import type { AgentCodeMode } from "../code-mode/agent-scripts.js";
import type { ScriptRecord } from "../code-mode/script-record.js";
import type { DialectOptions } from "../dialects/dialect.js";
import { addUsage } from "../drivers/shared/usage.js";
import type * as spec from "../drivers/spec.js";
import { PromptDriverError } from "../errors/prompt-driver-error.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import type { Repair } from "../tool/repair.js";
import type { ActivityProgress } from "../tool/tool-options.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { type ChatSpan, startChatSpan } from "./agent-spans.js";
import { type PausedRun, saveState } from "./agent-state.js";
import type {
  AgentCompletedRun,
  AgentEvent,
  AgentMaxStepsRun,
  AgentPausedRun,
  AgentProtocol,
  AgentRunResult,
  AgentToolCall,
  PendingApproval,
} from "./agent-types.js";
import type { RunRecorder } from "./durable-run.js";
import { executeStep, type StepOutcome } from "./execute-step.js";
import type { Protocol } from "./protocol.js";
import type { StateKey } from "./state-seal.js";

/** @internal What stays fixed for a run. */
export interface LoopSetup {
  readonly driver: spec.PromptDriver;
  readonly toolbox: Toolbox;
  readonly protocol: Protocol;
  readonly protocolName: AgentProtocol;
  readonly maxSteps: number;
  readonly reflectOnToolUse: boolean;
  readonly approvals: boolean;
  /** Who the tools' asks (`context.elicit`, `sample`) go to: the agent's handler and driver. */
  readonly caller: Caller;
  readonly dialectOptions: DialectOptions;
  readonly concurrency: number | undefined;
  /** Ask the model to continue an answer the provider cut off, instead of ending with it. */
  readonly continueCutOff: boolean;
  readonly generation: Partial<spec.PromptRequest>;
  /** Stream the model's text (for `agent.stream`) or wait for whole responses. */
  readonly streaming: boolean;
  readonly signal: AbortSignal | undefined;
  /** Code mode: the code-mode tool and the toolbox the model sees (which is then `toolbox`). */
  readonly codeMode: AgentCodeMode | undefined;
  readonly runId: string;
  readonly stateKey: StateKey | undefined;
  /** The receipts the run's calls go under (the run's own scope), if any. */
  readonly receipts: ReceiptOptions | undefined;
  /** A durable run's store, saved after every step. */
  readonly recorder: RunRecorder | undefined;
}

/** @internal What grows during a run. */
export interface LoopState {
  step: number;
  messages: spec.PromptMessage[];
  usage: spec.Usage;
  toolCalls: AgentToolCall[];
  repairs: Repair[];
  /** Steps whose reply the provider cut off. */
  cutOff: number[];
  /** The pieces of an answer cut off so far, when the model is asked to continue it. */
  answered?: string | undefined;
}

// What the model is told when its answer was cut off and it may continue.
const continuePrompt =
  "Your reply was cut off at the output token limit. Continue exactly where it stopped, without repeating anything.";

/** @internal Results of a step that ran (or was resumed), in call order. */
export type StepResults = readonly { call: spec.ToolCall; result: ToolCallResult }[];

// How a run ended: the fields of its result that depend on its status.
/** @internal */
export type RunEnd =
  | Pick<AgentCompletedRun, "status" | "output">
  | Pick<AgentPausedRun, "status" | "output" | "pending" | "state">
  | Pick<AgentMaxStepsRun, "status" | "output">;

/**
 * @internal The agent loop: ask the model, run its calls, give the results back, until it answers,
 * a final-answer activity runs, a call needs approval, or `maxSteps` model calls are spent. Every
 * error goes back to the model; nothing the model does ends the run early.
 */
export async function* agentLoop(
  setup: LoopSetup,
  state: LoopState,
  resumed?: Resumed,
): AsyncGenerator<AgentEvent> {
  if (resumed !== undefined && "results" in resumed) {
    const end = yield* afterResults(setup, state, resumed.results);
    if (end !== undefined) return yield* ended(setup, state, end);
    await setup.recorder?.save(runOf(setup, state), "running");
  } else if (resumed !== undefined && resumed.calls.length > 0) {
    // A durable run stopped inside this step: its calls again, each as its receipt says.
    const end = yield* stepCalls(setup, state, resumed.calls, undefined);
    if (end !== undefined) return yield* end;
  } else await setup.recorder?.save(runOf(setup, state), "running");
  while (state.step < setup.maxSteps) {
    state.step += 1;
    const step = state.step;
    const request: spec.PromptRequest = {
      ...setup.generation,
      messages: [...state.messages],
      ...setup.protocol.requestFields(setup.toolbox, setup.driver, setup.dialectOptions),
    };
    const response = yield* callModel(setup, request, step);
    state.usage = addUsage(state.usage, response.usage);
    const turn = setup.protocol.read(response, setup.toolbox);
    state.messages.push(turn.assistant);
    // A reply cut off runs only calls that are whole (the decoder refuses a cut one for this finish
    // reason, never completing it), and the caller hears of the cut.
    const cut = response.finishReason === "length";
    if (cut) {
      state.cutOff.push(step);
      const finishReason = response.rawFinishReason ?? response.finishReason;
      yield { type: "cut-off", step, finishReason };
    }
    if (turn.problem !== undefined) {
      state.messages.push(...setup.protocol.reply([], turn.problem));
      yield { type: "step-finish", step, response };
      continue;
    }
    if (turn.calls.length === 0) {
      yield { type: "step-finish", step, response };
      const answer = (state.answered ?? "") + (turn.answer ?? response.text);
      if (cut && setup.continueCutOff) {
        state.answered = answer;
        state.messages.push({ role: "user", content: continuePrompt });
        continue;
      }
      return yield* ended(setup, state, { status: "completed", output: new TextArtifact(answer) });
    }
    state.answered = undefined;
    const calls = uniqueIds(turn.calls);
    for (const call of calls) yield { type: "tool-call", step, call };
    // Saved before any call runs: a run stopped from here on resumes inside this step.
    await setup.recorder?.save(runOf(setup, state, { calls }), "running");
    const end = yield* stepCalls(setup, state, calls, response);
    if (end !== undefined) return yield* end;
  }
  const limit = new ErrorArtifact(
    `Exceeded the limit of ${setup.maxSteps} model calls in this run without a final answer`,
    { code: "max_steps" },
  );
  return yield* ended(setup, state, { status: "max-steps", output: limit });
}

/** @internal How a run continues: with the results of its paused step, or inside a step's calls. */
export type Resumed = { readonly results: StepResults } | { readonly calls: spec.ToolCall[] };

/** Runs a step's calls and gives their results back; the run's end when the step ends it. */
async function* stepCalls(
  setup: LoopSetup,
  state: LoopState,
  calls: spec.ToolCall[],
  response: spec.PromptResponse | undefined,
): AsyncGenerator<AgentEvent, AsyncGenerator<AgentEvent> | undefined> {
  const step = state.step;
  const outcome = yield* runCalls(setup, calls, step, response?.finishReason);
  if (isNonEmpty(outcome.pending)) {
    if (response !== undefined) yield { type: "step-finish", step, response };
    return pause(setup, state, {
      calls,
      results: outcome.results,
      pending: outcome.pending,
      scripts: outcome.scripts ?? new Map(),
    });
  }
  const results = calls.map((call) => ({
    call,
    result: outcome.results.get(call.id) as ToolCallResult,
  }));
  const end = yield* afterResults(setup, state, results);
  if (response !== undefined) yield { type: "step-finish", step, response };
  if (end !== undefined) return ended(setup, state, end);
  await setup.recorder?.save(runOf(setup, state), "running");
  return undefined;
}

/** One model call, inside its `chat` span when tracing; streamed, its deltas become events. */
async function* callModel(
  setup: LoopSetup,
  request: spec.PromptRequest,
  step: number,
): AsyncGenerator<AgentEvent, spec.PromptResponse> {
  const span = startChatSpan(setup.driver, request, step);
  try {
    const response = yield* modelResponse(setup, request, step, span);
    span?.end(response);
    return response;
  } catch (error) {
    span?.fail(error);
    throw error;
  }
}

async function* modelResponse(
  setup: LoopSetup,
  request: spec.PromptRequest,
  step: number,
  span: ChatSpan | undefined,
): AsyncGenerator<AgentEvent, spec.PromptResponse> {
  const options = { signal: setup.signal };
  const driver = setup.driver;
  if (!setup.streaming) {
    return span === undefined
      ? driver.generate(request, options)
      : span.run(() => driver.generate(request, options));
  }
  const stream =
    span === undefined
      ? driver.stream(request, options)
      : span.run(() => driver.stream(request, options));
  let response: spec.PromptResponse | undefined;
  // Tool input as it streams, as the AI SDK shows it: start, the raw arguments text in pieces, end.
  // A provider that sends each call whole gets the same three events at once.
  const open = new Set<string>();
  for await (const event of stream) {
    if (event.type === "text-delta") yield { type: "text-delta", step, delta: event.delta };
    else if (event.type === "tool-call-start") {
      open.add(event.id);
      yield { type: "tool-input-start", step, id: event.id, name: event.name };
    } else if (event.type === "tool-call-delta") {
      yield { type: "tool-input-delta", step, id: event.id, delta: event.delta };
    } else if (event.type === "tool-call") {
      const { id, name } = event.toolCall;
      if (!open.delete(id)) {
        yield { type: "tool-input-start", step, id, name };
        yield {
          type: "tool-input-delta",
          step,
          id,
          delta: argumentsText(event.toolCall.arguments),
        };
      }
      yield { type: "tool-input-end", step, id };
    } else if (event.type === "finish") response = event.response;
  }
  if (response === undefined) {
    throw new PromptDriverError({
      code: "provider_stream_error",
      provider: driver.provider,
      model: driver.model,
      providerMessage: "the stream ended without a finish event",
    });
  }
  for (const id of open) yield { type: "tool-input-end", step, id };
  return response;
}

/** A call's arguments as text, the form `tool-input-delta` carries. */
function argumentsText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

/**
 * Runs a step's calls. Streaming, each `context.progress` report is yielded as a `tool-progress`
 * event while the calls run (they arrive from outside the generator, so they queue until it wakes).
 */
async function* runCalls(
  setup: LoopSetup,
  calls: readonly spec.ToolCall[],
  step: number,
  finishReason: spec.FinishReason | undefined,
): AsyncGenerator<AgentEvent, StepOutcome> {
  const reports: AgentEvent[] = [];
  let wake: (() => void) | undefined;
  const byId = new Map(calls.map((call) => [call.id, call]));
  const onCallProgress = (owner: { readonly id: string }, progress: ActivityProgress) => {
    const call = byId.get(owner.id);
    if (call === undefined) return;
    reports.push({ type: "tool-progress", step, call, progress });
    wake?.();
  };
  const running = executeStep(setup.toolbox, calls, {
    approvals: setup.approvals,
    codeMode: setup.codeMode,
    step,
    ...(setup.receipts === undefined ? {} : { receipts: setup.receipts }),
    caller: setup.caller,
    dialect: { dialect: setup.driver.dialect, ...setup.dialectOptions },
    ...(finishReason === undefined ? {} : { finishReason }),
    signal: setup.signal,
    ...(setup.concurrency === undefined ? {} : { concurrency: setup.concurrency }),
    ...(setup.streaming ? { onCallProgress } : {}),
  });
  if (!setup.streaming) return running;
  let settled = false;
  const settle = () => {
    settled = true;
    wake?.();
  };
  running.then(settle, settle);
  while (true) {
    while (reports.length > 0) yield reports.shift() as AgentEvent;
    if (settled) break;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    wake = undefined;
  }
  return running;
}

async function* afterResults(
  setup: LoopSetup,
  state: LoopState,
  results: StepResults,
): AsyncGenerator<AgentEvent, Pick<AgentCompletedRun, "status" | "output"> | undefined> {
  for (const { call, result } of results) {
    yield { type: "tool-result", step: state.step, call, result };
    state.toolCalls.push({ step: state.step, call, result });
    state.repairs.push(...result.repairs);
  }
  state.messages.push(...setup.protocol.reply(results));
  const finals = results.filter(({ result }) => isFinalAnswer(setup.toolbox, result));
  if (finals.length > 0)
    return { status: "completed", output: collect(finals.map(({ result }) => result.artifact)) };
  if (!setup.reflectOnToolUse) {
    return { status: "completed", output: collect(results.map(({ result }) => result.artifact)) };
  }
  return undefined;
}

function isFinalAnswer(toolbox: Toolbox, result: ToolCallResult): boolean {
  if (result.artifact.type === "ErrorArtifact" || result.toolName === undefined) return false;
  const activityName = result.activityName;
  const activity =
    activityName === undefined
      ? undefined
      : toolbox.tool(result.toolName)?.findActivity(activityName);
  return activity?.finalAnswer === true;
}

function collect(artifacts: readonly Artifact[]): Artifact {
  return artifacts.length === 1 ? (artifacts[0] as Artifact) : new ListArtifact(artifacts);
}

function uniqueIds(calls: readonly spec.ToolCall[]): spec.ToolCall[] {
  const seen = new Set<string>();
  return calls.map((call) => {
    let id = call.id;
    for (let copy = 2; seen.has(id); copy++) id = `${call.id}#${copy}`;
    seen.add(id);
    return id === call.id ? call : { ...call, id };
  });
}

/** @internal The step that waits: its calls, the results in, the calls held, paused scripts' records. */
export interface PausedStep {
  readonly calls: readonly spec.ToolCall[];
  readonly results: Map<string, ToolCallResult>;
  readonly pending: readonly [PendingApproval, ...PendingApproval[]];
  readonly scripts: Map<string, ScriptRecord>;
}

/** @internal The `finish` event of a run paused for approval, with its saved state. */
export async function* pause(
  setup: LoopSetup,
  state: LoopState,
  step: PausedStep,
): AsyncGenerator<AgentEvent> {
  const { pending } = step;
  const names = pending.map((entry) => `${entry.toolName}.${entry.activityName}`).join(", ");
  const run = runOf(setup, state, step);
  await setup.recorder?.save(run, "needs-approval");
  yield finish(setup, state, {
    status: "needs-approval",
    output: new InfoArtifact(`Waiting for approval: ${names}`),
    pending,
    state: saveState(run, setup.stateKey),
  });
}

/** The run's end: recorded when durable, its receipts released (they last the run's lifetime). */
async function* ended(
  setup: LoopSetup,
  state: LoopState,
  end: Exclude<RunEnd, { status: "needs-approval" }>,
): AsyncGenerator<AgentEvent> {
  if (setup.recorder !== undefined) {
    await setup.recorder.finish(runOf(setup, state), end.status, end.output);
  } else if (setup.receipts !== undefined) {
    await setup.receipts.store.release(setup.receipts.scope as string);
  }
  yield finish(setup, state, end);
}

/** @internal The run as a state to save: between steps, or inside a step (its calls, results, held calls). */
export function runOf(
  setup: LoopSetup,
  state: LoopState,
  step: Partial<PausedStep> = {},
): PausedRun {
  return {
    runId: setup.runId,
    protocol: setup.protocolName,
    ...state,
    calls: [...(step.calls ?? [])],
    results: step.results ?? new Map(),
    pending: [...(step.pending ?? [])],
    scripts: step.scripts ?? new Map(),
    loaded: [...setup.toolbox.loadedActivities],
  };
}

/** @internal Whether a list has at least one item, as a type. */
export function isNonEmpty<T>(items: readonly T[]): items is readonly [T, ...T[]] {
  return items.length > 0;
}

/** @internal The `finish` event of a run that ended (or paused) as `end` says. */
export function finish(setup: Pick<LoopSetup, "runId">, state: LoopState, end: RunEnd): AgentEvent {
  const result: AgentRunResult = {
    ...end,
    runId: setup.runId,
    steps: state.step,
    toolCalls: state.toolCalls,
    repairs: state.repairs,
    cutOff: state.cutOff,
    usage: state.usage,
    messages: state.messages,
  };
  return { type: "finish", result };
}
