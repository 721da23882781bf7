import type { Artifact } from "../artifacts/artifact.js";
import { tracingRegistered } from "../observe/tool-call-channels.js";
import type { QueuedCall } from "./queued-call.js";

/** @internal What names a job's span besides the call it carries. */
export interface JobSpanInfo {
  readonly call: QueuedCall;
  /** The activity's native name, as the caller's `execute_tool` span has it. */
  readonly nativeName: string;
  readonly queue: string;
  readonly jobId: string;
}

/**
 * @internal Runs a job's activity inside an `execute_tool` span of kind CONSUMER whose parent is the
 * caller's span, read from the trace context the job carries: the caller's trace goes on into the
 * worker, and spans the activity starts (an HTTP request, a query) join it. Without a registered SDK in
 * the worker, `run` runs alone.
 */
export async function traceJob<Outcome extends { readonly artifact: Artifact }>(
  info: JobSpanInfo,
  run: () => Promise<Outcome>,
): Promise<Outcome> {
  if (!tracingRegistered()) return run();
  const { markError, otelApi, runInSpan, toolwrightTracer } = await import("../observe/otel.js");
  const otel = otelApi();
  if (otel === undefined) return run();
  const parent = otel.propagation.extract(otel.context.active(), info.call.trace ?? {});
  const span = toolwrightTracer(otel).startSpan(
    `execute_tool ${info.nativeName}`,
    {
      kind: otel.SpanKind.CONSUMER,
      attributes: {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": info.nativeName,
        "gen_ai.tool.call.id": info.call.callId,
        "gen_ai.tool.type": "function",
        "toolwright.tool.name": info.call.tool,
        "toolwright.activity.name": info.call.activity,
        "messaging.system": "bullmq",
        "messaging.destination.name": info.queue,
        "messaging.message.id": info.jobId,
      },
    },
    parent,
  );
  return runInSpan(otel, span, otel.trace.setSpan(parent, span), run, ({ artifact }) => {
    span.setAttribute("toolwright.artifact.type", artifact.type);
    if (artifact.type === "ErrorArtifact") markError(otel, span, artifact.code ?? "tool_error");
  });
}
