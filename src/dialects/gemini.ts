import { type DialectBuilder, describedBy } from "./dialect-builder.js";
import { toGeminiSchema } from "./gemini-schema.js";

/**
 * @internal Gemini: one `Tool` with every `FunctionDeclaration`; the schema goes in `parameters` (OpenAPI
 * subset) or `parametersJsonSchema`, and a no-input activity omits it.
 */
export const buildGeminiTools: DialectBuilder<"gemini"> = (tools, options) => [
  {
    functionDeclarations: tools.map((tool) => {
      const declaration = { name: tool.name, ...describedBy(tool.description) };
      if (tool.noInput) return declaration;
      return options.geminiSchemaField === "parametersJsonSchema"
        ? { ...declaration, parametersJsonSchema: tool.schema }
        : { ...declaration, parameters: toGeminiSchema(tool.schema) };
    }),
  },
];
