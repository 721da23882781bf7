import { channel } from "node:diagnostics_channel";
import type { ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import { loadOnUse } from "../internal/load-on-use.js";
import { siblingModuleUrl } from "../internal/sibling-module.js";
import { installDebugLog } from "./debug-log.js";
import type { CallDescription, TelemetryOptions } from "./tool-call-span.js";

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

/** @internal True when a channel has subscribers. */
export function publishingToolCalls(): boolean {
  return (
    toolCallChannels.end.hasSubscribers ||
    toolCallChannels.start.hasSubscribers ||
    toolCallChannels.error.hasSubscribers
  );
}

// OpenTelemetry is an optional peer. toolwright never registers anything: it makes spans only when the
// application registered an SDK's tracer provider, and loads `@opentelemetry/api` (./otel.ts) only then.
//
// Why not simply call the API's no-op tracer on every call: a no-op `startActiveSpan` still allocates a
// span, reads the context and calls through a proxy (measured here: 0.5-0.7 µs, a fifth or more of a
// whole call's dispatch), paid by everyone who has the API installed through some other package and
// never traces. Instead each call reads one property: the
// API's own cross-copy registry, `globalThis[Symbol.for("opentelemetry.js.api.1")]`, where
// `trace.setGlobalTracerProvider` (and so every SDK's `register()`) puts the provider under `trace`, and
// `trace.disable()` removes it. Every copy of API 1.x shares it, by design, so the check holds whichever
// copy the application registered through. The major version is in the key: API 2 would be a new
// peer range and a new key here.
const registry = Symbol.for("opentelemetry.js.api.1");
const globals = globalThis as unknown as Record<symbol, { trace?: unknown } | undefined>;

/** @internal True when an OpenTelemetry SDK registered a global tracer provider. */
export function tracingRegistered(): boolean {
  return globals[registry]?.trace !== undefined;
}

/**
 * @internal True when anyone observes calls, through a channel or a registered OpenTelemetry SDK: the
 * only cost a call pays when no one does (three flag reads and one property read).
 */
export function observingToolCalls(): boolean {
  return publishingToolCalls() || tracingRegistered();
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

// The span code (and `@opentelemetry/api` behind it) loads on the first call traced, so the root
// entry stays light for everyone who does not trace.
const toolCallSpans = loadOnUse<typeof import("./tool-call-span.js")>(
  siblingModuleUrl(import.meta.url, "tool-call-span").href,
);

/** @internal What an observed call needs besides the call: how to run it, and what its span shows. */
export interface ObservedRun {
  readonly run: () => Promise<ToolCallResult>;
  readonly telemetry: TelemetryOptions | undefined;
  readonly describe: (result: ToolCallResult) => CallDescription | undefined;
}

/**
 * @internal A call run inside its `execute_tool` span (when an OpenTelemetry SDK registered a tracer
 * provider), with its events published around it (when anyone listens): what a Toolbox and a
 * QueueToolbox do around a call whenever {@link observingToolCalls} is true.
 */
export function runObserved(
  call: ToolCallInput & { readonly id: string },
  { run, telemetry, describe }: ObservedRun,
): Promise<ToolCallResult> {
  const observed = () => (publishingToolCalls() ? observeToolCall(call, run) : run());
  if (!tracingRegistered()) return observed();
  return toolCallSpans().traceToolCall(call, { telemetry, describe, run: observed });
}
