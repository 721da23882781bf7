import type { JsonSchema, JsonSchemaObject } from "../schema/json.js";
import { transformSchema } from "../schema/walk-schema.js";

/** @internal One activity as it enters the action schema. */
export interface ActionBranch {
  activityName: string;
  description: string;
  input: JsonSchemaObject | undefined;
}

/**
 * @internal Griptape's action schema: one `{ name, path, input }` branch per enabled activity under
 * `anyOf` (a lone branch unwrapped). Inputs that use local `$ref`s are hoisted into the root `$defs`
 * so their references still resolve once nested.
 */
export function buildActionSchema(
  toolName: string,
  branches: readonly ActionBranch[],
): JsonSchemaObject {
  const defs: Record<string, JsonSchema> = {};
  const shapes = branches.map((branch) => actionBranch(toolName, branch, defs));
  const head = { description: `${toolName} action schema.` };
  const tail: JsonSchemaObject = {
    $id: `${toolName} ToolAction Schema`,
    $schema: "https://json-schema.org/draft/2020-12/schema",
  };
  if (Object.keys(defs).length > 0) tail.$defs = defs;
  if (shapes.length === 1) return { ...head, ...shapes[0], ...tail };
  if (shapes.length === 0) return { ...head, not: {}, ...tail };
  return { ...head, anyOf: shapes, ...tail };
}

function actionBranch(
  toolName: string,
  branch: ActionBranch,
  defs: Record<string, JsonSchema>,
): JsonSchemaObject {
  const input = branch.input ?? {
    type: "object",
    properties: {},
    required: [],
    additionalProperties: false,
  };
  return {
    type: "object",
    properties: {
      name: { const: toolName },
      path: { description: branch.description, const: branch.activityName },
      input: embed(input, branch.activityName, defs),
    },
    required: branch.input === undefined ? ["name", "path"] : ["name", "path", "input"],
    additionalProperties: false,
  };
}

function embed(
  schema: JsonSchemaObject,
  key: string,
  defs: Record<string, JsonSchema>,
): JsonSchema {
  let usesRefs = false;
  const rewritten = transformSchema(schema, (node) => {
    if (typeof node.$ref !== "string" || !node.$ref.startsWith("#")) return node;
    usesRefs = true;
    const pointer = node.$ref === "#" ? "" : node.$ref.slice(1);
    return { ...node, $ref: `#/$defs/${escapePointer(key)}${pointer}` };
  });
  if (!usesRefs) return schema;
  defs[key] = rewritten;
  return { $ref: `#/$defs/${escapePointer(key)}` };
}

function escapePointer(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}
