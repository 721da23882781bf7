import { channel } from "node:diagnostics_channel";
import type { ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import { installDebugLog } from "./debug-log.js";

/**
 * What `toolwright:tool-call:start` publishes: a call the Toolbox is about to decode and run. No
 * arguments: they may hold personal data (subscribe to `end` and read the result's repairs instead).
 *
 * @example
 * ```ts
 * import { subscribe } from "node:diagnostics_channel";
 * subscribe("toolwright:tool-call:start", (event) => console.log((event as ToolCallStartEvent).name));
 * ```
 */
export interface ToolCallStartEvent {
  /** The call's id (given, or the `call_<n>` the toolbox gave it). */
  readonly id: string;
  /** The name the model called, before name repair. */
  readonly name: string;
}

/**
 * What `toolwright:tool-call:end` publishes for every call, and `toolwright:tool-call:error` for a
 * call whose artifact is an `ErrorArtifact`: who ran, how long it took, what was repaired, what came
 * back.
 *
 * @example
 * ```ts
 * subscribe("toolwright:tool-call:end", (event) => {
 *   const { name, durationMs, repairs } = event as ToolCallEndEvent;
 *   console.log(name, durationMs.toFixed(1), repairs.map((repair) => repair.step));
 * });
 * ```
 */
export interface ToolCallEndEvent extends ToolCallStartEvent {
  /** The tool and activity that ran (or would have); `undefined` when the name matched none. */
  readonly toolName: string | undefined;
  readonly activityName: string | undefined;
  /** Wall time of decoding, validation and the method, in milliseconds. */
  readonly durationMs: number;
  /** The result's artifact kind (`"JsonArtifact"`, `"ErrorArtifact"` …). */
  readonly artifactType: string;
  /** The ErrorArtifact's code (`invalid_input`, `timeout` …); `undefined` for other artifacts. */
  readonly code: string | undefined;
  /** Every repair made to the call, in order (also on the result). */
  readonly repairs: ToolCallResult["repairs"];
  /** The whole result, for subscribers in the same process. */
  readonly result: ToolCallResult;
}

/** @internal The three channels, created once (Node keeps one channel per name). */
export const toolCallChannels = {
  start: channel("toolwright:tool-call:start"),
  end: channel("toolwright:tool-call:end"),
  error: channel("toolwright:tool-call:error"),
};

/** @internal True when anyone listens: the only cost a call pays when no one does. */
export function observingToolCalls(): boolean {
  return (
    toolCallChannels.end.hasSubscribers ||
    toolCallChannels.start.hasSubscribers ||
    toolCallChannels.error.hasSubscribers
  );
}

/**
 * @internal Runs one call with its events published around it: `start` before, `end` after, and
 * `error` too when the artifact is an ErrorArtifact. A rejection (an aborted signal, a developer
 * mistake) publishes nothing after `start`: no result exists to describe.
 */
export async function observeToolCall(
  call: ToolCallInput & { readonly id: string },
  run: () => Promise<ToolCallResult>,
): Promise<ToolCallResult> {
  const name = String(call.name);
  if (toolCallChannels.start.hasSubscribers) {
    toolCallChannels.start.publish({ id: call.id, name } satisfies ToolCallStartEvent);
  }
  const started = performance.now();
  const result = await run();
  const artifact = result.artifact;
  const event: ToolCallEndEvent = {
    id: result.id,
    name,
    toolName: result.toolName,
    activityName: result.activityName,
    durationMs: performance.now() - started,
    artifactType: artifact.type,
    code: artifact.type === "ErrorArtifact" ? artifact.code : undefined,
    repairs: result.repairs,
    result,
  };
  if (toolCallChannels.end.hasSubscribers) toolCallChannels.end.publish(event);
  if (artifact.type === "ErrorArtifact" && toolCallChannels.error.hasSubscribers) {
    toolCallChannels.error.publish(event);
  }
  return result;
}

// `TOOLWRIGHT_DEBUG=1` (or `DEBUG=toolwright`) logs every call's decoding decisions to stderr.
installDebugLog();
