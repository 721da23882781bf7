import type {
  ResponseCreateParamsNonStreaming,
  ResponseStreamEvent,
} from "openai/resources/responses/responses";
import { PromptRequestError } from "../../errors/prompt-request-error.js";
import type { JsonObject } from "../../schema/json.js";
import { createPromptDriver, type StreamFold } from "../shared/create-prompt-driver.js";
import { driverFailure, type FailureContext, streamEndedEarly } from "../shared/driver-failure.js";
import { ProviderPromptDriver } from "../shared/provider-prompt-driver.js";
import { type DriverIdentity, withProviderOptions } from "../shared/request-checks.js";
import { makeUsage } from "../shared/usage.js";
import type { PromptRequest, PromptResponse, PromptStreamEvent, ToolCall } from "../spec.js";
import { convertToOpenAIResponsesMessages } from "./convert-to-openai-responses-messages.js";
import { mapOpenAIResponsesFinishReason } from "./map-openai-responses-finish-reason.js";
import { connectOpenAI, type OpenAIDriverOptions } from "./openai-client.js";
import {
  type NativeToolSearch,
  nativeToolSearch,
  searchCall,
} from "./openai-responses-tool-search.js";
import { prepareOpenAIResponsesTools } from "./prepare-openai-responses-tools.js";

/**
 * A prompt driver for OpenAI's Responses API (`/v1/responses`) through the official `openai` SDK.
 * Stateless: the whole transcript is sent each turn; reasoning items come back on the assistant
 * message's `providerMetadata` and are sent back with it.
 *
 * @example
 * ```ts
 * import { OpenAIResponsesPromptDriver } from "toolwright/openai";
 * const driver = new OpenAIResponsesPromptDriver({ model: "gpt-4.1-mini" });
 * const response = await driver.generate({ messages, tools: toolbox.toProviderTools(driver.dialect) });
 * ```
 */
export class OpenAIResponsesPromptDriver extends ProviderPromptDriver {
  readonly provider = "openai.responses";
  readonly dialect = "openai-responses";
  readonly capabilities = { stopSequences: false };

  constructor(options: OpenAIDriverOptions) {
    const connect = connectOpenAI("OpenAIResponsesPromptDriver", options);
    const identity: DriverIdentity = { provider: "openai.responses", model: options.model };
    const calls = createPromptDriver({
      driver: "OpenAIResponsesPromptDriver",
      ...identity,
      connect,
      body: (request) => responseBody(identity, request),
      send: (client, body, signal) => client.responses.create(body, { signal }),
      sendStream: (client, body, signal) =>
        client.responses.create({ ...body, stream: true }, { signal }),
      convert: convertResponse,
      fold: () => new ResponseEvents(),
    });
    super(options.model, calls);
  }
}

function responseBody(
  identity: DriverIdentity,
  request: PromptRequest,
): ResponseCreateParamsNonStreaming {
  if (request.stopSequences !== undefined && request.stopSequences.length > 0) {
    throw new PromptRequestError({
      ...identity,
      path: "stopSequences",
      message: "the Responses API has no stop sequences; use OpenAIChatPromptDriver for them",
    });
  }
  const body: ResponseCreateParamsNonStreaming = {
    model: identity.model,
    input: convertToOpenAIResponsesMessages(
      request.messages,
      identity,
      nativeToolSearch(request.tools),
    ),
    ...prepareOpenAIResponsesTools(request, identity),
  };
  if (request.maxOutputTokens !== undefined) body.max_output_tokens = request.maxOutputTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  return withProviderOptions(body, request.providerOptions, "openai");
}

/** The parts of a Responses API response the driver reads. */
interface ResponseLike {
  status?: string | null | undefined;
  incomplete_details?: { reason?: string | null | undefined } | null | undefined;
  error?: { code?: string | null; message?: string } | null | undefined;
  output: readonly { type: string }[];
  usage?:
    | { input_tokens?: number; output_tokens?: number; total_tokens?: number }
    | null
    | undefined;
}

function convertResponse(
  response: ResponseLike,
  context: FailureContext,
  request: PromptRequest,
): PromptResponse {
  if (response.status === "failed") {
    throw driverFailure(
      context,
      context.phase === "stream" ? "provider_stream_error" : "provider_http_error",
      response.error?.message ?? "the response failed",
      { providerCode: response.error?.code ?? undefined },
    );
  }
  if (!Array.isArray(response.output)) {
    throw driverFailure(context, "provider_invalid_response", "the response has no output");
  }
  let text = "";
  const reasoning: string[] = [];
  const reasoningItems: JsonObject[] = [];
  const toolCalls: ToolCall[] = [];
  let search: NativeToolSearch | null | undefined;
  for (const item of response.output as readonly OutputItem[]) {
    if (item.type === "message") {
      for (const part of item.content ?? []) {
        if (part.type === "output_text") text += part.text ?? "";
        if (part.type === "refusal") text += part.refusal ?? "";
      }
    } else if (item.type === "function_call") {
      toolCalls.push({
        id: item.call_id ?? "",
        name: item.name ?? "",
        arguments: typeof item.arguments === "string" ? item.arguments : "{}",
      });
    } else if (item.type === "tool_search_call") {
      search ??= nativeToolSearch(request.tools) ?? null;
      const call = searchCall(item, search ?? undefined);
      if (call !== undefined) toolCalls.push(call);
    } else if (item.type === "reasoning") {
      reasoningItems.push(item as unknown as JsonObject);
      for (const part of item.summary ?? []) reasoning.push(part.text ?? "");
    }
  }
  const incompleteReason = response.incomplete_details?.reason ?? undefined;
  const converted: PromptResponse = {
    text,
    toolCalls,
    finishReason: mapOpenAIResponsesFinishReason({
      status: response.status ?? undefined,
      incompleteReason,
      hasToolCalls: toolCalls.length > 0,
    }),
    rawFinishReason: incompleteReason ?? response.status ?? undefined,
    usage: makeUsage(
      response.usage?.input_tokens,
      response.usage?.output_tokens,
      response.usage?.total_tokens,
    ),
  };
  if (reasoning.length > 0) converted.reasoning = reasoning.join("\n\n");
  if (reasoningItems.length > 0)
    converted.providerMetadata = { openai: { reasoning: reasoningItems } };
  return converted;
}

interface OutputItem {
  type: string;
  content?: { type: string; text?: string; refusal?: string }[];
  call_id?: string;
  name?: string;
  /** A string on a `function_call`, an object on a `tool_search_call`. */
  arguments?: string | JsonObject;
  execution?: string;
  summary?: { text?: string }[];
}

/**
 * Reads the stream's events: deltas on the way, and the response its last event carries whole
 * (`response.completed`, `.incomplete` or `.failed`), so nothing is assembled by hand.
 */
class ResponseEvents implements StreamFold<ResponseStreamEvent, ResponseLike> {
  readonly #callIds = new Map<string, string>();
  #final: ResponseLike | undefined;

  *add(event: ResponseStreamEvent): Generator<PromptStreamEvent> {
    const delta = this.#delta(event);
    if (delta !== undefined) yield delta;
    if (
      event.type === "response.completed" ||
      event.type === "response.incomplete" ||
      event.type === "response.failed"
    ) {
      this.#final = event.response;
    }
  }

  complete(context: FailureContext): ResponseLike {
    if (this.#final === undefined) {
      throw streamEndedEarly(context, "the response was complete");
    }
    return this.#final;
  }

  #delta(event: ResponseStreamEvent): PromptStreamEvent | undefined {
    switch (event.type) {
      case "response.output_text.delta":
        return { type: "text-delta", delta: event.delta };
      case "response.reasoning_summary_text.delta":
      case "response.reasoning_text.delta":
        return { type: "reasoning-delta", delta: event.delta };
      case "response.output_item.added":
        if (event.item.type !== "function_call") return undefined;
        this.#callIds.set(event.item.id ?? "", event.item.call_id);
        return { type: "tool-call-start", id: event.item.call_id, name: event.item.name };
      case "response.function_call_arguments.delta":
        return {
          type: "tool-call-delta",
          id: this.#callIds.get(event.item_id) ?? event.item_id,
          delta: event.delta,
        };
      default:
        return undefined;
    }
  }
}
