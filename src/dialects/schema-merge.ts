import type { JsonSchema, JsonSchemaObject, JsonValue } from "../schema/json.js";
import { resolveLocalRef } from "../schema/walk-schema.js";

/** @internal Why a schema cannot be lowered, and where (a path into the input value). */
export class LoweringProblem extends Error {
  constructor(
    readonly path: readonly (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

/** @internal `true` → `{}`; a `$ref` chain resolved against `root` with its sibling keywords kept. */
export function resolveShallow(
  root: JsonSchemaObject,
  schema: JsonSchema,
  path: readonly (string | number)[],
  busy: readonly string[] = [],
): JsonSchemaObject {
  let node: JsonSchemaObject = schema === true ? {} : schema === false ? { not: {} } : schema;
  const seen = new Set<string>();
  while (typeof node.$ref === "string") {
    const ref = node.$ref;
    if (seen.has(ref) || busy.includes(ref)) {
      throw new LoweringProblem(
        path,
        `recursive "$ref": "${ref}" cannot be merged into a union or allOf`,
      );
    }
    seen.add(ref);
    const target = resolveLocalRef(root, ref);
    if (target === undefined) throw new LoweringProblem(path, `cannot resolve "$ref": "${ref}"`);
    const { $ref: _ref, ...siblings } = node;
    node = mergeAll([target === true ? {} : target === false ? { not: {} } : target, siblings]);
  }
  return node;
}

/** @internal The intersection of schemas (`allOf`), written as one schema; exact for objects, approximate elsewhere. */
export function mergeAll(schemas: readonly JsonSchemaObject[]): JsonSchemaObject {
  const out: JsonSchemaObject = {};
  for (const schema of schemas) {
    for (const [key, value] of Object.entries(schema)) {
      const current = out[key];
      if (current === undefined) {
        out[key] = value;
      } else if (key === "properties") {
        const merged: Record<string, JsonSchema> = { ...(current as Record<string, JsonSchema>) };
        for (const [name, child] of Object.entries(value as Record<string, JsonSchema>)) {
          const existing = merged[name];
          merged[name] =
            existing === undefined || typeof existing === "boolean" || typeof child === "boolean"
              ? child
              : mergeAll([existing, child]);
        }
        out.properties = merged;
      } else if (key === "required") {
        out.required = [...new Set([...(current as string[]), ...(value as string[])])];
      } else if (key === "type") {
        const left = [current].flat() as string[];
        const both = ([value].flat() as string[]).filter(
          (type) => left.includes(type) || (type === "integer" && left.includes("number")),
        );
        if (both.length > 0) out.type = both.length === 1 ? (both[0] as string) : both;
      } else if (key === "enum") {
        const right = (value as JsonValue[]).map((item) => JSON.stringify(item));
        out.enum = (current as JsonValue[]).filter((item) => right.includes(JSON.stringify(item)));
      } else if (key === "description") {
        out.description = `${String(current)} ${String(value)}`;
      } else if (key === "allOf") {
        out.allOf = [...(current as JsonSchema[]), ...(value as JsonSchema[])];
      }
    }
  }
  return out;
}

/**
 * @internal One object schema that accepts every branch of a union of objects: all properties (a
 * property typed differently per branch becomes an `anyOf`), required = the keys every branch requires.
 * The validator still checks the real union.
 */
export function mergeUnion(branches: readonly JsonSchemaObject[]): JsonSchemaObject {
  const candidates = new Map<string, JsonSchema[]>();
  for (const branch of branches) {
    for (const [name, child] of Object.entries(branch.properties ?? {})) {
      const list = candidates.get(name) ?? [];
      if (!list.some((known) => JSON.stringify(known) === JSON.stringify(child))) list.push(child);
      candidates.set(name, list);
    }
  }
  const properties: Record<string, JsonSchema> = {};
  for (const [name, list] of candidates) properties[name] = unionOf(list);
  const required = [...candidates.keys()].filter((name) =>
    branches.every((branch) => branch.required?.includes(name) === true),
  );
  const out: JsonSchemaObject = { type: "object", properties, required };
  if (branches.every((branch) => branch.additionalProperties === false)) {
    out.additionalProperties = false;
  }
  return out;
}

function unionOf(list: readonly JsonSchema[]): JsonSchema {
  if (list.length === 1) return list[0] as JsonSchema;
  const constants = list.map((schema) =>
    typeof schema === "object" && "const" in schema ? (schema.const as JsonValue) : undefined,
  );
  if (constants.every((value) => value !== undefined)) {
    const types = [...new Set(constants.map((value) => jsonTypeOf(value)))];
    return {
      type: types.length === 1 ? (types[0] as string) : types,
      enum: constants as JsonValue[],
    };
  }
  return { anyOf: [...list] };
}

/** @internal The JSON Schema type name of a value. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "object") return "object";
  return typeof value;
}
