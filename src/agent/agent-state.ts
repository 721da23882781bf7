import { artifactFromJSON } from "../artifacts/artifact-from-json.js";
import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import type { ImageArtifact } from "../artifacts/image-artifact.js";
import type { ToolCallResult } from "../calls/tool-call.js";
import { loadRecord, type ScriptRecord } from "../code-mode/script-record.js";
import type { PromptMessage, ToolCall, Usage } from "../drivers/spec.js";
import { AgentError } from "../errors/agent-error.js";
import type { JsonObject, JsonValue } from "../schema/json.js";
import type { Repair } from "../tool/repair.js";
import type { AgentProtocol, AgentToolCall, PendingApproval } from "./agent-types.js";
import { checkSeal, type StateKey, sealOf } from "./state-seal.js";

/**
 * A paused run as plain JSON: survives `JSON.stringify`/`parse`, a database and another process, and
 * is resumed by `agent.resume(state, decisions)` on an agent with the same tools.
 *
 * @example
 * ```ts
 * await db.put(runId, JSON.stringify(result.state));
 * const resumed = await agent.resume(JSON.parse(await db.get(runId)), decisions);
 * ```
 */
export interface AgentState {
  readonly version: 1;
  /** The run this state belongs to: its receipts' scope, and its id in a durable store. */
  readonly runId: string;
  readonly protocol: AgentProtocol;
  /** Model calls made so far. */
  readonly step: number;
  readonly messages: JsonValue[];
  readonly usage: JsonObject;
  readonly toolCalls: JsonValue[];
  readonly repairs: JsonValue[];
  /** Steps whose reply the provider cut off (absent in states saved before it was recorded). */
  readonly cutOff?: number[];
  /**
   * The deferred activities tool searches had loaded, in order (`toolbox.loadedActivities`); `resume`
   * loads them again, so the requests carry the same tools in the same order. Absent: none.
   */
  readonly loaded?: string[];
  /** The paused step: its calls in order, the results already in, the calls awaiting a decision. */
  readonly paused: {
    readonly calls: JsonValue[];
    readonly results: JsonValue[];
    readonly pending: JsonValue[];
    /** In code mode: each paused script's record, by the id of the call that ran it. */
    readonly scripts?: JsonObject;
  };
  /**
   * `hmac-sha256:<hex>` (the agent's `stateKey`) or `sha256:<hex>` over every other field: a state
   * edited after it was saved is refused on resume.
   */
  readonly seal: string;
}

/** @internal The live form of a paused run. */
export interface PausedRun {
  runId: string;
  protocol: AgentProtocol;
  step: number;
  messages: PromptMessage[];
  usage: Usage;
  toolCalls: AgentToolCall[];
  repairs: Repair[];
  cutOff: number[];
  calls: ToolCall[];
  results: Map<string, ToolCallResult>;
  pending: PendingApproval[];
  scripts: Map<string, ScriptRecord>;
  loaded: string[];
}

/** @internal The run as sealed plain JSON. */
export function saveState(run: PausedRun, key: StateKey | undefined): AgentState {
  const state = JSON.parse(
    JSON.stringify({
      version: 1,
      runId: run.runId,
      protocol: run.protocol,
      step: run.step,
      messages: run.messages.map(messageToJSON),
      usage: run.usage,
      toolCalls: run.toolCalls.map((entry) => ({
        step: entry.step,
        call: entry.call,
        result: resultToJSON(entry.result),
      })),
      repairs: run.repairs,
      cutOff: run.cutOff,
      ...(run.loaded.length > 0 ? { loaded: run.loaded } : {}),
      paused: {
        calls: run.calls,
        results: [...run.results.values()].map(resultToJSON),
        pending: run.pending,
        ...(run.scripts.size === 0 ? {} : { scripts: Object.fromEntries(run.scripts) }),
      },
    }),
  ) as Omit<AgentState, "seal">;
  return { ...state, seal: sealOf(state, key) };
}

/**
 * @internal Revives a saved run whose seal matches; anything malformed is an `AgentError` naming the
 * field.
 */
export function loadState(state: unknown, key: StateKey | undefined): PausedRun {
  try {
    const saved = state as AgentState;
    if (typeof saved !== "object" || saved === null || saved.version !== 1) {
      throw new TypeError("not an agent state of version 1");
    }
    checkSeal(saved, key);
    if (typeof saved.runId !== "string") throw new TypeError('"runId" is not a string');
    const results = (saved.paused.results as unknown as SavedResult[]).map(resultFromJSON);
    const loaded: unknown = saved.loaded ?? [];
    if (!Array.isArray(loaded) || loaded.some((name) => typeof name !== "string")) {
      throw new TypeError("loaded must be an array of activity names");
    }
    return {
      runId: saved.runId,
      protocol: saved.protocol,
      step: saved.step,
      messages: (saved.messages as unknown as SavedMessage[]).map(messageFromJSON),
      usage: saved.usage as unknown as Usage,
      toolCalls: (saved.toolCalls as unknown as SavedToolCall[]).map((entry) => ({
        step: entry.step,
        call: entry.call,
        result: resultFromJSON(entry.result),
      })),
      repairs: saved.repairs as unknown as Repair[],
      cutOff: saved.cutOff ?? [],
      calls: saved.paused.calls as unknown as ToolCall[],
      results: new Map(results.map((result) => [result.id, result])),
      pending: saved.paused.pending as unknown as PendingApproval[],
      scripts: new Map(
        Object.entries(saved.paused.scripts ?? {}).map(([id, record]) => [id, loadRecord(record)]),
      ),
      loaded: loaded as string[],
    };
  } catch (error) {
    if (error instanceof AgentError) throw error;
    throw new AgentError({
      code: "invalid_agent_state",
      subject: "state",
      message: `cannot be resumed: ${(error as Error).message}`,
      cause: error,
    });
  }
}

type SavedResult = Omit<ToolCallResult, "artifact" | "calls"> & {
  artifact: ArtifactJSON;
  calls?: SavedResult[];
};
type SavedToolCall = { step: number; call: ToolCall; result: SavedResult };
type SavedMessage = Record<string, unknown> & { role: PromptMessage["role"] };

function resultToJSON(result: ToolCallResult): SavedResult {
  const { artifact, calls, ...rest } = result;
  return {
    ...rest,
    artifact: artifact.toJSON(),
    ...(calls === undefined ? {} : { calls: calls.map(resultToJSON) }),
  };
}

function resultFromJSON(saved: SavedResult): ToolCallResult {
  const { artifact, calls, ...rest } = saved;
  return {
    ...rest,
    artifact: artifactFromJSON(artifact),
    ...(calls === undefined ? {} : { calls: calls.map(resultFromJSON) }),
  };
}

function messageToJSON(message: PromptMessage): SavedMessage {
  if (message.role === "tool") return { ...message, artifact: message.artifact.toJSON() };
  if (message.role === "user" && typeof message.content !== "string") {
    return {
      ...message,
      content: message.content.map((part) =>
        part.type === "image" ? { type: "image", image: part.image.toJSON() } : part,
      ),
    };
  }
  return { ...message };
}

function messageFromJSON(saved: SavedMessage): PromptMessage {
  if (saved.role === "tool") {
    return { ...saved, artifact: artifactFromJSON(saved.artifact) } as PromptMessage;
  }
  if (saved.role === "user" && Array.isArray(saved.content)) {
    return {
      role: "user",
      content: (saved.content as { type: string; text?: string; image?: unknown }[]).map((part) =>
        part.type === "image"
          ? { type: "image" as const, image: artifactFromJSON(part.image) as ImageArtifact }
          : { type: "text" as const, text: String(part.text) },
      ),
    };
  }
  return saved as unknown as PromptMessage;
}
