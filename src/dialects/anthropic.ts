import type { JsonSchemaObject } from "../schema/json.js";
import { type DialectBuilder, describedBy } from "./dialect-builder.js";
import type { AnthropicTool } from "./provider-tools.js";

/** @internal Anthropic Messages: `{ name, description, input_schema, strict? }`. */
export const buildAnthropicTools: DialectBuilder<"anthropic"> = (tools, options) =>
  tools.map((tool) => ({
    name: tool.name,
    ...describedBy(tool.description),
    input_schema: tool.schema as JsonSchemaObject & { type: "object" },
    ...(options.strict === true ? { strict: true } : {}),
  }));

/** @internal Anthropic's tools with the deferred ones marked `defer_loading: true`. */
export function markDeferred(
  tools: readonly AnthropicTool[],
  deferred: (name: string) => boolean,
): AnthropicTool[] {
  return tools.map((tool) => (deferred(tool.name) ? { ...tool, defer_loading: true } : tool));
}
