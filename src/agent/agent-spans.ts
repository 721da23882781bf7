import type * as OtelApi from "@opentelemetry/api";
import type { Attributes, Context, Span } from "@opentelemetry/api";
import type { PromptDriver, PromptRequest, PromptResponse, Usage } from "../drivers/spec.js";
import { markError, markFailed, otelApi, toolwrightTracer } from "../observe/otel.js";
import { tracingRegistered } from "../observe/tool-call-channels.js";
import type { AgentEvent, AgentRunResult } from "./agent-types.js";

// The agent's spans, as the OpenTelemetry GenAI conventions shape them: one `invoke_agent` span per
// run, and under it a `chat {model}` span per model call beside the `execute_tool` spans of the calls
// the toolbox runs. Made only when an SDK is registered (see ../observe/otel.ts).

/** @internal What describes the agent on its span. */
export interface AgentSpanInfo {
  readonly driver: PromptDriver;
  readonly name: string | undefined;
}

/**
 * @internal The run's events, inside an `invoke_agent` span. A generator's body runs in the context of
 * whoever calls `next()`, not where it was created, so each step is resumed inside the span's context:
 * the model calls and tool calls it makes are the span's children however the caller iterates.
 */
export async function* traceAgentRun(
  events: AsyncGenerator<AgentEvent>,
  info: AgentSpanInfo,
): AsyncGenerator<AgentEvent> {
  const otel = tracingRegistered() ? otelApi() : undefined;
  if (otel === undefined) return yield* events;
  const span = toolwrightTracer(otel).startSpan(
    info.name === undefined ? "invoke_agent" : `invoke_agent ${info.name}`,
    {
      kind: otel.SpanKind.INTERNAL,
      attributes: {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.provider.name": providerName(info.driver.provider),
        "gen_ai.request.model": info.driver.model,
        ...(info.name === undefined ? {} : { "gen_ai.agent.name": info.name }),
      },
    },
  );
  const inside = otel.trace.setSpan(otel.context.active(), span);
  let done = false;
  try {
    while (true) {
      const next = await otel.context.with(inside, () => events.next());
      if (next.done === true) {
        done = true;
        return;
      }
      if (next.value.type === "finish") describeRun(otel, span, next.value.result);
      yield next.value;
    }
  } catch (error) {
    done = true;
    markFailed(otel, span, error);
    throw error;
  } finally {
    // A consumer that stops early (`break`) closes the loop too, so a paused driver stream is released.
    if (!done) await otel.context.with(inside, () => events.return(undefined));
    span.end();
  }
}

/** @internal A model call's `chat {model}` span, or nothing when no SDK is registered. */
export interface ChatSpan {
  /** Runs `work` with the span active (an instrumented HTTP client's spans become its children). */
  run<T>(work: () => T): T;
  end(response: PromptResponse): void;
  fail(error: unknown): void;
}

/** @internal Starts the span of one model call, under the run's span. */
export function startChatSpan(
  driver: PromptDriver,
  request: PromptRequest,
  step: number,
): ChatSpan | undefined {
  const otel = tracingRegistered() ? otelApi() : undefined;
  if (otel === undefined) return undefined;
  const attributes: Attributes = {
    "gen_ai.operation.name": "chat",
    "gen_ai.provider.name": providerName(driver.provider),
    "gen_ai.request.model": driver.model,
    "toolwright.agent.step": step,
  };
  if (request.temperature !== undefined)
    attributes["gen_ai.request.temperature"] = request.temperature;
  if (request.topP !== undefined) attributes["gen_ai.request.top_p"] = request.topP;
  if (request.maxOutputTokens !== undefined) {
    attributes["gen_ai.request.max_tokens"] = request.maxOutputTokens;
  }
  const span = toolwrightTracer(otel).startSpan(`chat ${driver.model}`, {
    kind: otel.SpanKind.CLIENT,
    attributes,
  });
  const inside: Context = otel.trace.setSpan(otel.context.active(), span);
  return {
    run: (work) => otel.context.with(inside, work),
    end: (response) => {
      span.setAttribute("gen_ai.response.finish_reasons", [
        response.rawFinishReason ?? response.finishReason,
      ]);
      setUsage(span, response.usage);
      span.end();
    },
    fail: (error) => {
      markFailed(otel, span, error);
      span.end();
    },
  };
}

/**
 * @internal `gen_ai.provider.name` for a driver's provider id: the conventions' well-known values
 * where one exists (`openai.chat` and `openai.responses` are both `openai`), the id itself otherwise.
 */
export function providerName(provider: string): string {
  if (provider.startsWith("openai")) return "openai";
  if (provider === "gemini") return "gcp.gemini";
  return provider;
}

function describeRun(otel: typeof OtelApi, span: Span, result: AgentRunResult): void {
  setUsage(span, result.usage);
  span.setAttribute("toolwright.agent.status", result.status);
  span.setAttribute("toolwright.agent.steps", result.steps);
  span.setAttribute("toolwright.agent.tool_calls", result.toolCalls.length);
  if (result.status === "max-steps") markError(otel, span, "max_steps");
}

function setUsage(span: Span, usage: Usage): void {
  if (usage.inputTokens !== undefined)
    span.setAttribute("gen_ai.usage.input_tokens", usage.inputTokens);
  if (usage.outputTokens !== undefined) {
    span.setAttribute("gen_ai.usage.output_tokens", usage.outputTokens);
  }
}
