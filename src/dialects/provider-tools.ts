import type { JsonSchemaObject } from "../schema/json.js";
import type { GeminiSchema } from "./gemini-schema.js";

/**
 * One tool in an OpenAI Chat Completions request (`tools[]`).
 *
 * @example
 * ```ts
 * const tool: OpenAIChatTool = { type: "function", function: { name: "Calc_calculate", parameters: { type: "object" } } };
 * ```
 */
export interface OpenAIChatTool {
  type: "function";
  function: {
    name: string;
    description?: string;
    parameters?: JsonSchemaObject;
    strict?: boolean;
  };
}

/**
 * One tool in an OpenAI Responses request (`tools[]`), the flat shape.
 *
 * @example
 * ```ts
 * const tool: OpenAIResponsesTool = { type: "function", name: "Calc_calculate", parameters: { type: "object" }, strict: false };
 * ```
 */
export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description?: string;
  parameters: JsonSchemaObject;
  strict: boolean;
  /** Inside a namespace: left out of the model's context until a tool search loads it. */
  defer_loading?: boolean;
}

/**
 * A namespace of an OpenAI Responses request: one tool's deferred activities
 * (`toolSearch: "native"`); the model sees its name and description until a search loads a function.
 *
 * @example
 * ```ts
 * const crm: OpenAIResponsesNamespace = { type: "namespace", name: "Crm", description: "lookup: Find a customer.", tools: [] };
 * ```
 */
export interface OpenAIResponsesNamespace {
  type: "namespace";
  name: string;
  description: string;
  tools: OpenAIResponsesTool[];
}

/**
 * OpenAI's client-executed tool search (`toolSearch: "native"`): the toolbox's search activity.
 * `name` is toolwright's, the activity's native name: the Responses driver leaves it off the wire and
 * gives a `tool_search_call` back to the agent as a call of that activity.
 *
 * @example
 * ```ts
 * const search: OpenAIResponsesToolSearch = { type: "tool_search", execution: "client", name: "ToolSearchTool_search", description: "Search for more tools.", parameters: { type: "object" } };
 * ```
 */
export interface OpenAIResponsesToolSearch {
  type: "tool_search";
  execution: "client";
  name: string;
  description: string;
  parameters: JsonSchemaObject;
}

/**
 * One tool in an Anthropic Messages request (`tools[]`).
 *
 * @example
 * ```ts
 * const tool: AnthropicTool = { name: "Calc_calculate", input_schema: { type: "object" } };
 * ```
 */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: JsonSchemaObject & { type: "object" };
  strict?: boolean;
  /** Left out of the model's context until a tool search references it (a toolbox's `deferLoading`). */
  defer_loading?: boolean;
}

/**
 * One Gemini `FunctionDeclaration`; `parameters` and `parametersJsonSchema` are mutually exclusive.
 *
 * @example
 * ```ts
 * const declaration: GeminiFunctionDeclaration = { name: "Calc_calculate", parameters: { type: "OBJECT", properties: {} } };
 * ```
 */
export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters?: GeminiSchema;
  parametersJsonSchema?: JsonSchemaObject;
}

/**
 * Gemini's `tools` value: one `Tool` holding every function declaration.
 *
 * @example
 * ```ts
 * const tools: GeminiTools = [{ functionDeclarations: [{ name: "Calc_calculate" }] }];
 * ```
 */
export type GeminiTools = [{ functionDeclarations: GeminiFunctionDeclaration[] }];

/**
 * One tool in an Ollama `/api/chat` request (`tools[]`).
 *
 * @example
 * ```ts
 * const tool: OllamaTool = { type: "function", function: { name: "Calc_calculate", description: "", parameters: { type: "object" } } };
 * ```
 */
export interface OllamaTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchemaObject };
}

/**
 * MCP's behaviour hints on a tool (`tools/list`), from the activity's annotations.
 *
 * @example
 * ```ts
 * const hints: McpToolAnnotations = { readOnlyHint: true };
 * ```
 */
export interface McpToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * One tool as an MCP server lists it (`tools/list` result, spec 2025-11-25).
 *
 * @example
 * ```ts
 * const tool: McpToolDefinition = { name: "Calc_calculate", inputSchema: { type: "object" } };
 * ```
 */
export interface McpToolDefinition {
  name: string;
  description?: string;
  inputSchema: JsonSchemaObject & { type: "object" };
  /** The schema of the results (`structuredContent`), for an activity with an `outputSchema`. */
  outputSchema?: JsonSchemaObject & { type: "object" };
  annotations?: McpToolAnnotations;
}

/**
 * One tool as plain JSON Schema (for any other consumer), with its `$schema` dialect URI.
 *
 * @example
 * ```ts
 * const tool: JsonSchemaTool = { name: "Calc_calculate", description: "", inputSchema: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" } };
 * ```
 */
export interface JsonSchemaTool {
  name: string;
  description: string;
  inputSchema: JsonSchemaObject;
}

/**
 * What `toolbox.toProviderTools(dialect)` returns for each dialect: the provider's `tools` request value.
 *
 * @example
 * ```ts
 * const tools: ProviderTools["anthropic"] = toolbox.toProviderTools("anthropic");
 * ```
 */
export interface ProviderTools {
  "openai-chat": OpenAIChatTool[];
  "openai-responses": (
    | OpenAIResponsesTool
    | OpenAIResponsesNamespace
    | OpenAIResponsesToolSearch
  )[];
  anthropic: AnthropicTool[];
  gemini: GeminiTools;
  ollama: OllamaTool[];
  mcp: McpToolDefinition[];
  "json-schema": JsonSchemaTool[];
}
