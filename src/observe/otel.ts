import { createRequire } from "node:module";
import type * as OtelApi from "@opentelemetry/api";
import type { Span } from "@opentelemetry/api";
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

/** @internal Marks a span failed by a rejection: the exception as an event, `error.type`, error status. */
export function markFailed(otel: typeof OtelApi, span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setAttribute("error.type", errorType(error));
  span.setStatus({ code: otel.SpanStatusCode.ERROR, message: errorType(error) });
}
