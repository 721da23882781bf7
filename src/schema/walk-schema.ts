import { defineEntry } from "../internal/clone-json.js";
import type { JsonSchema, JsonSchemaObject } from "./json.js";

const singleKeywords = [
  "items",
  "additionalItems",
  "additionalProperties",
  "propertyNames",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
] as const;
const listKeywords = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;
const mapKeywords = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
] as const;

/** @internal Location of a subschema, as keys from the root schema (`["properties", "a", "items"]`). */
export type SchemaPath = readonly (string | number)[];

/**
 * @internal Rebuilds a schema bottom-up: every subschema is transformed before its parent, and `visit`
 * returns the replacement for each node. The input is never mutated.
 */
export function transformSchema(
  schema: JsonSchema,
  visit: (node: JsonSchemaObject, path: SchemaPath) => JsonSchema,
  path: SchemaPath = [],
): JsonSchema {
  if (typeof schema !== "object" || schema === null) return schema;
  const node: JsonSchemaObject = { ...schema };
  for (const keyword of singleKeywords) {
    const child = node[keyword];
    if (Array.isArray(child)) {
      // draft-07 tuple form of `items`
      (node as Record<string, unknown>)[keyword] = child.map((item, index) =>
        transformSchema(item as JsonSchema, visit, [...path, keyword, index]),
      );
    } else if (isSchema(child)) {
      node[keyword] = transformSchema(child, visit, [...path, keyword]);
    }
  }
  for (const keyword of listKeywords) {
    const children = node[keyword];
    if (Array.isArray(children)) {
      node[keyword] = children.map((child, index) =>
        transformSchema(child as JsonSchema, visit, [...path, keyword, index]),
      );
    }
  }
  for (const keyword of mapKeywords) {
    const children = node[keyword];
    if (typeof children === "object" && children !== null && !Array.isArray(children)) {
      const mapped: Record<string, JsonSchema> = {};
      for (const [key, child] of Object.entries(children as Record<string, JsonSchema>)) {
        defineEntry(mapped, key, transformSchema(child, visit, [...path, keyword, key]));
      }
      node[keyword] = mapped;
    }
  }
  return visit(node, path);
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "boolean" || (typeof value === "object" && value !== null);
}

/** @internal Resolves a local `$ref` (`#`, `#/$defs/x`, `#/properties/a`) against the root schema. */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return isSchema(node) ? node : undefined;
}
