import type { Dialect, DialectOptions, DialectTarget } from "../../dialects/dialect.js";
import { ToolboxError } from "../../errors/toolbox-error.js";
import type { JsonSchemaObject } from "../../schema/json.js";
import type { Toolbox } from "../../toolbox/toolbox.js";

/** @internal One activity as the AI SDK gets it: the native name and the dialect's lowered schema. */
export interface LoweredTool {
  readonly name: string;
  readonly description: string | undefined;
  readonly schema: JsonSchemaObject;
  readonly strict: boolean | undefined;
}

/**
 * @internal The dialect and options of a target, with their defaults: `gemini` means its JSON Schema
 * field, the only schema an AI SDK tool takes (its `parameters` is an OpenAPI subset).
 */
export function dialectParts(target: DialectTarget): { dialect: Dialect; options: DialectOptions } {
  if (typeof target === "string") {
    return { dialect: target, options: target === "gemini" ? geminiJson : {} };
  }
  const { dialect, ...options } = target;
  if (dialect === "gemini" && options.geminiSchemaField === undefined) {
    return { dialect, options: { ...options, ...geminiJson } };
  }
  return { dialect, options };
}

const geminiJson: DialectOptions = Object.freeze({ geminiSchemaField: "parametersJsonSchema" });

/**
 * @internal Every enabled activity lowered for `dialect`, read from `toolbox.toProviderTools` so the
 * schema is byte for byte what a direct provider call would send.
 */
export function loweredTools(
  toolbox: Toolbox,
  dialect: Dialect,
  options: DialectOptions,
): LoweredTool[] {
  switch (dialect) {
    case "openai-chat":
    case "ollama":
      return toolbox.toProviderTools(dialect, options).map(({ function: fn }) => ({
        name: fn.name,
        description: fn.description,
        schema: fn.parameters ?? { type: "object", properties: {} },
        strict: "strict" in fn ? fn.strict : undefined,
      }));
    case "openai-responses":
      // An adapter runs the search as an activity: native tool search is a Responses driver's.
      return toolbox
        .toProviderTools(dialect, { ...options, toolSearch: "activity" })
        .flatMap((tool) =>
          tool.type === "function"
            ? [
                {
                  name: tool.name,
                  description: tool.description,
                  schema: tool.parameters,
                  strict: tool.strict,
                },
              ]
            : [],
        );
    case "anthropic":
      return toolbox.toProviderTools(dialect, options).map((tool) => ({
        name: tool.name,
        description: tool.description,
        schema: tool.input_schema,
        strict: tool.strict,
      }));
    case "mcp":
    case "json-schema":
      return toolbox.toProviderTools(dialect, options).map((tool) => ({
        name: tool.name,
        description: tool.description,
        schema: tool.inputSchema,
        strict: undefined,
      }));
    case "gemini": {
      if (options.geminiSchemaField !== "parametersJsonSchema") {
        throw new ToolboxError({
          message:
            'toAiSdkTools: the AI SDK takes JSON Schema; use { dialect: "gemini", geminiSchemaField: "parametersJsonSchema" } (the default for "gemini")',
        });
      }
      const [{ functionDeclarations }] = toolbox.toProviderTools(dialect, options);
      return functionDeclarations.map((declaration) => ({
        name: declaration.name,
        description: declaration.description,
        schema: declaration.parametersJsonSchema ?? { type: "object", properties: {} },
        strict: undefined,
      }));
    }
  }
}
