import type { Dialect, DialectOptions } from "../../dialects/dialect.js";
import type { ProviderTools } from "../../dialects/provider-tools.js";
import type { JsonSchemaObject } from "../../schema/json.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { ToolwrightStructuredTool } from "./toolwright-structured-tool.js";

/**
 * The dialects whose lowered schema LangChain can hand a provider as one JSON Schema per tool (Gemini's
 * OpenAPI subset is left out: LangChain's Google integration converts JSON Schema itself).
 *
 * @example
 * ```ts
 * const dialect: LangChainToolsDialect = "anthropic";
 * ```
 */
export type LangChainToolsDialect = Exclude<Dialect, "gemini">;

/**
 * Options for `toLangChainTools`.
 *
 * @example
 * ```ts
 * const options: LangChainToolsOptions = { dialect: "openai-chat", strict: true };
 * ```
 */
export interface LangChainToolsOptions {
  /** The provider whose schema rules the tools are lowered for. Default `"openai-chat"`. */
  readonly dialect?: LangChainToolsDialect | undefined;
  /** OpenAI and Anthropic: lower for strict (grammar-constrained) tools. Default `false`. */
  readonly strict?: boolean | undefined;
}

interface Declared {
  readonly name: string;
  readonly description: string;
  readonly schema: JsonSchemaObject;
}

/**
 * Every enabled activity of a toolbox (the memory tool included) as a LangChain `StructuredTool`, for
 * `createAgent`, LangGraph's `ToolNode` or `model.bindTools`: the model sees toolwright's lowered schema,
 * and every call goes to `Toolbox.execute` as it came.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model, tools: toLangChainTools(toolbox), middleware: [toolwrightMiddleware(toolbox)] });
 * ```
 */
export function toLangChainTools(
  toolbox: Toolbox,
  options: LangChainToolsOptions = {},
): ToolwrightStructuredTool[] {
  const dialect = options.dialect ?? "openai-chat";
  const dialectOptions: DialectOptions = options.strict === true ? { strict: true } : {};
  const declared = declarations(dialect, toolbox.toProviderTools(dialect, dialectOptions));
  return declared.map(
    (tool) =>
      new ToolwrightStructuredTool({
        toolbox,
        ...tool,
        dialect: { dialect, ...dialectOptions },
      }),
  );
}

const emptyObject: JsonSchemaObject = Object.freeze({ type: "object", properties: {} });

function declarations(
  dialect: LangChainToolsDialect,
  tools: ProviderTools[LangChainToolsDialect],
): Declared[] {
  switch (dialect) {
    case "openai-chat":
    case "ollama":
      return (tools as ProviderTools["openai-chat" | "ollama"]).map(({ function: fn }) => ({
        name: fn.name,
        description: fn.description ?? "",
        schema: fn.parameters ?? emptyObject,
      }));
    case "openai-responses":
      return (tools as ProviderTools["openai-responses"]).map((tool) => ({
        name: tool.name,
        description: tool.description ?? "",
        schema: tool.parameters,
      }));
    case "anthropic":
      return (tools as ProviderTools["anthropic"]).map((tool) => ({
        name: tool.name,
        description: tool.description ?? "",
        schema: tool.input_schema,
      }));
    case "mcp":
    case "json-schema":
      return (tools as ProviderTools["mcp" | "json-schema"]).map((tool) => ({
        name: tool.name,
        description: tool.description ?? "",
        schema: tool.inputSchema,
      }));
  }
}
