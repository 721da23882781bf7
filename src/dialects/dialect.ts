/**
 * A provider's way of declaring tools: the request shape of `tools` and the JSON Schema it accepts.
 *
 * @example
 * ```ts
 * const dialect: Dialect = "anthropic";
 * const tools = toolbox.toProviderTools(dialect, { strict: true });
 * ```
 */
export type Dialect =
  | "openai-chat"
  | "openai-responses"
  | "anthropic"
  | "gemini"
  | "ollama"
  | "mcp"
  | "json-schema";

/**
 * Every dialect, in a stable order (for loops in tests, CLIs and conformance reports).
 *
 * @example
 * ```ts
 * for (const dialect of dialects) toolbox.toProviderTools(dialect);
 * ```
 */
export const dialects: readonly Dialect[] = Object.freeze([
  "openai-chat",
  "openai-responses",
  "anthropic",
  "gemini",
  "ollama",
  "mcp",
  "json-schema",
]);

/**
 * Options of `toolbox.toProviderTools`; each applies to the dialects named in its comment.
 *
 * @example
 * ```ts
 * toolbox.toProviderTools("gemini", { geminiSchemaField: "parametersJsonSchema" });
 * ```
 */
export interface DialectOptions {
  /** OpenAI and Anthropic: emit strict (grammar-constrained) tools. Default `false`. */
  strict?: boolean | undefined;
  /** Gemini: `"parameters"` (OpenAPI subset, the default) or `"parametersJsonSchema"`. */
  geminiSchemaField?: "parameters" | "parametersJsonSchema" | undefined;
  /** json-schema: the draft to emit, `"2020-12"` (default) or `"draft-07"`. */
  jsonSchemaDraft?: "2020-12" | "draft-07" | undefined;
  /**
   * OpenAI Responses, for a deferring toolbox: `"activity"` (default) sends the search as a function
   * activity and appends what it finds; `"native"` sends OpenAI's client-executed `tool_search` and the
   * deferred activities in one namespace per tool (`defer_loading: true`), for models that support it.
   */
  toolSearch?: "activity" | "native" | undefined;
}

/**
 * Which lowering a model's call went through, so the decoder can undo it exactly; pass it to
 * `toolbox.execute` as `options.dialect`.
 *
 * @example
 * ```ts
 * await toolbox.execute(call, { dialect: { dialect: "openai-chat", strict: true } });
 * ```
 */
export type DialectTarget = Dialect | ({ dialect: Dialect } & DialectOptions);
