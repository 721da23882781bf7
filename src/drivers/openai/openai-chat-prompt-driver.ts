import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
} from "openai/resources/chat/completions";
import { createPromptDriver } from "../shared/create-prompt-driver.js";
import { driverFailure, type FailureContext, streamEndedEarly } from "../shared/driver-failure.js";
import { ProviderPromptDriver } from "../shared/provider-prompt-driver.js";
import { type DriverIdentity, withProviderOptions } from "../shared/request-checks.js";
import { makeUsage } from "../shared/usage.js";
import type { PromptRequest, PromptResponse, PromptStreamEvent, ToolCall } from "../spec.js";
import { convertToOpenAIChatMessages } from "./convert-to-openai-chat-messages.js";
import { mapOpenAIChatFinishReason } from "./map-openai-chat-finish-reason.js";
import { connectOpenAI, type OpenAIDriverOptions } from "./openai-client.js";
import { prepareOpenAIChatTools } from "./prepare-openai-chat-tools.js";

/**
 * A prompt driver for OpenAI's Chat Completions API (`/v1/chat/completions`) through the official
 * `openai` SDK; also fits the OpenAI-compatible servers (vLLM, llama.cpp, LiteLLM, Ollama's `/v1`).
 *
 * @example
 * ```ts
 * import { OpenAIChatPromptDriver } from "toolwright/openai";
 * const driver = new OpenAIChatPromptDriver({ model: "gpt-4.1-mini" });
 * const { text } = await driver.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export class OpenAIChatPromptDriver extends ProviderPromptDriver {
  readonly provider = "openai.chat";
  readonly dialect = "openai-chat";

  constructor(options: OpenAIDriverOptions) {
    const connect = connectOpenAI("OpenAIChatPromptDriver", options);
    const identity: DriverIdentity = { provider: "openai.chat", model: options.model };
    const calls = createPromptDriver({
      driver: "OpenAIChatPromptDriver",
      ...identity,
      connect,
      body: (request) => chatCompletionBody(identity, request),
      send: (client, body, signal) => client.chat.completions.create(body, { signal }),
      sendStream: (client, body, signal) =>
        client.chat.completions.create(
          { ...body, stream: true, stream_options: { include_usage: true } },
          { signal },
        ),
      convert: convertChatCompletion,
      fold: () => new ChatCompletionAssembler(),
    });
    super(options.model, calls);
  }
}

function chatCompletionBody(
  identity: DriverIdentity,
  request: PromptRequest,
): ChatCompletionCreateParamsNonStreaming {
  const body: ChatCompletionCreateParamsNonStreaming = {
    model: identity.model,
    messages: convertToOpenAIChatMessages(request.messages, identity),
    ...prepareOpenAIChatTools(request, identity),
  };
  if (request.maxOutputTokens !== undefined) body.max_completion_tokens = request.maxOutputTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.stopSequences !== undefined) body.stop = [...request.stopSequences];
  return withProviderOptions(body, request.providerOptions, "openai");
}

/** The parts of a chat completion the driver reads, whether received whole or assembled from chunks. */
interface ChatCompletionLike {
  choices: {
    finish_reason: string | null;
    message: {
      content?: string | null;
      refusal?: string | null;
      reasoning_content?: unknown;
      tool_calls?: { type: string; id: string; function?: { name: string; arguments: string } }[];
    };
  }[];
  usage?:
    | { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number }
    | null
    | undefined;
}

function convertChatCompletion(
  completion: ChatCompletionLike,
  context: FailureContext,
): PromptResponse {
  const choice = completion.choices?.[0];
  if (choice === undefined) {
    throw driverFailure(context, "provider_invalid_response", "the response has no choices");
  }
  const { message } = choice;
  const toolCalls: ToolCall[] = [];
  for (const call of message.tool_calls ?? []) {
    if (call.type !== "function" || call.function === undefined) continue;
    toolCalls.push({ id: call.id, name: call.function.name, arguments: call.function.arguments });
  }
  const response: PromptResponse = {
    text: message.content ?? message.refusal ?? "",
    toolCalls,
    finishReason: mapOpenAIChatFinishReason(choice.finish_reason),
    rawFinishReason: choice.finish_reason ?? undefined,
    usage: makeUsage(
      completion.usage?.prompt_tokens,
      completion.usage?.completion_tokens,
      completion.usage?.total_tokens,
    ),
  };
  // OpenAI-compatible reasoning servers (vLLM, DeepSeek) put visible reasoning here.
  if (typeof message.reasoning_content === "string" && message.reasoning_content !== "") {
    response.reasoning = message.reasoning_content;
  }
  return response;
}

/** Folds chunks into the completion they describe, yielding deltas on the way. */
class ChatCompletionAssembler {
  #text = "";
  #refusal = "";
  #reasoning = "";
  #finishReason: string | null = null;
  #usage: ChatCompletionLike["usage"];
  readonly #calls: { id: string; name: string; arguments: string; started: boolean }[] = [];

  *add(chunk: ChatCompletionChunk): Generator<PromptStreamEvent> {
    if (chunk.usage) this.#usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (choice === undefined) return;
    const delta = choice.delta as ChatCompletionChunk.Choice.Delta & {
      reasoning_content?: unknown;
    };
    if (typeof delta.content === "string" && delta.content !== "") {
      this.#text += delta.content;
      yield { type: "text-delta", delta: delta.content };
    }
    if (typeof delta.refusal === "string") this.#refusal += delta.refusal;
    if (typeof delta.reasoning_content === "string" && delta.reasoning_content !== "") {
      this.#reasoning += delta.reasoning_content;
      yield { type: "reasoning-delta", delta: delta.reasoning_content };
    }
    for (const part of delta.tool_calls ?? []) {
      let call = this.#calls[part.index];
      if (call === undefined) {
        call = { id: "", name: "", arguments: "", started: false };
        this.#calls[part.index] = call;
      }
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      if (!call.started && call.id !== "" && call.name !== "") {
        call.started = true;
        yield { type: "tool-call-start", id: call.id, name: call.name };
      }
      const args = part.function?.arguments;
      if (args) {
        call.arguments += args;
        yield { type: "tool-call-delta", id: call.id, delta: args };
      }
    }
    if (choice.finish_reason) this.#finishReason = choice.finish_reason;
  }

  complete(context: FailureContext): ChatCompletionLike {
    if (this.#finishReason === null) {
      throw streamEndedEarly(context, "the response was complete");
    }
    const toolCalls = this.#calls
      .filter((call) => call !== undefined)
      .map((call) => ({
        type: "function",
        id: call.id,
        function: { name: call.name, arguments: normaliseArguments(call.arguments) },
      }));
    return {
      choices: [
        {
          finish_reason: this.#finishReason,
          message: {
            content: this.#text === "" ? null : this.#text,
            refusal: this.#refusal === "" ? null : this.#refusal,
            reasoning_content: this.#reasoning === "" ? undefined : this.#reasoning,
            tool_calls: toolCalls,
          },
        },
      ],
      usage: this.#usage,
    };
  }
}

/** A call with no argument deltas at all carries `{}`, as in the non-streaming form. */
function normaliseArguments(text: string): string {
  return text.trim() === "" ? "{}" : text;
}
