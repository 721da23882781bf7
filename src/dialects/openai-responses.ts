import { type DialectBuilder, describedBy } from "./dialect-builder.js";

/**
 * @internal OpenAI Responses: the flat `{ type: "function", name, description, parameters, strict }`.
 * `strict` is always written because Responses otherwise tries to make every schema strict.
 */
export const buildOpenAIResponsesTools: DialectBuilder<"openai-responses"> = (tools, options) =>
  tools.map((tool) => ({
    type: "function" as const,
    name: tool.name,
    ...describedBy(tool.description),
    parameters: tool.schema,
    strict: options.strict === true,
  }));
