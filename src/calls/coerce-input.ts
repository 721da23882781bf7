import { jsonTypeOf } from "../dialects/schema-merge.js";
import { defineEntry, isPlainObject } from "../internal/clone-json.js";
import { formatPath } from "../internal/json-path.js";
import type { JsonSchema, JsonSchemaObject, JsonValue } from "../schema/json.js";
import { resolveLocalRef } from "../schema/walk-schema.js";
import type { Repair } from "../tool/repair.js";
import { decodeJsonText } from "./unwrap-string.js";

type Path = (string | number)[];

interface Context {
  readonly root: JsonSchema;
  readonly repairs: Repair[];
  readonly repairJson: boolean;
}

const numeric = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * @internal Schema-directed coercion, run only after an input failed validation: where the value's JSON
 * type is not one the schema allows, convert it when the conversion is unambiguous (`"2"` → 2,
 * `"true"` → true (and `"yes"`/`"no"`, `"y"`/`"n"`, `"on"`/`"off"`, 1/0 where only a boolean fits), 7 → "7", a JSON string of an object or array → the object or array, a lone value →
 * a one-item array, a one-item array → its item), fold enum case, and drop `null` from optional
 * properties that do not allow it. Values that already fit are left alone. Copy on write.
 */
export function coerceInput(
  schema: JsonSchemaObject,
  value: unknown,
  repairs: Repair[],
  repairJson = true,
): unknown {
  return coerce(schema, value, [], { root: schema, repairs, repairJson }, 0);
}

// Words models write for a boolean, read only where the schema asks for one (and nothing else fits).
const booleanWords: ReadonlyMap<string, boolean> = new Map([
  ["true", true],
  ["false", false],
  ["yes", true],
  ["no", false],
  ["y", true],
  ["n", false],
  ["on", true],
  ["off", false],
  ["1", true],
  ["0", false],
]);

function coerce(
  schema: JsonSchema,
  value: unknown,
  path: Path,
  context: Context,
  hops: number,
): unknown {
  if (typeof schema !== "object" || schema === null || hops > 64) return value;
  let node = schema;
  if (typeof node.$ref === "string") {
    const target = resolveLocalRef(context.root, node.$ref);
    if (target !== undefined) value = coerce(target, value, path, context, hops + 1);
    const { $ref: _ref, ...rest } = node;
    node = rest;
  }
  if (Array.isArray(node.allOf)) {
    for (const branch of node.allOf) value = coerce(branch, value, path, context, hops + 1);
  }
  const branches = node.anyOf ?? node.oneOf;
  if (Array.isArray(branches)) value = coerceUnion(branches, value, path, context, hops);
  value = coerceEnum(node, value, path, context);
  const types = typesOf(node);
  if (types !== undefined && !fitsTypes(types, value)) {
    value = convert(node, types, value, path, context, hops);
  }
  if (isPlainObject(value)) return coerceObject(node, value, path, context, hops);
  if (Array.isArray(value)) return coerceArray(node, value, path, context, hops);
  return value;
}

function coerceUnion(
  branches: readonly JsonSchema[],
  value: unknown,
  path: Path,
  context: Context,
  hops: number,
): unknown {
  const fitting = branches.filter((branch) => {
    const types = typeof branch === "object" ? typesOf(branch) : undefined;
    return types === undefined || fitsTypes(types, value);
  });
  if (fitting.length > 0) {
    return fitting.length === 1
      ? coerce(fitting[0] as JsonSchema, value, path, context, hops + 1)
      : value;
  }
  for (const branch of branches) {
    const scratch: Repair[] = [];
    const next = coerce(branch, value, path, { ...context, repairs: scratch }, hops + 1);
    const types = typeof branch === "object" ? typesOf(branch) : undefined;
    if (next !== value && (types === undefined || fitsTypes(types, next))) {
      context.repairs.push(...scratch);
      return next;
    }
  }
  return value;
}

function coerceEnum(node: JsonSchemaObject, value: unknown, path: Path, context: Context): unknown {
  const allowed: readonly JsonValue[] | undefined = Array.isArray(node.enum)
    ? node.enum
    : "const" in node
      ? [node.const as JsonValue]
      : undefined;
  if (allowed === undefined || allowed.some((item) => same(item, value))) return value;
  let match: JsonValue | undefined;
  if (typeof value === "string") {
    const folded = allowed.filter(
      (item) => typeof item === "string" && item.toLowerCase() === value.trim().toLowerCase(),
    );
    const textual = allowed.filter(
      (item) => typeof item !== "string" && JSON.stringify(item) === value.trim(),
    );
    const candidates = folded.length > 0 ? folded : textual;
    if (candidates.length === 1) match = candidates[0];
  } else if (typeof value === "number" || typeof value === "boolean") {
    const candidates = allowed.filter((item) => item === String(value));
    if (candidates.length === 1) match = candidates[0];
  }
  if (match === undefined) return value;
  record(context, path, value, match);
  return match;
}

function convert(
  node: JsonSchemaObject,
  types: readonly string[],
  value: unknown,
  path: Path,
  context: Context,
  hops: number,
): unknown {
  // "yes", "on", 1 … read as booleans only where a boolean is all the schema allows (null aside).
  const onlyType = types.filter((type) => type !== "null").length === 1;
  for (const type of types) {
    const next = convertTo(node, type, value, path, context, hops, onlyType);
    if (next !== undefined) {
      record(context, path, value, next);
      return next;
    }
  }
  return value;
}

function convertTo(
  node: JsonSchemaObject,
  type: string,
  value: unknown,
  path: Path,
  context: Context,
  hops: number,
  onlyType: boolean,
): unknown {
  if (typeof value === "string") {
    if ((type === "number" || type === "integer") && numeric.test(value)) {
      const number = Number(value);
      if (Number.isFinite(number) && (type === "number" || Number.isInteger(number))) return number;
    }
    if (type === "boolean" && (onlyType || /^\s*(true|false)\s*$/i.test(value))) {
      const truth = booleanWords.get(value.trim().toLowerCase());
      if (truth !== undefined) return truth;
    }
    if (type === "null" && /^\s*(null|none)\s*$/i.test(value)) return null;
    if (type === "object" || type === "array") {
      const decoded = decodeJsonText(value, context.repairJson);
      if (type === "object" ? isPlainObject(decoded) : Array.isArray(decoded)) return decoded;
    }
  }
  if (type === "string" && (typeof value === "number" || typeof value === "boolean"))
    return String(value);
  // 1 and 0 only: any other number as a boolean would be a guess.
  if (type === "boolean" && onlyType && (value === 1 || value === 0)) return value === 1;
  if (type === "array" && !Array.isArray(value) && value !== undefined) {
    const items = node.items;
    const fitsItems =
      typeof items !== "object" ||
      items === null ||
      typesOf(items) === undefined ||
      fitsTypes(typesOf(items) ?? [], value);
    if (fitsItems) return [value];
  }
  if (
    type !== "array" &&
    Array.isArray(value) &&
    value.length === 1 &&
    fitsTypes([type], value[0])
  ) {
    return coerce(node, value[0], path, context, hops + 1) as unknown;
  }
  return undefined;
}

function coerceObject(
  node: JsonSchemaObject,
  value: Record<string, unknown>,
  path: Path,
  context: Context,
  hops: number,
): unknown {
  const properties = node.properties ?? {};
  const required = node.required ?? [];
  const extra = node.additionalProperties;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const child = Object.hasOwn(properties, key)
      ? properties[key]
      : typeof extra === "object"
        ? extra
        : undefined;
    if (child === undefined) continue;
    if (item === null && !required.includes(key) && !allowsNull(context.root, child, 0)) {
      copy ??= { ...value };
      delete copy[key];
      context.repairs.push({
        step: "coerce",
        detail: `${formatPath([...path, key])}: dropped null (optional)`,
      });
      continue;
    }
    const next = coerce(child, item, [...path, key], context, hops + 1);
    if (next !== item) {
      copy ??= { ...value };
      defineEntry(copy, key, next);
    }
  }
  return copy ?? value;
}

function coerceArray(
  node: JsonSchemaObject,
  value: unknown[],
  path: Path,
  context: Context,
  hops: number,
): unknown {
  const prefix = Array.isArray(node.prefixItems) ? (node.prefixItems as JsonSchema[]) : [];
  const items = node.items;
  let copy: unknown[] | undefined;
  value.forEach((item, index) => {
    const child = index < prefix.length ? prefix[index] : items;
    if (child === undefined) return;
    const next = coerce(child, item, [...path, index], context, hops + 1);
    if (next !== item) {
      copy ??= [...value];
      copy[index] = next;
    }
  });
  return copy ?? value;
}

/** @internal True when `schema` (an original, unlowered schema) lets `null` through. */
export function allowsNull(root: JsonSchema, schema: JsonSchema, hops: number): boolean {
  if (typeof schema === "boolean") return schema;
  if (hops > 32) return false;
  if (typeof schema.$ref === "string") {
    const target = resolveLocalRef(root, schema.$ref);
    if (target !== undefined && !allowsNull(root, target, hops + 1)) return false;
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches) && !branches.some((branch) => allowsNull(root, branch, hops + 1)))
    return false;
  if (
    Array.isArray(schema.allOf) &&
    !schema.allOf.every((branch) => allowsNull(root, branch, hops + 1))
  ) {
    return false;
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) return false;
  if ("const" in schema && schema.const !== null) return false;
  const types = typesOf(schema);
  return types === undefined || types.includes("null");
}

function typesOf(node: JsonSchemaObject): string[] | undefined {
  if (node.type !== undefined) return [node.type].flat();
  if (node.properties !== undefined) return ["object"];
  if (node.items !== undefined || node.prefixItems !== undefined) return ["array"];
  return undefined;
}

function fitsTypes(types: readonly string[], value: unknown): boolean {
  const type = jsonTypeOf(value);
  return types.includes(type) || (type === "integer" && types.includes("number"));
}

function same(a: unknown, b: unknown): boolean {
  return (
    a === b || (typeof a === "object" && a !== null && JSON.stringify(a) === JSON.stringify(b))
  );
}

function record(context: Context, path: Path, from: unknown, to: unknown): void {
  const show = (value: unknown) => {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  };
  context.repairs.push({
    step: "coerce",
    detail: `${formatPath(path)}: ${show(from)} → ${show(to)}`,
  });
}
