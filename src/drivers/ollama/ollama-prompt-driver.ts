import type { ChatRequest, ChatResponse, Ollama } from "ollama";
import { DriverConfigError } from "../../errors/driver-config-error.js";
import { parseToolCalls, toolCallFormatNames } from "../../formats/parse-tool-calls.js";
import { ToolCallStreamReader } from "../../formats/stream/tool-call-stream.js";
import type { ParsedToolCall, ToolCallFormatName } from "../../formats/tool-call-format.js";
import {
  aBoolean,
  aNumber,
  anObject,
  aString,
  either,
  oneOf,
} from "../../internal/option-rules.js";
import { loadPackage, requirePackage } from "../../internal/optional-package.js";
import type { JsonObject } from "../../schema/json.js";
import { createPromptDriver } from "../shared/create-prompt-driver.js";
import { driverFailure, type FailureContext, streamEndedEarly } from "../shared/driver-failure.js";
import { checkDriverOptions, type DriverOptions } from "../shared/driver-options.js";
import type { Connect } from "../shared/provider-call.js";
import { ProviderPromptDriver } from "../shared/provider-prompt-driver.js";
import { type DriverIdentity, withProviderOptions } from "../shared/request-checks.js";
import { makeUsage } from "../shared/usage.js";
import type {
  FinishReason,
  PromptRequest,
  PromptResponse,
  PromptStreamEvent,
  ToolCall,
} from "../spec.js";
import { convertToOllamaMessages } from "./convert-to-ollama-messages.js";
import { mapOllamaFinishReason } from "./map-ollama-finish-reason.js";
import { toOllamaError } from "./ollama-error.js";
import { prepareOllamaTools } from "./prepare-ollama-tools.js";

/**
 * Options of {@link OllamaPromptDriver}. `baseURL` is the Ollama host (`http://127.0.0.1:11434` by
 * default); `apiKey`, when given, is sent as a bearer token (Ollama's cloud); `maxRetries` must stay
 * unset or 0, as the `ollama` SDK does not retry.
 *
 * @example
 * ```ts
 * const options: OllamaDriverOptions = { model: "qwen3", think: false, modelOptions: { num_ctx: 8192 } };
 * ```
 */
export interface OllamaDriverOptions extends DriverOptions {
  /** Ollama's `think` switch for reasoning models. */
  think?: boolean | "low" | "medium" | "high" | undefined;
  /** How long the model stays loaded after the call (`"5m"`, `0`). */
  keepAlive?: string | number | undefined;
  /** Ollama model options (`num_ctx`, `seed`, …), under the request's own ones. */
  modelOptions?: JsonObject | undefined;
  /**
   * Tool calls a model writes as text (its chat template does not parse them): read from the reply in
   * this format, or any known one (`"auto"`, the default), when the request had tools and Ollama
   * returned no `tool_calls`; `false` leaves the text as it is. See `parseToolCalls`.
   */
  textToolCalls?: ToolCallFormatName | "auto" | false | undefined;
}

type OllamaSdk = typeof import("ollama");

const optionRules = {
  think: either(aBoolean, oneOf("low", "medium", "high")),
  keepAlive: either(aString, aNumber),
  modelOptions: anObject,
  textToolCalls: oneOf(false, "auto", ...toolCallFormatNames()),
};

/**
 * A prompt driver for a local (or cloud) Ollama server's native `/api/chat`, through the official
 * `ollama` SDK: NDJSON streaming, tool calls with object arguments, images on user messages.
 *
 * @example
 * ```ts
 * import { OllamaPromptDriver } from "toolwright/ollama";
 * const driver = new OllamaPromptDriver({ model: "qwen3" });
 * const { text } = await driver.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export class OllamaPromptDriver extends ProviderPromptDriver {
  readonly provider = "ollama";
  readonly dialect = "ollama";

  constructor(options: OllamaDriverOptions) {
    const driver = "OllamaPromptDriver";
    checkDriverOptions(driver, options, optionRules);
    refuseRetries(driver, options);
    const settings = { ...options };
    const identity: DriverIdentity = { provider: "ollama", model: options.model };
    const format = settings.textToolCalls ?? "auto";
    const calls = createPromptDriver({
      driver,
      ...identity,
      connect: connectOllama(driver, settings),
      body: (request) => chatBody(identity, request, settings),
      send: (ollama, body) => ollama.chat({ ...body, stream: false }),
      // Calls written in the text are read as the text streams, when the request had tools.
      sendStream: async (ollama, body) =>
        tagChunks(
          await ollama.chat({ ...body, stream: true }),
          (body.tools?.length ?? 0) > 0 ? format : false,
        ),
      convert: convertChatResponse,
      fold: () => new ChatResponseAssembler(),
      ...(format !== false && {
        textToolCalls: (text: string, finishReason: FinishReason) =>
          readTextToolCalls(text, format, finishReason),
      }),
    });
    super(options.model, calls);
  }
}

function chatBody(
  identity: DriverIdentity,
  request: PromptRequest,
  options: OllamaDriverOptions,
): ChatRequest {
  const modelOptions: Record<string, unknown> = { ...options.modelOptions };
  if (request.maxOutputTokens !== undefined) modelOptions.num_predict = request.maxOutputTokens;
  if (request.temperature !== undefined) modelOptions.temperature = request.temperature;
  if (request.topP !== undefined) modelOptions.top_p = request.topP;
  if (request.stopSequences !== undefined) modelOptions.stop = [...request.stopSequences];
  const body: ChatRequest = {
    model: identity.model,
    messages: convertToOllamaMessages(request.messages, identity),
    ...prepareOllamaTools(request, identity),
  };
  if (Object.keys(modelOptions).length > 0) body.options = modelOptions;
  if (options.think !== undefined) body.think = options.think;
  if (options.keepAlive !== undefined) body.keep_alive = options.keepAlive;
  return withProviderOptions(body, request.providerOptions, "ollama");
}

/**
 * @internal The `ollama` SDK does not retry: `maxRetries` above 0 is refused rather than ignored.
 * Also checks that the SDK is installed (a `MissingDependencyError` now, not at the first call).
 */
export function refuseRetries(
  driver: string,
  options: { readonly maxRetries?: number | undefined },
): void {
  if ((options.maxRetries ?? 0) > 0) {
    throw new DriverConfigError({
      driver,
      option: "maxRetries",
      message: "is not supported: the ollama SDK does not retry; retry around the driver instead",
    });
  }
  requirePackage(driver, "ollama");
}

/**
 * @internal Calls through a client made for each call (also of the embedding driver), the SDK
 * loaded on the first one (so that
 * `toolwright/ollama` imports without it). The SDK takes no per-request signal, so its `fetch` is
 * wrapped to carry the caller's signal and the driver's time limit, which covers the wait for the
 * answer to start, not a whole stream.
 */
export function connectOllama(
  driver: string,
  options: Omit<OllamaDriverOptions, "model">,
): Connect<Ollama> {
  let loading: Promise<OllamaSdk> | undefined;
  return async (signal) => {
    loading ??= loadPackage(driver, "ollama", () => import("ollama"));
    const sdk = await loading;
    const limit = new AbortController();
    const { timeoutMs } = options;
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => limit.abort(), timeoutMs);
    const signals = signal === undefined ? [limit.signal] : [limit.signal, signal];
    const baseFetch = options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { ...options.headers };
    if (options.apiKey !== undefined) headers.Authorization = `Bearer ${options.apiKey}`;
    const client = new sdk.Ollama({
      ...(options.baseURL !== undefined && { host: options.baseURL }),
      headers,
      fetch: (input, init) =>
        baseFetch(input, {
          ...init,
          signal: AbortSignal.any(init?.signal ? [init.signal, ...signals] : signals),
        }),
    });
    const stopTimer = () => clearTimeout(timer);
    return {
      client,
      failure: (error, context) => toOllamaError(error, context, limit.signal.aborted),
      started: stopTimer,
      // Ends the request if the consumer stopped early; harmless once it is complete.
      end: () => {
        stopTimer();
        if (!limit.signal.aborted) limit.abort();
      },
    };
  };
}

/** The calls written in the reply's text, when Ollama's chat template left them there. */
function readTextToolCalls(
  text: string,
  format: ToolCallFormatName | "auto",
  finishReason: FinishReason,
): { text: string; toolCalls: ToolCall[] } | undefined {
  // A call cut off with the reply is refused by the reader, as the decoder would refuse it.
  const parsed = parseToolCalls(text, { format, finishReason });
  if (parsed.calls.length === 0) return undefined;
  const toolCalls: ToolCall[] = parsed.calls.map((call, index) => ({
    id: textCallId(call, index),
    name: call.name,
    arguments: call.arguments as ToolCall["arguments"],
  }));
  return { text: parsed.text, toolCalls };
}

/** The parts of an Ollama chat response the driver reads, whether received whole or assembled. */
interface ChatResponseLike {
  message?: {
    content?: string;
    thinking?: string;
    tool_calls?: { id?: string; function: { name: string; arguments: unknown } }[];
  };
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
}

function convertChatResponse(response: ChatResponseLike, context: FailureContext): PromptResponse {
  if (typeof response.message !== "object" || response.message === null) {
    throw driverFailure(context, "provider_invalid_response", "the response has no message");
  }
  const { message } = response;
  const toolCalls: ToolCall[] = (message.tool_calls ?? []).map((call, index) => {
    const args = call.function.arguments;
    return {
      id: call.id ?? `ollama-call-${index}-${call.function.name}`,
      name: call.function.name,
      arguments: typeof args === "string" ? args : ((args ?? {}) as JsonObject),
    };
  });
  const converted: PromptResponse = {
    text: message.content ?? "",
    toolCalls,
    finishReason: mapOllamaFinishReason(response.done_reason, toolCalls.length > 0),
    rawFinishReason: response.done_reason,
    usage: makeUsage(response.prompt_eval_count, response.eval_count),
  };
  if (message.thinking !== undefined && message.thinking !== "")
    converted.reasoning = message.thinking;
  return converted;
}

/** Folds NDJSON chunks into the final response: content and thinking joined, tool calls gathered. */
class ChatResponseAssembler {
  #text = "";
  #thinking = "";
  readonly #toolCalls: NonNullable<NonNullable<ChatResponseLike["message"]>["tool_calls"]> = [];
  #final: ChatResponse | undefined;
  #textCalls: StreamedTextCalls | undefined;

  *add({ response: chunk, textCalls }: OllamaStreamChunk): Generator<PromptStreamEvent> {
    const { message } = chunk;
    if (message?.thinking) {
      this.#thinking += message.thinking;
      yield { type: "reasoning-delta", delta: message.thinking };
    }
    if (message?.content) {
      this.#text += message.content;
      if (textCalls === false) yield { type: "text-delta", delta: message.content };
      else {
        this.#textCalls ??= new StreamedTextCalls(textCalls);
        yield* this.#textCalls.push(message.content);
      }
    }
    for (const call of message?.tool_calls ?? []) this.#toolCalls.push(call);
    if (chunk.done) {
      this.#final = chunk;
      yield* this.#textCalls?.end() ?? [];
    }
  }

  complete(context: FailureContext): ChatResponseLike {
    if (this.#final === undefined) {
      throw streamEndedEarly(context, "done");
    }
    return {
      message: { content: this.#text, thinking: this.#thinking, tool_calls: this.#toolCalls },
      done_reason: this.#final.done_reason,
      prompt_eval_count: this.#final.prompt_eval_count,
      eval_count: this.#final.eval_count,
    };
  }
}

/**
 * @internal One chunk of Ollama's stream, and the format the driver reads tool calls written in
 * the text with (`false` when it does not: no tools in the request, or `textToolCalls: false`).
 */
interface OllamaStreamChunk {
  readonly response: ChatResponse;
  readonly textCalls: ToolCallFormatName | "auto" | false;
}

/**
 * @internal Tags each chunk of a stream with how its text is read.
 *
 * @example
 * ```ts
 * const chunks = tagChunks(await ollama.chat({ ...body, stream: true }), "auto");
 * ```
 */
async function* tagChunks(
  chunks: AsyncIterable<ChatResponse>,
  textCalls: ToolCallFormatName | "auto" | false,
): AsyncGenerator<OllamaStreamChunk> {
  for await (const response of chunks) yield { response, textCalls };
}

/**
 * @internal The id of the `index`-th call written in the text, the same whether the reply was
 * streamed or read whole.
 *
 * @example
 * ```ts
 * textCallId({ name: "f", arguments: {} }, 0); // "ollama-text-call-0-f"
 * ```
 */
function textCallId(call: ParsedToolCall, index: number): string {
  return call.id ?? `ollama-text-call-${index}-${call.name}`;
}

/**
 * @internal Reads the text of a streamed reply for tool calls written in it: the text deltas come
 * without the calls' markup, and each call starts (`tool-call-start`, then its arguments as one
 * `tool-call-delta`) as soon as it is complete; the `tool-call` event of the finished response then
 * closes it.
 *
 * @example
 * ```ts
 * const text = new StreamedTextCalls("auto");
 * for (const event of text.push("Sure.\n<tool_call>")) yield event;
 * ```
 */
class StreamedTextCalls {
  private readonly reader: ToolCallStreamReader;
  private calls = 0;

  constructor(format: ToolCallFormatName | "auto") {
    this.reader = new ToolCallStreamReader({ format });
  }

  /** The events of one more piece of the reply's text. */
  *push(text: string): Generator<PromptStreamEvent> {
    yield* this.events(this.reader.push(text));
  }

  /** The events of the rest of the text, at the end of the stream. */
  *end(): Generator<PromptStreamEvent> {
    yield* this.events(this.reader.end());
  }

  private *events(events: ReturnType<ToolCallStreamReader["push"]>): Generator<PromptStreamEvent> {
    for (const event of events) {
      if (event.type === "text-delta") yield event;
      else if (event.type === "tool-call") {
        const { call } = event;
        const id = textCallId(call, this.calls);
        this.calls += 1;
        const delta =
          typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
        yield { type: "tool-call-start", id, name: call.name };
        yield { type: "tool-call-delta", id, delta };
      }
    }
  }
}
