import type {
  GenerateContentConfig,
  GenerateContentParameters,
  GenerateContentResponse,
  GoogleGenAI,
  HttpOptions,
  Part,
} from "@google/genai";
import { anObject } from "../../internal/option-rules.js";
import type { JsonObject } from "../../schema/json.js";
import { createPromptDriver } from "../shared/create-prompt-driver.js";
import { driverFailure, type FailureContext, streamEndedEarly } from "../shared/driver-failure.js";
import { checkDriverOptions, type DriverOptions, requireApiKey } from "../shared/driver-options.js";
import { lazyClient } from "../shared/lazy-client.js";
import { type Connect, sdkConnect } from "../shared/provider-call.js";
import { ProviderPromptDriver } from "../shared/provider-prompt-driver.js";
import type { DriverIdentity } from "../shared/request-checks.js";
import { makeUsage } from "../shared/usage.js";
import type { PromptRequest, PromptResponse, PromptStreamEvent, ToolCall } from "../spec.js";
import { convertToGeminiMessages, generatedCallId } from "./convert-to-gemini-messages.js";
import { toGeminiError } from "./gemini-error.js";
import { mapGeminiFinishReason } from "./map-gemini-finish-reason.js";
import { prepareGeminiTools } from "./prepare-gemini-tools.js";

/**
 * Options of {@link GeminiPromptDriver}.
 *
 * @example
 * ```ts
 * const options: GeminiDriverOptions = { model: "gemini-2.5-flash", httpOptions: { apiVersion: "v1alpha" } };
 * ```
 */
export interface GeminiDriverOptions extends DriverOptions {
  /** More of the SDK's `HttpOptions` (API version, retry delays), merged over the ones derived above. */
  httpOptions?: HttpOptions | undefined;
  /** A configured client (Vertex AI, custom auth); the connection options above are then unused. */
  client?: GoogleGenAI | undefined;
}

type GeminiSdk = typeof import("@google/genai");

/**
 * A prompt driver for the Gemini API through the official `@google/genai` SDK. The SDK retries
 * only when asked: this driver asks for `maxRetries` retries (2 by default). `providerOptions.gemini`
 * fields are merged into the REST request body.
 *
 * @example
 * ```ts
 * import { GeminiPromptDriver } from "toolwright/gemini";
 * const driver = new GeminiPromptDriver({ model: "gemini-2.5-flash" });
 * const { text } = await driver.generate({ messages: [{ role: "user", content: "Hi" }] });
 * ```
 */
export class GeminiPromptDriver extends ProviderPromptDriver {
  readonly provider = "gemini";
  readonly dialect = "gemini";

  constructor(options: GeminiDriverOptions) {
    const driver = "GeminiPromptDriver";
    checkDriverOptions(driver, options, { httpOptions: anObject, client: anObject });
    const connect = connectGemini(driver, options);
    const identity: DriverIdentity = { provider: "gemini", model: options.model };
    const calls = createPromptDriver({
      driver,
      ...identity,
      connect,
      body: (request, signal) => generateContentParams(identity, request, signal),
      // The signal travels in the parameters (`config.abortSignal`).
      send: (ai, params) => ai.models.generateContent(params),
      sendStream: (ai, params) => ai.models.generateContentStream(params),
      convert: convertResponse,
      fold: () => new ResponseAssembler(),
    });
    super(options.model, calls);
  }
}

/**
 * @internal Calls through the client the user gave, or one made on first use (also of the
 * embedding driver), their failures mapped by `toGeminiError`; the SDK retries only when asked, so `maxRetries` (2 by default) becomes its
 * retry attempts.
 */
export function connectGemini(driver: string, options: GeminiDriverOptions): Connect<GoogleGenAI> {
  const source = { driver, packageName: "@google/genai", load: () => import("@google/genai") };
  const client = lazyClient(source, options.client, () => {
    const attempts = (options.maxRetries ?? 2) + 1;
    const httpOptions: HttpOptions = {
      retryOptions: { attempts },
      ...(options.baseURL !== undefined && { baseUrl: options.baseURL }),
      ...(options.timeoutMs !== undefined && { timeout: options.timeoutMs }),
      ...(options.headers !== undefined && { headers: options.headers }),
      ...(options.fetch !== undefined && { fetch: options.fetch }),
      ...options.httpOptions,
    };
    if (options.httpOptions?.retryOptions !== undefined) {
      httpOptions.retryOptions = { attempts, ...options.httpOptions.retryOptions };
    }
    const apiKey = requireApiKey(driver, options.apiKey, ["GEMINI_API_KEY", "GOOGLE_API_KEY"]);
    return (sdk: GeminiSdk) => new sdk.GoogleGenAI({ apiKey, httpOptions });
  });
  return sdkConnect(client, toGeminiError);
}

function generateContentParams(
  identity: DriverIdentity,
  request: PromptRequest,
  signal: AbortSignal | undefined,
): GenerateContentParameters {
  const { systemInstruction, contents } = convertToGeminiMessages(request.messages, identity);
  const config: GenerateContentConfig = { ...prepareGeminiTools(request, identity) };
  if (systemInstruction !== undefined) config.systemInstruction = systemInstruction;
  if (request.maxOutputTokens !== undefined) config.maxOutputTokens = request.maxOutputTokens;
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (request.topP !== undefined) config.topP = request.topP;
  if (request.stopSequences !== undefined) config.stopSequences = [...request.stopSequences];
  if (signal !== undefined) config.abortSignal = signal;
  const extraBody = request.providerOptions?.gemini;
  if (extraBody !== undefined) config.httpOptions = { extraBody };
  return { model: identity.model, contents, config };
}

/** The parts of a Gemini response the driver reads, whether received whole or assembled. */
interface ResponseLike {
  candidates?: { content?: { parts?: Part[] }; finishReason?: string }[] | undefined;
  promptFeedback?: { blockReason?: string } | undefined;
  usageMetadata?:
    | {
        promptTokenCount?: number;
        candidatesTokenCount?: number;
        thoughtsTokenCount?: number;
        totalTokenCount?: number;
      }
    | undefined;
}

function convertResponse(response: ResponseLike, context: FailureContext): PromptResponse {
  const candidate = response.candidates?.[0];
  const blocked = response.promptFeedback?.blockReason;
  if (candidate === undefined && blocked === undefined) {
    throw driverFailure(context, "provider_invalid_response", "the response has no candidates");
  }
  let text = "";
  let textSignature: string | undefined;
  const reasoning: string[] = [];
  const toolCalls: ToolCall[] = [];
  for (const part of candidate?.content?.parts ?? []) {
    if (part.functionCall !== undefined) {
      const name = part.functionCall.name ?? "";
      const metadata: JsonObject = {};
      if (part.thoughtSignature !== undefined) metadata.thoughtSignature = part.thoughtSignature;
      if (part.functionCall.id === undefined) metadata.generatedId = true;
      toolCalls.push({
        id: part.functionCall.id ?? generatedCallId(toolCalls.length, name),
        name,
        arguments: (part.functionCall.args ?? {}) as JsonObject,
        ...(Object.keys(metadata).length > 0 && { providerMetadata: { gemini: metadata } }),
      });
    } else if (part.thought === true) {
      reasoning.push(part.text ?? "");
    } else if (part.text !== undefined) {
      text += part.text;
      textSignature ??= part.thoughtSignature;
    }
  }
  const usage = response.usageMetadata;
  const rawFinishReason = candidate?.finishReason ?? blocked;
  const converted: PromptResponse = {
    text,
    toolCalls,
    finishReason:
      candidate === undefined
        ? "content-filter"
        : mapGeminiFinishReason(rawFinishReason, toolCalls.length > 0),
    rawFinishReason,
    usage: makeUsage(
      usage?.promptTokenCount,
      usage?.candidatesTokenCount === undefined
        ? undefined
        : usage.candidatesTokenCount + (usage.thoughtsTokenCount ?? 0),
      usage?.totalTokenCount,
    ),
  };
  if (reasoning.length > 0) converted.reasoning = reasoning.join("");
  if (textSignature !== undefined) converted.providerMetadata = { gemini: { textSignature } };
  return converted;
}

/** Folds streamed chunks into one response: text parts joined, calls kept whole, the last finish and usage. */
class ResponseAssembler {
  readonly #parts: Part[] = [];
  #finishReason: string | undefined;
  #usage: ResponseLike["usageMetadata"];
  #blockReason: string | undefined;

  *add(chunk: GenerateContentResponse): Generator<PromptStreamEvent> {
    if (chunk.usageMetadata !== undefined) this.#usage = chunk.usageMetadata;
    this.#blockReason ??= chunk.promptFeedback?.blockReason;
    const candidate = chunk.candidates?.[0];
    if (candidate?.finishReason !== undefined) this.#finishReason = candidate.finishReason;
    for (const part of candidate?.content?.parts ?? []) {
      const last = this.#parts.at(-1);
      if (part.text !== undefined && part.functionCall === undefined) {
        yield { type: part.thought === true ? "reasoning-delta" : "text-delta", delta: part.text };
        if (last?.text !== undefined && last.thought === part.thought) {
          last.text += part.text;
          if (last.thoughtSignature === undefined && part.thoughtSignature !== undefined) {
            last.thoughtSignature = part.thoughtSignature;
          }
          continue;
        }
      }
      this.#parts.push({ ...part });
    }
  }

  complete(context: FailureContext): ResponseLike {
    if (this.#finishReason === undefined && this.#blockReason === undefined) {
      throw streamEndedEarly(context, "a finish reason");
    }
    return {
      candidates:
        this.#finishReason === undefined
          ? []
          : [{ content: { parts: this.#parts }, finishReason: this.#finishReason }],
      ...(this.#blockReason !== undefined && {
        promptFeedback: { blockReason: this.#blockReason },
      }),
      usageMetadata: this.#usage,
    };
  }
}
