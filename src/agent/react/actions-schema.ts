import type { JsonSchema, JsonSchemaObject } from "../../schema/json.js";
import type { Tool } from "../../tool/tool.js";

/**
 * The JSON Schema of the `Actions:` array in the text (ReAct) protocol: each enabled activity of each
 * tool as Griptape's `{ tag, name, path, input }` action, at least one per array.
 *
 * @example
 * ```ts
 * JSON.stringify(actionsSchema([new CalculatorTool()])); // minified into the system prompt
 * ```
 */
export function actionsSchema(tools: readonly Tool[]): JsonSchemaObject {
  const branches: JsonSchema[] = [];
  const defs: Record<string, JsonSchema> = {};
  for (const tool of tools) {
    const schema = tool.schema();
    const toolBranches = (schema.anyOf ??
      (schema.not === undefined ? [schema] : [])) as JsonSchemaObject[];
    for (const branch of toolBranches) branches.push(withTag(branch));
    for (const [key, value] of Object.entries(schema.$defs ?? {})) defs[key] = value;
  }
  const result: JsonSchemaObject = {
    description: "JSON schema for an array of actions.",
    type: "array",
    items: branches.length === 1 ? (branches[0] as JsonSchema) : { anyOf: branches },
    minItems: 1,
    $id: "Actions Schema",
    $schema: "https://json-schema.org/draft/2020-12/schema",
  };
  if (Object.keys(defs).length > 0) result.$defs = defs;
  return result;
}

function withTag(branch: JsonSchemaObject): JsonSchemaObject {
  const { description: _description, $id: _id, $schema: _schema, $defs: _defs, ...rest } = branch;
  return {
    ...rest,
    properties: {
      tag: { description: "Unique tag name for action execution.", type: "string" },
      ...rest.properties,
    },
    required: ["tag", ...(rest.required ?? [])],
  };
}
