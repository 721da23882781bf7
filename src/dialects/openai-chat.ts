import { type DialectBuilder, describedBy } from "./dialect-builder.js";

/**
 * @internal OpenAI Chat Completions: `{ type: "function", function: { name, description, parameters, strict } }`;
 * a no-input activity omits `parameters`.
 */
export const buildOpenAIChatTools: DialectBuilder<"openai-chat"> = (tools, options) =>
  tools.map((tool) => ({
    type: "function" as const,
    function: {
      name: tool.name,
      ...describedBy(tool.description),
      ...(tool.noInput && options.strict !== true ? {} : { parameters: tool.schema }),
      ...(options.strict === true ? { strict: true } : {}),
    },
  }));
