import { createRequire } from "node:module";
import type * as OtelApi from "@opentelemetry/api";
import type { Context, Span } from "@opentelemetry/api";
import { packageVersion } from "../internal/package-version.js";

// OpenTelemetry is an optional peer, reached only once an application registered an SDK (see
// `tracingRegistered` in ./tool-call-channels.ts): this module is loaded on that first traced call.

let api: typeof OtelApi | null | undefined;

/**
 * @internal `@opentelemetry/api`, loaded on first use (tracing registered means it is installed, but
 * possibly where toolwright cannot resolve it: then tracing stays off rather than failing calls).
 * Synchronously, as a call's span starts before its first `await`. Any copy will do: spans, context
 * keys and the propagator all live in the shared registry.
 */
export function otelApi(): typeof OtelApi | undefined {
  if (api === undefined) {
    try {
      api = createRequire(import.meta.url)("@opentelemetry/api") as typeof OtelApi;
    } catch {
      api = null;
    }
  }
  return api ?? undefined;
}

/** @internal The tracer toolwright's spans come from, named after the package (the instrumentation scope). */
export function toolwrightTracer(otel: typeof OtelApi): OtelApi.Tracer {
  return otel.trace.getTracer("toolwright", packageVersion());
}

/**
 * @internal Whether prompts' content (tool arguments and results) may go on spans when the caller did
 * not say: `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`, the switch GenAI instrumentations
 * share. Off otherwise: arguments and results may hold personal data.
 */
export function captureContentByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT?.toLowerCase() === "true";
}

/** @internal An error's `error.type`: its `code` when it has one (toolwright's errors do), else its class name. */
export function errorType(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code !== "") return code;
    if (error instanceof Error) return error.name;
  }
  return "_OTHER";
}

/** @internal Marks a span as an error: `error.type` and the error status (its message: the type, unless given). */
export function markError(
  otel: typeof OtelApi,
  span: Span,
  type: string,
  message: string = type,
): void {
  span.setAttribute("error.type", type);
  span.setStatus({ code: otel.SpanStatusCode.ERROR, message });
}

/** @internal Marks a span failed by a rejection: the exception as an event, then {@link markError}. */
export function markFailed(otel: typeof OtelApi, span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  markError(otel, span, errorType(error));
}

/**
 * @internal Runs `work` inside `context` (the span active), lets `settle` describe its result on the
 * span (an error result is no rejection), marks a rejection failed, and always ends the span.
 */
export async function runInSpan<T>(
  otel: typeof OtelApi,
  span: Span,
  context: Context,
  work: () => Promise<T>,
  settle: (result: T) => void,
): Promise<T> {
  try {
    const result = await otel.context.with(context, work);
    settle(result);
    return result;
  } catch (error) {
    markFailed(otel, span, error);
    throw error;
  } finally {
    span.end();
  }
}
