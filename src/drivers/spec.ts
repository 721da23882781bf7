import type { Artifact } from "../artifacts/artifact.js";
import type { ImageArtifact } from "../artifacts/image-artifact.js";
import type { Dialect } from "../dialects/dialect.js";
import type { ProviderTools } from "../dialects/provider-tools.js";
import type { JsonObject } from "../schema/json.js";

/**
 * The tool dialect a driver expects in `PromptRequest.tools` (what `toolbox.toProviderTools` emits).
 *
 * @example
 * ```ts
 * const dialect: ToolDialect = driver.dialect; // "anthropic"
 * ```
 */
export type ToolDialect = Exclude<Dialect, "mcp" | "json-schema">;

/**
 * A model behind a provider's API: one call in, one response (or a stream of events) out.
 * A type, not a base class: any object of this shape is a driver.
 *
 * @example
 * ```ts
 * const response = await driver.generate({ messages: [{ role: "user", content: "Hi" }] });
 * console.log(response.text, response.usage.outputTokens);
 * ```
 */
export interface PromptDriver {
  /** Version of this interface the driver implements. */
  readonly specificationVersion: "v1";
  /** Provider id, such as `openai.chat`, `anthropic`, `gemini`, `ollama`. */
  readonly provider: string;
  /** Model id sent to the provider. */
  readonly model: string;
  /** Tool dialect expected in `request.tools`. */
  readonly dialect: ToolDialect;
  /** What the provider's API lacks, for callers that adapt (all supported when absent). */
  readonly capabilities?: DriverCapabilities | undefined;
  /** Sends the request and resolves with the whole response. */
  generate(request: PromptRequest, options?: PromptCallOptions): Promise<PromptResponse>;
  /** Sends the request and yields deltas as they arrive, ending with a `finish` event. */
  stream(request: PromptRequest, options?: PromptCallOptions): AsyncIterable<PromptStreamEvent>;
}

/**
 * Optional request features a provider's API may lack.
 *
 * @example
 * ```ts
 * if (driver.capabilities?.stopSequences !== false) request.stopSequences = ["<|Response|>"];
 * ```
 */
export interface DriverCapabilities {
  /** `PromptRequest.stopSequences` is accepted (the Responses API has none). */
  readonly stopSequences?: boolean | undefined;
}

/**
 * Per-call options of a driver.
 *
 * @example
 * ```ts
 * await driver.generate(request, { signal: AbortSignal.timeout(30_000) });
 * ```
 */
export interface PromptCallOptions {
  /** Cancels the call; the promise (or the stream) rejects with `signal.reason`. */
  signal?: AbortSignal | undefined;
}

/**
 * What a driver sends: the conversation, the tools in the driver's dialect and generation options.
 *
 * @example
 * ```ts
 * const request: PromptRequest = {
 *   messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "2 + 2?" }],
 *   tools: toolbox.toProviderTools(driver.dialect),
 *   toolChoice: "auto",
 * };
 * ```
 */
export interface PromptRequest {
  messages: readonly PromptMessage[];
  /**
   * Tools exactly as the provider's `tools` field takes them, in `driver.dialect`: what
   * `toolbox.toProviderTools(driver.dialect)` returns, or plain JSON objects of that shape.
   */
  tools?: ProviderTools[ToolDialect] | readonly JsonObject[] | undefined;
  /** `auto` (the default), `required` (some tool), `none`, or one tool by its native name. */
  toolChoice?: ToolChoice | undefined;
  /** False asks the provider for at most one tool call per turn, where it has that switch. */
  parallelToolCalls?: boolean | undefined;
  maxOutputTokens?: number | undefined;
  temperature?: number | undefined;
  topP?: number | undefined;
  stopSequences?: readonly string[] | undefined;
  /**
   * Extra request-body fields per provider family (`openai`, `anthropic`, `gemini`, `ollama`),
   * merged last into that provider's request; other families' entries are ignored.
   */
  providerOptions?: Readonly<Record<string, JsonObject>> | undefined;
}

/**
 * How the model may use the tools.
 *
 * @example
 * ```ts
 * const choice: ToolChoice = { name: "CalculatorTool_calculate" };
 * ```
 */
export type ToolChoice = "auto" | "required" | "none" | { name: string };

/**
 * One message of the conversation, provider-neutral.
 *
 * @example
 * ```ts
 * const messages: PromptMessage[] = [
 *   { role: "user", content: "What is 6 * 7?" },
 *   { role: "assistant", content: "", toolCalls: [{ id: "c1", name: "Calc_calculate", arguments: { expression: "6*7" } }] },
 *   { role: "tool", toolCallId: "c1", toolName: "Calc_calculate", artifact: new TextArtifact("42") },
 * ];
 * ```
 */
export type PromptMessage = SystemMessage | UserMessage | AssistantMessage | ToolResultMessage;

/**
 * Instructions for the model.
 *
 * @example
 * ```ts
 * const system: SystemMessage = { role: "system", content: "Answer in French." };
 * ```
 */
export interface SystemMessage {
  role: "system";
  content: string;
}

/**
 * What the user says: text, or text and images.
 *
 * @example
 * ```ts
 * const user: UserMessage = {
 *   role: "user",
 *   content: [{ type: "text", text: "What is this?" }, { type: "image", image: photo }],
 * };
 * ```
 */
export interface UserMessage {
  role: "user";
  content: string | readonly UserContentPart[];
}

/**
 * A part of a user message.
 *
 * @example
 * ```ts
 * const part: UserContentPart = { type: "text", text: "Describe the picture." };
 * ```
 */
export type UserContentPart =
  | { type: "text"; text: string }
  | { type: "image"; image: ImageArtifact };

/**
 * What the model said: text and the tool calls it made.
 *
 * @example
 * ```ts
 * const assistant: AssistantMessage = responseToMessage(await driver.generate(request));
 * ```
 */
export interface AssistantMessage {
  role: "assistant";
  content: string;
  toolCalls?: readonly ToolCall[] | undefined;
  /** Opaque provider data the same driver needs back next turn (reasoning items, signatures). */
  providerMetadata?: JsonObject | undefined;
}

/**
 * The result of one tool call, as an artifact; each driver lowers it to its provider's shape.
 *
 * @example
 * ```ts
 * const result: ToolResultMessage = {
 *   role: "tool", toolCallId: "c1", toolName: "Calc_calculate", artifact: new ErrorArtifact("division by zero"),
 * };
 * ```
 */
export interface ToolResultMessage {
  role: "tool";
  /** The `id` of the tool call this answers. */
  toolCallId: string;
  /** The native tool name of that call (Gemini and Ollama match results by name). */
  toolName: string;
  artifact: Artifact;
}

/**
 * A tool call as the model made it. `arguments` is the provider's raw form: a JSON string
 * (OpenAI, possibly broken) or an object (Anthropic, Gemini, Ollama); the decoder handles both.
 *
 * @example
 * ```ts
 * const call: ToolCall = { id: "call_1", name: "CalculatorTool_calculate", arguments: '{"expression":"6*7"}' };
 * ```
 */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string | JsonObject;
  /** Opaque provider data to send back with this call (a Gemini thought signature). */
  providerMetadata?: JsonObject | undefined;
}

/**
 * Why the model stopped.
 *
 * @example
 * ```ts
 * if (response.finishReason === "tool-calls") runTools(response.toolCalls);
 * ```
 */
export type FinishReason = "stop" | "length" | "tool-calls" | "content-filter" | "error" | "other";

/**
 * Token counts of one call; `undefined` where the provider did not report a number.
 *
 * @example
 * ```ts
 * const usage: Usage = { inputTokens: 12, outputTokens: 3, totalTokens: 15 };
 * ```
 */
export interface Usage {
  /** Prompt tokens, cached ones included. */
  inputTokens: number | undefined;
  /** Generated tokens, reasoning included. */
  outputTokens: number | undefined;
  totalTokens: number | undefined;
}

/**
 * What a driver returns: the same value from `generate` and from a stream's `finish` event.
 *
 * @example
 * ```ts
 * const { text, toolCalls, finishReason, usage } = await driver.generate(request);
 * ```
 */
export interface PromptResponse {
  text: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  /** The provider's own finish reason, for logs. */
  rawFinishReason: string | undefined;
  usage: Usage;
  /** The model's visible reasoning, where the provider returns it (thinking blocks, thought parts). */
  reasoning?: string | undefined;
  /** Opaque provider data to put back on the assistant message (see `responseToMessage`). */
  providerMetadata?: JsonObject | undefined;
}

/**
 * One event of a streamed call. Deltas come first; `finish` always comes last and carries the
 * assembled response, equal to what `generate` returns for the same answer.
 *
 * @example
 * ```ts
 * for await (const event of driver.stream(request)) {
 *   if (event.type === "text-delta") process.stdout.write(event.delta);
 *   if (event.type === "finish") console.log(event.response.usage);
 * }
 * ```
 */
export type PromptStreamEvent =
  | { type: "text-delta"; delta: string }
  | { type: "reasoning-delta"; delta: string }
  | { type: "tool-call-start"; id: string; name: string }
  | { type: "tool-call-delta"; id: string; delta: string }
  | { type: "tool-call"; toolCall: ToolCall }
  | { type: "finish"; response: PromptResponse };
