import type { JsonSchemaObject } from "../schema/json.js";
import { type DialectBuilder, describedBy } from "./dialect-builder.js";

/** @internal Anthropic Messages: `{ name, description, input_schema, strict? }`. */
export const buildAnthropicTools: DialectBuilder<"anthropic"> = (tools, options) =>
  tools.map((tool) => ({
    name: tool.name,
    ...describedBy(tool.description),
    input_schema: tool.schema as JsonSchemaObject & { type: "object" },
    ...(options.strict === true ? { strict: true } : {}),
  }));
