import type { Attributes, Span } from "@opentelemetry/api";
import type { ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import {
  captureContentByDefault,
  markError,
  otelApi,
  runInSpan,
  toolwrightTracer,
} from "./otel.js";

/**
 * What a toolbox records on its spans beyond the defaults: the call's arguments and its result may
 * hold personal data, so both are off unless turned on here or by
 * `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`.
 *
 * @example
 * ```ts
 * new Toolbox(tools, { telemetry: { recordInputs: true, recordOutputs: true } });
 * ```
 */
export interface TelemetryOptions {
  /** Put the arguments as the model sent them on `gen_ai.tool.call.arguments`. */
  recordInputs?: boolean | undefined;
  /** Put the text the model reads back on `gen_ai.tool.call.result`. */
  recordOutputs?: boolean | undefined;
}

/** @internal What a finished call's span needs from its toolbox: the native name and the description. */
export interface CallDescription {
  readonly nativeName: string;
  readonly description: string;
}

/** @internal Everything `traceToolCall` needs besides the call. */
export interface ToolCallSpanSetup {
  readonly telemetry: TelemetryOptions | undefined;
  /** Looks the tool the call ran up (undefined when the name matched none). */
  readonly describe: (result: ToolCallResult) => CallDescription | undefined;
  readonly run: () => Promise<ToolCallResult>;
}

/**
 * @internal Runs one call inside an `execute_tool` span, as the OpenTelemetry GenAI conventions name it,
 * active for the method so spans it starts (an MCP call, an HTTP request) are its children. A call that
 * ends in an `ErrorArtifact` sets the span's status to error with the artifact's code as `error.type`;
 * one that rejects (an aborted signal) records the exception.
 */
export function traceToolCall(
  call: ToolCallInput & { readonly id: string },
  setup: ToolCallSpanSetup,
): Promise<ToolCallResult> {
  const otel = otelApi();
  if (otel === undefined) return setup.run();
  const name = String(call.name);
  const recordInputs = setup.telemetry?.recordInputs ?? captureContentByDefault();
  const recordOutputs = setup.telemetry?.recordOutputs ?? captureContentByDefault();
  const attributes: Attributes = {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": name,
    "gen_ai.tool.call.id": call.id,
    "gen_ai.tool.type": "function",
  };
  if (recordInputs && call.arguments !== undefined) {
    attributes["gen_ai.tool.call.arguments"] = argumentText(call.arguments);
  }
  const span = toolwrightTracer(otel).startSpan(`execute_tool ${name}`, {
    kind: otel.SpanKind.INTERNAL,
    attributes,
  });
  const inside = otel.trace.setSpan(otel.context.active(), span);
  return runInSpan(otel, span, inside, setup.run, (result) => {
    describeResult(span, result, setup.describe(result), recordOutputs);
    const artifact = result.artifact;
    if (artifact.type === "ErrorArtifact") {
      const code = artifact.code ?? "tool_error";
      markError(otel, span, code, recordOutputs ? artifact.toText() : code);
    }
  });
}

function describeResult(
  span: Span,
  result: ToolCallResult,
  described: CallDescription | undefined,
  recordOutputs: boolean,
): void {
  const artifact = result.artifact;
  if (described !== undefined) {
    // The model may have called a repaired name; the span is named after what ran.
    if (described.nativeName !== result.name) {
      span.updateName(`execute_tool ${described.nativeName}`);
      span.setAttribute("gen_ai.tool.name", described.nativeName);
      span.setAttribute("toolwright.tool.called_name", result.name);
    }
    span.setAttribute("gen_ai.tool.description", described.description);
  }
  if (result.toolName !== undefined) span.setAttribute("toolwright.tool.name", result.toolName);
  if (result.activityName !== undefined) {
    span.setAttribute("toolwright.activity.name", result.activityName);
  }
  span.setAttribute("toolwright.repairs.count", result.repairs.length);
  if (result.repairs.length > 0) {
    span.setAttribute("toolwright.repairs.steps", [
      ...new Set(result.repairs.map((repair) => repair.step)),
    ]);
    // A receipt's recorded result came back: the method did not run in this span.
    if (result.repairs.some((repair) => repair.step === "replay")) {
      span.setAttribute("toolwright.replayed", true);
    }
  }
  span.setAttribute("toolwright.artifact.type", artifact.type);
  span.setAttribute("toolwright.off_prompt", Array.isArray(artifact.meta.memoryReferences));
  if (recordOutputs) span.setAttribute("gen_ai.tool.call.result", artifact.toText());
}

/** Arguments as the model sent them: a string as is, a parsed value as JSON (unprintable: its kind). */
function argumentText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return `[unprintable ${typeof value}]`;
  }
}
