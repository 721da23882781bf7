import { dialects } from "../dialects/dialect.js";
import { finishEvents } from "../drivers/shared/collect-stream.js";
import { checkCallOptions } from "../drivers/shared/driver-options.js";
import { argumentsToJsonText } from "../drivers/shared/tool-call-arguments.js";
import type {
  PromptCallOptions,
  PromptDriver,
  PromptRequest,
  PromptResponse,
  PromptStreamEvent,
  ToolCall,
  ToolDialect,
  Usage,
} from "../drivers/spec.js";
import { DriverConfigError } from "../errors/driver-config-error.js";
import { checkOptions } from "../internal/check-options.js";
import { anArray, aString, oneOf } from "../internal/option-rules.js";
import type { JsonObject } from "../schema/json.js";

/**
 * One scripted answer of a {@link MockPromptDriver}: a text, a partial response (missing fields get
 * defaults), an error to throw, or a function of the request that returns one of those.
 *
 * @example
 * ```ts
 * const steps: MockResponse[] = [
 *   { toolCalls: [{ name: "Calc_calculate", arguments: { expression: "6*7" } }] },
 *   (request) => `The tool said: ${JSON.stringify(request.messages.at(-1))}`,
 * ];
 * ```
 */
export type MockResponse =
  | string
  | MockResponseParts
  | Error
  | ((request: PromptRequest, call: number) => MockResponse | Promise<MockResponse>);

/**
 * A response written by hand: every field optional, tool call ids generated when left out.
 *
 * @example
 * ```ts
 * const parts: MockResponseParts = { text: "done", usage: { inputTokens: 10, outputTokens: 2 } };
 * ```
 */
export interface MockResponseParts {
  text?: string;
  toolCalls?: (Omit<ToolCall, "id"> & { id?: string })[];
  finishReason?: PromptResponse["finishReason"];
  rawFinishReason?: string;
  usage?: Partial<Usage>;
  reasoning?: string;
  providerMetadata?: JsonObject;
}

/**
 * Options of {@link MockPromptDriver}.
 *
 * @example
 * ```ts
 * const options: MockPromptDriverOptions = { responses: ["Hello!"], dialect: "anthropic" };
 * ```
 */
export interface MockPromptDriverOptions {
  /** The answers, one per call, in order. */
  responses: readonly MockResponse[];
  /** `mock-model` by default. */
  model?: string;
  /** The dialect an agent should compile tools for; `openai-chat` by default. */
  dialect?: ToolDialect;
}

const optionRules = {
  responses: { ...anArray, expected: "an array of scripted responses" },
  model: aString,
  // The dialects a model is asked in; `mcp` and `json-schema` are not `ToolDialect`s.
  dialect: oneOf(...dialects.filter((dialect) => dialect !== "mcp" && dialect !== "json-schema")),
};

/**
 * A prompt driver that replays scripted responses and records every request, for testing tools
 * and agents without a model. `stream` yields the same response word by word.
 *
 * @example
 * ```ts
 * import { MockPromptDriver } from "toolwright/testing";
 * const driver = new MockPromptDriver({
 *   responses: [{ toolCalls: [{ name: "Calc_calculate", arguments: { expression: "2+2" } }] }, "It is 4."],
 * });
 * await driver.generate({ messages: [{ role: "user", content: "2+2?" }] });
 * driver.requests.length; // 1
 * ```
 */
export class MockPromptDriver implements PromptDriver {
  readonly specificationVersion = "v1";
  readonly provider = "mock";
  readonly model: string;
  readonly dialect: ToolDialect;
  /** Every request received, in order. */
  readonly requests: PromptRequest[] = [];
  readonly #responses: readonly MockResponse[];

  constructor(options: MockPromptDriverOptions) {
    checkOptions(options, {
      owner: "MockPromptDriver",
      rules: optionRules,
      required: ["responses"],
      error: (option, message) =>
        new DriverConfigError({ driver: "MockPromptDriver", option, message }),
    });
    this.#responses = [...options.responses];
    this.model = options.model ?? "mock-model";
    this.dialect = options.dialect ?? "openai-chat";
  }

  /** Scripted responses not used yet. */
  get remaining(): number {
    return this.#responses.length - this.requests.length;
  }

  async generate(request: PromptRequest, options: PromptCallOptions = {}): Promise<PromptResponse> {
    checkCallOptions("MockPromptDriver", "generate", options);
    options.signal?.throwIfAborted();
    const call = this.requests.length;
    const step = this.#responses[call];
    this.requests.push(request);
    if (step === undefined) {
      throw new DriverConfigError({
        driver: "MockPromptDriver",
        option: "responses",
        message: `has no response left for call ${call + 1} (it was given ${this.#responses.length})`,
      });
    }
    const response = await resolve(step, request, call);
    options.signal?.throwIfAborted();
    return response;
  }

  async *stream(
    request: PromptRequest,
    options: PromptCallOptions = {},
  ): AsyncGenerator<PromptStreamEvent> {
    const response = await this.generate(request, options);
    const { signal } = options;
    for (const delta of response.reasoning?.match(/\s*\S+/g) ?? []) {
      signal?.throwIfAborted();
      yield { type: "reasoning-delta", delta };
    }
    for (const delta of response.text.match(/\s*\S+\s*$|\s*\S+/g) ?? []) {
      signal?.throwIfAborted();
      yield { type: "text-delta", delta };
    }
    for (const call of response.toolCalls) {
      signal?.throwIfAborted();
      yield { type: "tool-call-start", id: call.id, name: call.name };
      yield { type: "tool-call-delta", id: call.id, delta: argumentsToJsonText(call.arguments) };
    }
    signal?.throwIfAborted();
    yield* finishEvents(response);
  }
}

async function resolve(
  step: MockResponse,
  request: PromptRequest,
  call: number,
): Promise<PromptResponse> {
  if (typeof step === "function") return resolve(await step(request, call), request, call);
  if (step instanceof Error) throw step;
  const parts: MockResponseParts = typeof step === "string" ? { text: step } : step;
  const toolCalls = (parts.toolCalls ?? []).map((toolCall, index) => ({
    ...toolCall,
    id: toolCall.id ?? `mock-call-${call + 1}-${index + 1}`,
  }));
  const finishReason = parts.finishReason ?? (toolCalls.length > 0 ? "tool-calls" : "stop");
  const input = parts.usage?.inputTokens ?? 0;
  const output = parts.usage?.outputTokens ?? 0;
  const response: PromptResponse = {
    text: parts.text ?? "",
    toolCalls,
    finishReason,
    rawFinishReason: parts.rawFinishReason ?? finishReason,
    usage: {
      inputTokens: input,
      outputTokens: output,
      totalTokens: parts.usage?.totalTokens ?? input + output,
    },
  };
  if (parts.reasoning !== undefined) response.reasoning = parts.reasoning;
  if (parts.providerMetadata !== undefined) response.providerMetadata = parts.providerMetadata;
  return response;
}
