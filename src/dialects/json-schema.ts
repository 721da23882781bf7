import type { JsonSchema, JsonSchemaObject } from "../schema/json.js";
import { transformSchema } from "../schema/walk-schema.js";
import type { DialectBuilder } from "./dialect-builder.js";

/** @internal The dialect URI of the JSON Schema toolwright keeps (2020-12). */
export const draft2020 = "https://json-schema.org/draft/2020-12/schema";
const draft07 = "http://json-schema.org/draft-07/schema#";

/** @internal Plain JSON Schema with its `$schema`: 2020-12 as toolwright keeps it, or rewritten as draft-07. */
export const buildJsonSchemaTools: DialectBuilder<"json-schema"> = (tools, options) =>
  tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema:
      options.jsonSchemaDraft === "draft-07"
        ? { $schema: draft07, ...toDraft07(tool.schema) }
        : { $schema: draft2020, ...tool.schema },
  }));

/** @internal The 2020-12 keywords whose draft-07 spelling differs, rewritten back. */
export function toDraft07(schema: JsonSchemaObject): JsonSchemaObject {
  return transformSchema(schema, (node) => {
    const out: JsonSchemaObject = { ...node };
    if (out.$defs !== undefined) {
      out.definitions = out.$defs;
      delete out.$defs;
    }
    if (typeof out.$ref === "string" && out.$ref.startsWith("#/$defs/")) {
      out.$ref = `#/definitions/${out.$ref.slice("#/$defs/".length)}`;
    }
    if (Array.isArray(out.prefixItems)) {
      const rest = out.items;
      out.items = out.prefixItems as unknown as JsonSchema;
      if (rest !== undefined) out.additionalItems = rest;
      delete out.prefixItems;
    }
    for (const keyword of ["dependentRequired", "dependentSchemas"] as const) {
      const value = out[keyword];
      if (typeof value === "object" && value !== null) {
        out.dependencies = { ...(out.dependencies as object | undefined), ...value };
        delete out[keyword];
      }
    }
    return out;
  }) as JsonSchemaObject;
}
