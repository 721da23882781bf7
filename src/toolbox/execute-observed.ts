import type { ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import { loadOnUse } from "../internal/load-on-use.js";
import { siblingModuleUrl } from "../internal/sibling-module.js";
import {
  observeToolCall,
  publishingToolCalls,
  tracingRegistered,
} from "../observe/tool-call-channels.js";
import type { CallDescription, TelemetryOptions } from "../observe/tool-call-span.js";

// The span code (and `@opentelemetry/api` behind it) loads on the first call traced, so the root
// entry stays light for everyone who does not trace.
const toolCallSpans = loadOnUse<typeof import("../observe/tool-call-span.js")>(
  siblingModuleUrl(import.meta.url, "../observe/tool-call-span").href,
);

/** @internal What an observed call needs besides the call: how to run it, and what its span shows. */
export interface ObservedRun {
  readonly run: () => Promise<ToolCallResult>;
  readonly telemetry: TelemetryOptions | undefined;
  readonly describe: (result: ToolCallResult) => CallDescription | undefined;
}

/**
 * @internal A call run inside its `execute_tool` span (when an OpenTelemetry SDK registered a tracer
 * provider), with its `toolwright:tool-call:*` events published around it (when anyone listens).
 */
export function executeObserved(
  call: ToolCallInput & { readonly id: string },
  { run, telemetry, describe }: ObservedRun,
): Promise<ToolCallResult> {
  const observed = () => (publishingToolCalls() ? observeToolCall(call, run) : run());
  if (!tracingRegistered()) return observed();
  return toolCallSpans().traceToolCall(call, { telemetry, describe, run: observed });
}
