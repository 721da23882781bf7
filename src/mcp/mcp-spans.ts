import type * as OtelApi from "@opentelemetry/api";
import type { Attributes, Span } from "@opentelemetry/api";
import { markError, otelApi, runInSpan, toolwrightTracer } from "../observe/otel.js";
import { tracingRegistered } from "../observe/tool-call-channels.js";

// MCP has no trace context of its own; the OpenTelemetry MCP conventions carry it in each request's
// `params._meta` (`traceparent`, `tracestate`), written and read by the application's registered
// propagator (W3C trace context in every SDK's default setup). Spans follow the same conventions:
// `tools/call {tool}`, CLIENT on the calling side, SERVER on the serving side, so one trace runs
// from the agent through `McpTool` into `serveMcp` and the activity behind it.

/** @internal What names an MCP tool call on its spans. */
export interface McpCallInfo {
  readonly toolName: string;
  /** The JSON-RPC request id, when known (the server knows it; the client's SDK picks it later). */
  readonly requestId?: string | number | undefined;
  readonly sessionId?: string | undefined;
}

/**
 * @internal Runs a client's `tools/call` inside a CLIENT span, handing `work` the `_meta` entries that
 * carry the span's context to the server. Without a registered SDK, `work` gets no entries.
 */
export async function traceMcpClientCall<T extends object>(
  info: McpCallInfo,
  work: (meta: Record<string, string>) => Promise<T>,
): Promise<T> {
  const otel = tracingRegistered() ? otelApi() : undefined;
  if (otel === undefined) return work({});
  const span = toolwrightTracer(otel).startSpan(`tools/call ${info.toolName}`, {
    kind: otel.SpanKind.CLIENT,
    attributes: callAttributes(info),
  });
  const inside = otel.trace.setSpan(otel.context.active(), span);
  const meta: Record<string, string> = {};
  otel.propagation.inject(inside, meta);
  return runInSpan(otel, span, inside, () => work(meta), settleMcpResult(otel, span));
}

/**
 * @internal Runs a server's `tools/call` inside a SERVER span whose parent is the context the client
 * sent in `_meta` (none sent: a new trace), so the activity's `execute_tool` span joins the caller's trace.
 */
export async function traceMcpServerCall<T extends object>(
  info: McpCallInfo,
  meta: unknown,
  work: () => Promise<T>,
): Promise<T> {
  const otel = tracingRegistered() ? otelApi() : undefined;
  if (otel === undefined) return work();
  const carrier = typeof meta === "object" && meta !== null ? meta : {};
  const parent = otel.propagation.extract(otel.context.active(), carrier);
  const span = toolwrightTracer(otel).startSpan(
    `tools/call ${info.toolName}`,
    { kind: otel.SpanKind.SERVER, attributes: callAttributes(info) },
    parent,
  );
  return runInSpan(otel, span, otel.trace.setSpan(parent, span), work, settleMcpResult(otel, span));
}

/** An MCP result with `isError` is a tool error on the span. */
function settleMcpResult(otel: typeof OtelApi, span: Span) {
  return (result: object) => {
    if ((result as { isError?: unknown }).isError === true) markError(otel, span, "tool_error");
  };
}

function callAttributes(info: McpCallInfo): Attributes {
  const attributes: Attributes = {
    "mcp.method.name": "tools/call",
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": info.toolName,
  };
  if (info.requestId !== undefined) attributes["jsonrpc.request.id"] = String(info.requestId);
  if (info.sessionId !== undefined) attributes["mcp.session.id"] = info.sessionId;
  return attributes;
}
