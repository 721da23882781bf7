import type Anthropic from "@anthropic-ai/sdk";
import type {
  MessageCreateParamsNonStreaming,
  RawMessageStreamEvent,
} from "@anthropic-ai/sdk/resources/messages";
import { PromptRequestError } from "../../errors/prompt-request-error.js";
import { anObject, wholeNumber } from "../../internal/option-rules.js";
import type { JsonObject } from "../../schema/json.js";
import { createPromptDriver } from "../shared/create-prompt-driver.js";
import { driverFailure, type FailureContext, streamEndedEarly } from "../shared/driver-failure.js";
import { checkDriverOptions, type DriverOptions, requireApiKey } from "../shared/driver-options.js";
import { lazyClient } from "../shared/lazy-client.js";
import { type Connect, sdkConnect } from "../shared/provider-call.js";
import { ProviderPromptDriver } from "../shared/provider-prompt-driver.js";
import { type DriverIdentity, withProviderOptions } from "../shared/request-checks.js";
import { stainlessClientOptions } from "../shared/stainless-sdk.js";
import { parseStreamedArguments } from "../shared/tool-call-arguments.js";
import { makeUsage } from "../shared/usage.js";
import type { PromptRequest, PromptResponse, PromptStreamEvent, ToolCall } from "../spec.js";
import { toAnthropicError } from "./anthropic-error.js";
import { convertToAnthropicMessages } from "./convert-to-anthropic-messages.js";
import { mapAnthropicFinishReason } from "./map-anthropic-finish-reason.js";
import { prepareAnthropicTools } from "./prepare-anthropic-tools.js";

/**
 * Options of {@link AnthropicPromptDriver}.
 *
 * @example
 * ```ts
 * const options: AnthropicDriverOptions = { model: "claude-sonnet-4-5", maxOutputTokens: 8192 };
 * ```
 */
export interface AnthropicDriverOptions extends DriverOptions {
  /** `max_tokens` when the request sets no `maxOutputTokens` (the API requires one); 4096 by default. */
  maxOutputTokens?: number | undefined;
  /** A configured client; `apiKey`, `baseURL`, `maxRetries`, `timeoutMs`, `headers`, `fetch` are then unused. */
  client?: Anthropic | undefined;
}

type AnthropicSdk = typeof import("@anthropic-ai/sdk");

const optionRules = {
  maxOutputTokens: { ...wholeNumber(1), expected: "a positive integer" },
  client: anObject,
};

/**
 * A prompt driver for Anthropic's Messages API through the official `@anthropic-ai/sdk`.
 *
 * @example
 * ```ts
 * import { AnthropicPromptDriver } from "toolwright/anthropic";
 * const driver = new AnthropicPromptDriver({ model: "claude-sonnet-4-5" });
 * const { text } = await driver.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export class AnthropicPromptDriver extends ProviderPromptDriver {
  readonly provider = "anthropic";
  readonly dialect = "anthropic";

  constructor(options: AnthropicDriverOptions) {
    const driver = "AnthropicPromptDriver";
    const connect = connectAnthropic(driver, options);
    const maxOutputTokens = options.maxOutputTokens ?? 4096;
    const identity: DriverIdentity = { provider: "anthropic", model: options.model };
    const calls = createPromptDriver({
      driver,
      ...identity,
      connect,
      body: (request) => messageBody(identity, request, maxOutputTokens),
      send: (anthropic, body, signal) => anthropic.messages.create(body, { signal }),
      sendStream: (anthropic, body, signal) =>
        anthropic.messages.create({ ...body, stream: true }, { signal }),
      convert: convertMessage,
      fold: () => new MessageAssembler(),
    });
    super(options.model, calls);
  }
}

/**
 * Checks the options now (also that `@anthropic-ai/sdk` is installed); the calls go through the
 * client made on first use, their failures mapped by `toAnthropicError`.
 */
function connectAnthropic(driver: string, options: AnthropicDriverOptions): Connect<Anthropic> {
  checkDriverOptions(driver, options, optionRules);
  const source = {
    driver,
    packageName: "@anthropic-ai/sdk",
    load: () => import("@anthropic-ai/sdk"),
  };
  const client = lazyClient(source, options.client, () => {
    const apiKey = requireApiKey(driver, options.apiKey, ["ANTHROPIC_API_KEY"]);
    const settings = stainlessClientOptions(options, apiKey);
    return (sdk: AnthropicSdk) => new sdk.Anthropic(settings);
  });
  return sdkConnect(client, toAnthropicError);
}

function messageBody(
  identity: DriverIdentity,
  request: PromptRequest,
  maxOutputTokens: number,
): MessageCreateParamsNonStreaming {
  const { system, messages } = convertToAnthropicMessages(
    request.messages,
    identity,
    deferredToolNames(request.tools),
  );
  const body: MessageCreateParamsNonStreaming = {
    model: identity.model,
    max_tokens: request.maxOutputTokens ?? maxOutputTokens,
    messages,
    ...prepareAnthropicTools(request, identity),
  };
  if (system.length > 0) body.system = system;
  for (const option of ["temperature", "topP"] as const) {
    if (request[option] !== undefined) {
      throw new PromptRequestError({
        ...identity,
        path: option,
        message:
          "the Messages API (SDK 1.x) has no sampling parameters; pass them in providerOptions.anthropic if your endpoint takes them",
      });
    }
  }
  if (request.stopSequences !== undefined) body.stop_sequences = [...request.stopSequences];
  return withProviderOptions(body, request.providerOptions, "anthropic");
}

/** The parts of an Anthropic message the driver reads, whether received whole or assembled. */
interface MessageLike {
  content: readonly ContentBlockLike[];
  stop_reason: string | null;
  usage: {
    input_tokens?: number | null;
    output_tokens?: number | null;
    cache_creation_input_tokens?: number | null;
    cache_read_input_tokens?: number | null;
  };
}

interface ContentBlockLike {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  thinking?: string;
  signature?: string;
  data?: string;
}

function convertMessage(message: MessageLike, context: FailureContext): PromptResponse {
  if (!Array.isArray(message.content)) {
    throw driverFailure(context, "provider_invalid_response", "the message has no content");
  }
  let text = "";
  const thinking: string[] = [];
  const thinkingBlocks: JsonObject[] = [];
  const toolCalls: ToolCall[] = [];
  for (const block of message.content) {
    if (block.type === "text") text += block.text ?? "";
    else if (block.type === "tool_use") {
      const input = block.input;
      toolCalls.push({
        id: block.id ?? "",
        name: block.name ?? "",
        arguments: typeof input === "string" ? input : ((input ?? {}) as JsonObject),
      });
    } else if (block.type === "thinking" || block.type === "redacted_thinking") {
      if (block.thinking !== undefined) thinking.push(block.thinking);
      thinkingBlocks.push(block as unknown as JsonObject);
    }
  }
  const { usage } = message;
  const response: PromptResponse = {
    text,
    toolCalls,
    finishReason: mapAnthropicFinishReason(message.stop_reason),
    rawFinishReason: message.stop_reason ?? undefined,
    usage: makeUsage(
      usage.input_tokens === null || usage.input_tokens === undefined
        ? undefined
        : usage.input_tokens +
            (usage.cache_creation_input_tokens ?? 0) +
            (usage.cache_read_input_tokens ?? 0),
      usage.output_tokens,
    ),
  };
  if (thinking.length > 0) response.reasoning = thinking.join("\n\n");
  if (thinkingBlocks.length > 0)
    response.providerMetadata = { anthropic: { thinking: thinkingBlocks } };
  return response;
}

/** Folds stream events into the message they describe, yielding deltas on the way. */
class MessageAssembler {
  readonly #blocks: (ContentBlockLike & { json?: string })[] = [];
  #usage: MessageLike["usage"] = {};
  #stopReason: string | null = null;
  #stopped = false;

  *add(event: RawMessageStreamEvent): Generator<PromptStreamEvent> {
    switch (event.type) {
      case "message_start":
        this.#usage = { ...event.message.usage };
        return;
      case "content_block_start": {
        const block = { ...(event.content_block as ContentBlockLike) };
        this.#blocks[event.index] = block;
        if (block.type === "tool_use") {
          yield { type: "tool-call-start", id: block.id ?? "", name: block.name ?? "" };
        }
        return;
      }
      case "content_block_delta": {
        const block = this.#blocks[event.index];
        if (block === undefined) return;
        const delta = event.delta;
        if (delta.type === "text_delta") {
          block.text = (block.text ?? "") + delta.text;
          yield { type: "text-delta", delta: delta.text };
        } else if (delta.type === "input_json_delta") {
          block.json = (block.json ?? "") + delta.partial_json;
          yield { type: "tool-call-delta", id: block.id ?? "", delta: delta.partial_json };
        } else if (delta.type === "thinking_delta") {
          block.thinking = (block.thinking ?? "") + delta.thinking;
          yield { type: "reasoning-delta", delta: delta.thinking };
        } else if (delta.type === "signature_delta") {
          block.signature = (block.signature ?? "") + delta.signature;
        }
        return;
      }
      case "message_delta":
        this.#stopReason = event.delta.stop_reason ?? this.#stopReason;
        // Counts in message_delta are cumulative and replace those of message_start.
        for (const [key, value] of Object.entries(event.usage)) {
          if (typeof value === "number") (this.#usage as Record<string, number>)[key] = value;
        }
        return;
      case "message_stop":
        this.#stopped = true;
        return;
      default:
        return;
    }
  }

  complete(context: FailureContext): MessageLike {
    if (!this.#stopped) {
      throw streamEndedEarly(context, "message_stop");
    }
    const content = this.#blocks
      .filter((block) => block !== undefined)
      .map(({ json, ...block }) =>
        block.type === "tool_use" && json !== undefined
          ? { ...block, input: parseStreamedArguments(json) }
          : block,
      );
    return { content, stop_reason: this.#stopReason, usage: this.#usage };
  }
}

// Tools sent with `defer_loading: true`: a tool search's result may reference them.
function deferredToolNames(tools: PromptRequest["tools"]): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(tools)) return names;
  for (const tool of tools as readonly unknown[]) {
    const { name, defer_loading } = (tool ?? {}) as { name?: unknown; defer_loading?: unknown };
    if (defer_loading === true && typeof name === "string") names.add(name);
  }
  return names;
}
