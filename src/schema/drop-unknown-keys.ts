import { isPlainObject } from "../internal/clone-json.js";
import type { JsonSchema, JsonSchemaObject } from "./json.js";
import { defineEntry, resolveLocalRef } from "./walk-schema.js";

/** @internal Result of {@link dropUnknownKeys}: the pruned value and the paths that were dropped. */
export interface DropResult {
  value: unknown;
  dropped: (string | number)[][];
}

/**
 * @internal Removes the keys a closed object (`additionalProperties: false`) does not declare, guided by
 * the schema, without touching the input (copy on write). Unions are followed only where exactly one
 * branch fits the value's JSON type, so a key is never dropped on a guess.
 */
export function dropUnknownKeys(schema: JsonSchema, value: unknown): DropResult {
  const dropped: (string | number)[][] = [];
  const pruned = prune(schema, schema, value, [], dropped, 0);
  return { value: pruned, dropped };
}

function prune(
  root: JsonSchema,
  schema: JsonSchema,
  value: unknown,
  path: (string | number)[],
  dropped: (string | number)[][],
  refHops: number,
): unknown {
  if (typeof schema !== "object" || schema === null) return value;
  if (typeof schema.$ref === "string") {
    const target = refHops < 32 ? resolveLocalRef(root, schema.$ref) : undefined;
    if (target !== undefined) value = prune(root, target, value, path, dropped, refHops + 1);
  }
  const branch = soleFittingBranch(schema, value);
  if (branch !== undefined) value = prune(root, branch, value, path, dropped, 0);
  if (Array.isArray(value)) return pruneArray(root, schema, value, path, dropped);
  if (isPlainObject(value)) return pruneObject(root, schema, value, path, dropped);
  return value;
}

function pruneObject(
  root: JsonSchema,
  schema: JsonSchemaObject,
  value: Record<string, unknown>,
  path: (string | number)[],
  dropped: (string | number)[][],
): unknown {
  const properties = schema.properties;
  const extra = schema.additionalProperties;
  const closed = extra === false && schema.patternProperties === undefined;
  if (properties === undefined && !closed && (typeof extra !== "object" || extra === null)) {
    return value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const known = properties !== undefined && Object.hasOwn(properties, key);
    if (!known && closed) {
      dropped.push([...path, key]);
      copy ??= { ...value };
      delete copy[key];
      continue;
    }
    const child = known ? properties?.[key] : typeof extra === "object" ? extra : undefined;
    if (child === undefined) continue;
    const item = value[key];
    const next = prune(root, child, item, [...path, key], dropped, 0);
    if (next !== item) {
      copy ??= { ...value };
      defineEntry(copy, key, next);
    }
  }
  return copy ?? value;
}

function pruneArray(
  root: JsonSchema,
  schema: JsonSchemaObject,
  value: unknown[],
  path: (string | number)[],
  dropped: (string | number)[][],
): unknown {
  const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as JsonSchema[]) : [];
  const rest = schema.items;
  if (prefix.length === 0 && (typeof rest !== "object" || rest === null)) return value;
  let copy: unknown[] | undefined;
  value.forEach((item, index) => {
    const child = index < prefix.length ? prefix[index] : rest;
    if (child === undefined || typeof child === "boolean") return;
    const next = prune(root, child, item, [...path, index], dropped, 0);
    if (next !== item) {
      copy ??= [...value];
      copy[index] = next;
    }
  });
  return copy ?? value;
}

function soleFittingBranch(schema: JsonSchemaObject, value: unknown): JsonSchema | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches)) return undefined;
  const kind = jsonType(value);
  const fitting = branches.filter((branch) => fits(branch, kind));
  return fitting.length === 1 ? fitting[0] : undefined;
}

function fits(branch: JsonSchema, kind: string): boolean {
  if (typeof branch !== "object" || branch === null) return branch === true;
  const type = branch.type;
  if (type === undefined) return branch.properties !== undefined ? kind === "object" : false;
  const types = Array.isArray(type) ? type : [type];
  return types.includes(kind) || (kind === "integer" && types.includes("number"));
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
