import type { JsonSchemaObject } from "../schema/json.js";
import { type DialectBuilder, describedBy } from "./dialect-builder.js";
import { draft2020 } from "./json-schema.js";
import type { McpToolAnnotations } from "./provider-tools.js";

/**
 * @internal MCP `tools/list`: `{ name, description, inputSchema, annotations }`, hints from the
 * activity's annotations. The schema names its dialect (`$schema`: 2020-12, which every schema
 * toolwright keeps is, draft-07 ones upgraded), so a client validates it with the right rules.
 */
export const buildMcpTools: DialectBuilder<"mcp"> = (tools) =>
  tools.map((tool) => {
    const hints: McpToolAnnotations = {};
    const { readOnly, destructive, idempotent, openWorld } = tool.annotations;
    if (readOnly !== undefined) hints.readOnlyHint = readOnly;
    if (destructive !== undefined) hints.destructiveHint = destructive;
    if (idempotent !== undefined) hints.idempotentHint = idempotent;
    if (openWorld !== undefined) hints.openWorldHint = openWorld;
    return {
      name: tool.name,
      ...describedBy(tool.description),
      inputSchema: { $schema: draft2020, ...tool.schema } as JsonSchemaObject & { type: "object" },
      ...(Object.keys(hints).length > 0 ? { annotations: hints } : {}),
      ...(tool.outputSchema === undefined
        ? {}
        : {
            outputSchema: { $schema: draft2020, ...tool.outputSchema } as JsonSchemaObject & {
              type: "object";
            },
          }),
    };
  });
