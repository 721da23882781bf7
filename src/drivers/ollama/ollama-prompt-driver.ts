import type { ChatRequest, ChatResponse } from "ollama";
import { DriverConfigError } from "../../errors/driver-config-error.js";
import { parseToolCalls, toolCallFormatNames } from "../../formats/parse-tool-calls.js";
import type { ToolCallFormatName } from "../../formats/tool-call-format.js";
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
import { finishEvents } from "../shared/collect-stream.js";
import { driverFailure, type FailureContext } from "../shared/driver-failure.js";
import {
  checkCallOptions,
  checkDriverOptions,
  type DriverOptions,
} from "../shared/driver-options.js";
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
export class OllamaPromptDriver implements PromptDriver {
  readonly specificationVersion = "v1";
  readonly provider = "ollama";
  readonly dialect = "ollama";
  readonly model: string;
  readonly #options: OllamaDriverOptions;
  #sdk: Promise<OllamaSdk> | undefined;

  constructor(options: OllamaDriverOptions) {
    const driver = "OllamaPromptDriver";
    checkDriverOptions(driver, options, optionRules);
    if ((options.maxRetries ?? 0) > 0) {
      throw new DriverConfigError({
        driver,
        option: "maxRetries",
        message: "is not supported: the ollama SDK does not retry; retry around the driver instead",
      });
    }
    requirePackage(driver, "ollama");
    this.model = options.model;
    this.#options = { ...options };
  }

  async generate(request: PromptRequest, options: PromptCallOptions = {}): Promise<PromptResponse> {
    checkCallOptions("OllamaPromptDriver", "generate", options);
    const { signal } = options;
    signal?.throwIfAborted();
    const body = this.#body(request);
    const context = this.#context(signal);
    const call = this.#connect(await this.#loadSdk(), signal);
    try {
      const response = await call.client.chat({ ...body, stream: false });
      return this.#textCalls(convertChatResponse(response, context), request);
    } catch (error) {
      throw toOllamaError(error, context, call.timedOut());
    } finally {
      call.done();
    }
  }

  async *stream(
    request: PromptRequest,
    options: PromptCallOptions = {},
  ): AsyncGenerator<PromptStreamEvent> {
    checkCallOptions("OllamaPromptDriver", "stream", options);
    const { signal } = options;
    signal?.throwIfAborted();
    const body = this.#body(request);
    const context = this.#context(signal);
    const call = this.#connect(await this.#loadSdk(), signal);
    try {
      const chunks = await call.client.chat({ ...body, stream: true });
      // The time limit covers the wait for the answer to start, not the whole stream.
      call.stopTimer();
      context.phase = "stream";
      const assembled = new ChatResponseAssembler();
      for await (const chunk of chunks) {
        signal?.throwIfAborted();
        yield* assembled.add(chunk);
      }
      signal?.throwIfAborted();
      yield* finishEvents(
        this.#textCalls(convertChatResponse(assembled.complete(context), context), request),
      );
    } catch (error) {
      throw toOllamaError(error, context, call.timedOut());
    } finally {
      call.done();
    }
  }

  #body(request: PromptRequest): ChatRequest {
    const identity: DriverIdentity = { provider: this.provider, model: this.model };
    const modelOptions: Record<string, unknown> = { ...this.#options.modelOptions };
    if (request.maxOutputTokens !== undefined) modelOptions.num_predict = request.maxOutputTokens;
    if (request.temperature !== undefined) modelOptions.temperature = request.temperature;
    if (request.topP !== undefined) modelOptions.top_p = request.topP;
    if (request.stopSequences !== undefined) modelOptions.stop = [...request.stopSequences];
    const body: ChatRequest = {
      model: this.model,
      messages: convertToOllamaMessages(request.messages, identity),
      ...prepareOllamaTools(request, identity),
    };
    if (Object.keys(modelOptions).length > 0) body.options = modelOptions;
    if (this.#options.think !== undefined) body.think = this.#options.think;
    if (this.#options.keepAlive !== undefined) body.keep_alive = this.#options.keepAlive;
    return withProviderOptions(body, request.providerOptions, "ollama");
  }

  /**
   * A client for one call. The SDK takes no per-request signal, so its `fetch` is wrapped to carry
   * the caller's signal and the driver's time limit.
   */
  #connect(sdk: OllamaSdk, signal: AbortSignal | undefined) {
    const limit = new AbortController();
    const timeoutMs = this.#options.timeoutMs;
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => limit.abort(), timeoutMs);
    const signals = signal === undefined ? [limit.signal] : [limit.signal, signal];
    const baseFetch = this.#options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { ...this.#options.headers };
    if (this.#options.apiKey !== undefined)
      headers.Authorization = `Bearer ${this.#options.apiKey}`;
    const client = new sdk.Ollama({
      ...(this.#options.baseURL !== undefined && { host: this.#options.baseURL }),
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
      stopTimer,
      timedOut: () => limit.signal.aborted,
      // Ends the request if the consumer stopped early; harmless once it is complete.
      done: () => {
        stopTimer();
        if (!limit.signal.aborted) limit.abort();
      },
    };
  }

  /** The SDK, loaded on the first request so that `toolwright/ollama` imports without it. */
  #loadSdk(): Promise<OllamaSdk> {
    this.#sdk ??= loadPackage("OllamaPromptDriver", "ollama", () => import("ollama"));
    return this.#sdk;
  }

  /** The calls written in the reply's text, when Ollama's template left them there. */
  #textCalls(response: PromptResponse, request: PromptRequest): PromptResponse {
    const format = this.#options.textToolCalls ?? "auto";
    if (format === false) return response;
    if ((request.tools?.length ?? 0) === 0 || response.toolCalls.length > 0) return response;
    if (response.text.trim() === "") return response;
    const parsed = parseToolCalls(response.text, { format });
    if (parsed.calls.length === 0) return response;
    const toolCalls: ToolCall[] = parsed.calls.map((call, index) => ({
      id: call.id ?? `ollama-text-call-${index}-${call.name}`,
      name: call.name,
      arguments: call.arguments as ToolCall["arguments"],
    }));
    return { ...response, text: parsed.text, toolCalls, finishReason: "tool-calls" };
  }

  #context(signal: AbortSignal | undefined): FailureContext {
    return { provider: this.provider, model: this.model, signal, phase: "request" };
  }
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

  *add(chunk: ChatResponse): Generator<PromptStreamEvent> {
    const { message } = chunk;
    if (message?.thinking) {
      this.#thinking += message.thinking;
      yield { type: "reasoning-delta", delta: message.thinking };
    }
    if (message?.content) {
      this.#text += message.content;
      yield { type: "text-delta", delta: message.content };
    }
    for (const call of message?.tool_calls ?? []) this.#toolCalls.push(call);
    if (chunk.done) this.#final = chunk;
  }

  complete(context: FailureContext): ChatResponseLike {
    if (this.#final === undefined) {
      throw driverFailure(context, "provider_stream_error", "the stream ended before done");
    }
    return {
      message: { content: this.#text, thinking: this.#thinking, tool_calls: this.#toolCalls },
      done_reason: this.#final.done_reason,
      prompt_eval_count: this.#final.prompt_eval_count,
      eval_count: this.#final.eval_count,
    };
  }
}
