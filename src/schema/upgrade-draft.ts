import type { JsonSchema, JsonSchemaObject } from "./json.js";
import { transformSchema } from "./walk-schema.js";

/** @internal True when `$schema` names draft-04, -06 or -07. */
export function isLegacyDraft(schema: JsonSchemaObject): boolean {
  return typeof schema.$schema === "string" && /draft-0[4-7]/.test(schema.$schema);
}

/**
 * @internal Rewrites the draft-07 keywords whose meaning changed into their 2020-12 forms, so one
 * validator and one set of dialect rules serve both: `definitions` → `$defs`, array `items` →
 * `prefixItems` (+ `additionalItems` → `items`), `dependencies` → `dependentRequired`/`dependentSchemas`.
 */
export function upgradeToDraft2020(schema: JsonSchemaObject): JsonSchemaObject {
  const upgraded = transformSchema(schema, (node) => {
    const out: JsonSchemaObject = { ...node };
    if (out.definitions !== undefined) {
      out.$defs = { ...(out.definitions as Record<string, JsonSchema>), ...out.$defs };
      delete out.definitions;
    }
    if (Array.isArray(out.items)) {
      out.prefixItems = out.items;
      if (out.additionalItems !== undefined) out.items = out.additionalItems as JsonSchema;
      else delete out.items;
      delete out.additionalItems;
    } else {
      delete out.additionalItems;
    }
    if (typeof out.dependencies === "object" && out.dependencies !== null) {
      for (const [key, value] of Object.entries(out.dependencies as Record<string, unknown>)) {
        const target = Array.isArray(value) ? "dependentRequired" : "dependentSchemas";
        out[target] = { ...(out[target] as object | undefined), [key]: value };
      }
      delete out.dependencies;
    }
    if (typeof out.$ref === "string" && out.$ref.startsWith("#/definitions/")) {
      out.$ref = `#/$defs/${out.$ref.slice("#/definitions/".length)}`;
    }
    return out;
  });
  const { $schema: _legacy, ...rest } = upgraded as JsonSchemaObject;
  return rest;
}
