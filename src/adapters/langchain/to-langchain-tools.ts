import type { Dialect, DialectOptions } from "../../dialects/dialect.js";
import type { ProviderTools } from "../../dialects/provider-tools.js";
import type { JsonSchemaObject } from "../../schema/json.js";
import type { Toolbox } from "../../toolbox/toolbox.js";
import { langChain } from "./langchain-packages.js";
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
  // Named here, rather than by the class the first tool is made of.
  langChain("toLangChainTools");
  const dialect = options.dialect ?? "openai-chat";
  const dialectOptions: DialectOptions = options.strict === true ? { strict: true } : {};
  const declared = declarations(toolbox.toProviderTools(dialect, dialectOptions));
  return declared.map(
    (tool) =>
      new ToolwrightStructuredTool({
        toolbox,
        ...tool,
        dialect: { dialect, ...dialectOptions },
      }),
  );
}

interface AnyProviderTool {
  readonly name?: string;
  readonly description?: string;
  readonly function?: { name: string; description?: string; parameters?: JsonSchemaObject };
  readonly parameters?: JsonSchemaObject;
  readonly input_schema?: JsonSchemaObject;
  readonly inputSchema?: JsonSchemaObject;
}

/** Each non-Gemini dialect has the name, description and schema in one of these places. */
function declarations(tools: ProviderTools[LangChainToolsDialect]): Declared[] {
  return (tools as readonly AnyProviderTool[]).map((tool) => ({
    name: tool.function?.name ?? tool.name ?? "",
    description: tool.function?.description ?? tool.description ?? "",
    schema: tool.function?.parameters ??
      tool.parameters ??
      tool.input_schema ??
      tool.inputSchema ?? { type: "object", properties: {} },
  }));
}
