import type {
  ResponseCreateParamsNonStreaming,
  ResponseStreamEvent,
} from "openai/resources/responses/responses";
import { PromptRequestError } from "../../errors/prompt-request-error.js";
import type { JsonObject } from "../../schema/json.js";
import { finishEvents } from "../shared/collect-stream.js";
import { driverFailure, type FailureContext } from "../shared/driver-failure.js";
import { checkCallOptions } from "../shared/driver-options.js";
import { type DriverIdentity, withProviderOptions } from "../shared/request-checks.js";
import { makeUsage } from "../shared/usage.js";
import type {
  PromptCallOptions,
  PromptDriver,
  PromptRequest,
  PromptResponse,
  PromptStreamEvent,
  ToolCall,
} from "../spec.js";
import { convertToOpenAIResponsesMessages } from "./convert-to-openai-responses-messages.js";
import { mapOpenAIResponsesFinishReason } from "./map-openai-responses-finish-reason.js";
import {
  createOpenAIClient,
  type OpenAIClient,
  type OpenAIDriverOptions,
} from "./openai-client.js";
import { toOpenAIError } from "./openai-error.js";
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
export class OpenAIResponsesPromptDriver implements PromptDriver {
  readonly specificationVersion = "v1";
  readonly provider = "openai.responses";
  readonly dialect = "openai-responses";
  readonly capabilities = { stopSequences: false };
  readonly model: string;
  readonly #client: OpenAIClient;

  constructor(options: OpenAIDriverOptions) {
    this.#client = createOpenAIClient("OpenAIResponsesPromptDriver", options);
    this.model = options.model;
  }

  async generate(request: PromptRequest, options: PromptCallOptions = {}): Promise<PromptResponse> {
    checkCallOptions("OpenAIResponsesPromptDriver", "generate", options);
    const { signal } = options;
    signal?.throwIfAborted();
    const body = this.#body(request);
    const context = this.#context(signal);
    const { sdk, client } = await this.#client();
    try {
      return convertResponse(await client.responses.create(body, { signal }), context);
    } catch (error) {
      throw toOpenAIError(error, context, sdk);
    }
  }

  async *stream(
    request: PromptRequest,
    options: PromptCallOptions = {},
  ): AsyncGenerator<PromptStreamEvent> {
    checkCallOptions("OpenAIResponsesPromptDriver", "stream", options);
    const { signal } = options;
    signal?.throwIfAborted();
    const body = this.#body(request);
    const context = this.#context(signal);
    const { sdk, client } = await this.#client();
    try {
      const events = await client.responses.create({ ...body, stream: true }, { signal });
      context.phase = "stream";
      const callIds = new Map<string, string>();
      let final: ResponseLike | undefined;
      for await (const event of events) {
        signal?.throwIfAborted();
        const delta = streamDelta(event, callIds);
        if (delta !== undefined) yield delta;
        if (
          event.type === "response.completed" ||
          event.type === "response.incomplete" ||
          event.type === "response.failed"
        ) {
          final = event.response;
        }
      }
      // The SDK ends a stream quietly when it is aborted.
      signal?.throwIfAborted();
      if (final === undefined) {
        throw driverFailure(
          context,
          "provider_stream_error",
          "the stream ended before the response was complete",
        );
      }
      yield* finishEvents(convertResponse(final, context));
    } catch (error) {
      throw toOpenAIError(error, context, sdk);
    }
  }

  #body(request: PromptRequest): ResponseCreateParamsNonStreaming {
    const identity: DriverIdentity = { provider: this.provider, model: this.model };
    if (request.stopSequences !== undefined && request.stopSequences.length > 0) {
      throw new PromptRequestError({
        ...identity,
        path: "stopSequences",
        message: "the Responses API has no stop sequences; use OpenAIChatPromptDriver for them",
      });
    }
    const body: ResponseCreateParamsNonStreaming = {
      model: this.model,
      input: convertToOpenAIResponsesMessages(request.messages, identity),
      ...prepareOpenAIResponsesTools(request, identity),
    };
    if (request.maxOutputTokens !== undefined) body.max_output_tokens = request.maxOutputTokens;
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.topP !== undefined) body.top_p = request.topP;
    return withProviderOptions(body, request.providerOptions, "openai");
  }

  #context(signal: AbortSignal | undefined): FailureContext {
    return { provider: this.provider, model: this.model, signal, phase: "request" };
  }
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

function convertResponse(response: ResponseLike, context: FailureContext): PromptResponse {
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
        arguments: item.arguments ?? "{}",
      });
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
  arguments?: string;
  summary?: { text?: string }[];
}

function streamDelta(
  event: ResponseStreamEvent,
  callIds: Map<string, string>,
): PromptStreamEvent | undefined {
  switch (event.type) {
    case "response.output_text.delta":
      return { type: "text-delta", delta: event.delta };
    case "response.reasoning_summary_text.delta":
    case "response.reasoning_text.delta":
      return { type: "reasoning-delta", delta: event.delta };
    case "response.output_item.added":
      if (event.item.type !== "function_call") return undefined;
      callIds.set(event.item.id ?? "", event.item.call_id);
      return { type: "tool-call-start", id: event.item.call_id, name: event.item.name };
    case "response.function_call_arguments.delta":
      return {
        type: "tool-call-delta",
        id: callIds.get(event.item_id) ?? event.item_id,
        delta: event.delta,
      };
    default:
      return undefined;
  }
}
