import { isPlainObject } from "../internal/clone-json.js";
import type { JsonSchema, JsonSchemaObject } from "./json.js";
import { defineEntry, resolveLocalRef } from "./walk-schema.js";

/** @internal Result of {@link dropUnknownKeys}: the pruned value and the paths that were dropped. */
export interface DropResult {
  readonly value: unknown;
  readonly dropped: readonly (readonly (string | number)[])[];
}

/**
 * @internal Removes the keys a closed object (`additionalProperties: false`) does not declare, guided by
 * the schema, without touching the input (copy on write). Unions are followed only where exactly one
 * branch fits the value's JSON type, so a key is never dropped on a guess.
 */
export function dropUnknownKeys(schema: JsonSchema, value: unknown): DropResult {
  const dropped: (string | number)[][] = [];
  const pruned = run(planOf(schema), value, [], dropped);
  return { value: pruned, dropped };
}

/**
 * What the walk needs from one schema node, read once: JSON Schema nodes come in many shapes, so reading
 * their keywords on every call is slow. `$ref` and union nodes are walked from the schema itself.
 */
interface PruneNode {
  /** Nothing under this node can drop a key: the walk skips the value. */
  readonly inert: boolean;
  /** The schema, walked as it is (it has a `$ref` or a union); undefined for a compiled node. */
  readonly dynamic: JsonSchemaObject | undefined;
  readonly root: JsonSchema;
  readonly properties: ReadonlyMap<string, PruneNode> | undefined;
  readonly closed: boolean;
  readonly extra: PruneNode | undefined;
  readonly prefix: readonly (PruneNode | undefined)[];
  readonly items: PruneNode | undefined;
}

// Compiled per root schema; schemas are not changed once normalised (their validators are compiled too).
const plans = new WeakMap<object, PruneNode>();
const inertNode: PruneNode = {
  inert: true,
  dynamic: undefined,
  root: true,
  properties: undefined,
  closed: false,
  extra: undefined,
  prefix: [],
  items: undefined,
};

/**
 * @internal The root properties under which the walk can never drop a key (their subtrees hold no closed
 * object): a value whose keys are all among them has nothing to drop. `undefined` for a root that is not
 * a plain object node (a `$ref`, a union, a boolean schema).
 */
export function settledProperties(schema: JsonSchema): ReadonlySet<string> | undefined {
  const root = planOf(schema);
  if (root === inertNode || root.dynamic !== undefined) return undefined;
  const settled = new Set<string>();
  for (const [key, child] of root.properties ?? []) if (child.inert) settled.add(key);
  return settled;
}

function planOf(root: JsonSchema): PruneNode {
  if (typeof root !== "object" || root === null) return inertNode;
  let plan = plans.get(root);
  if (plan === undefined) {
    plan = compile(root, root);
    plans.set(root, plan);
  }
  return plan;
}

function compile(root: JsonSchema, schema: JsonSchema | undefined): PruneNode {
  if (typeof schema !== "object" || schema === null) return inertNode;
  const base = { ...inertNode, root };
  if (typeof schema.$ref === "string" || Array.isArray(schema.anyOf ?? schema.oneOf)) {
    return { ...base, inert: false, dynamic: schema };
  }
  const extraSchema = schema.additionalProperties;
  const closed = extraSchema === false && schema.patternProperties === undefined;
  const properties =
    schema.properties === undefined
      ? undefined
      : new Map(
          Object.entries(schema.properties).map(([key, child]) => [key, compile(root, child)]),
        );
  const extra =
    typeof extraSchema === "object" && extraSchema !== null
      ? compile(root, extraSchema)
      : undefined;
  const prefix = Array.isArray(schema.prefixItems)
    ? (schema.prefixItems as JsonSchema[]).map((child) =>
        typeof child === "boolean" ? undefined : compile(root, child),
      )
    : [];
  const items =
    typeof schema.items === "object" && schema.items !== null
      ? compile(root, schema.items)
      : undefined;
  const children = [...(properties?.values() ?? []), ...prefix];
  const inert =
    !closed &&
    children.every((child) => child === undefined || child.inert) &&
    (extra === undefined || extra.inert) &&
    (items === undefined || items.inert);
  return { ...base, inert, properties, closed, extra, prefix, items };
}

function run(
  node: PruneNode,
  value: unknown,
  path: (string | number)[],
  dropped: (string | number)[][],
): unknown {
  if (node.inert || typeof value !== "object" || value === null) return value;
  if (node.dynamic !== undefined) return prune(node.root, node.dynamic, value, path, dropped, 0);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const child = index < node.prefix.length ? node.prefix[index] : node.items;
      if (child === undefined || child.inert) continue;
      const item = value[index];
      path.push(index);
      const next = run(child, item, path, dropped);
      path.pop();
      if (next !== item) {
        copy ??= [...value];
        copy[index] = next;
      }
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  // Object.keys lists own enumerable keys: no per-key own check, which costs more than the array.
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const known = node.properties?.get(key);
    if (known === undefined && node.closed) {
      dropped.push([...path, key]);
      copy ??= copyBefore(value, keys, index);
      continue;
    }
    const child = known ?? node.extra;
    const item = value[key];
    let next = item;
    if (child !== undefined && !child.inert) {
      path.push(key);
      next = run(child, item, path, dropped);
      path.pop();
    }
    if (copy === undefined && next !== item) copy = copyBefore(value, keys, index);
    if (copy !== undefined) defineEntry(copy, key, next);
  }
  return copy ?? value;
}

function prune(
  root: JsonSchema,
  schema: JsonSchema,
  value: unknown,
  path: (string | number)[],
  dropped: (string | number)[][],
  refHops: number,
): unknown {
  // A string, number, boolean or null has no keys to drop, whatever the schema says.
  if (typeof value !== "object" || value === null) return value;
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
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const known = properties !== undefined && Object.hasOwn(properties, key);
    if (!known && closed) {
      dropped.push([...path, key]);
      copy ??= copyBefore(value, keys, index);
      continue;
    }
    const child = known ? properties?.[key] : typeof extra === "object" ? extra : undefined;
    const item = value[key];
    let next = item;
    if (child !== undefined) {
      // One path array for the whole walk (push, then pop): only a dropped key's path is copied.
      path.push(key);
      next = prune(root, child, item, path, dropped, 0);
      path.pop();
    }
    if (copy === undefined && next !== item) copy = copyBefore(value, keys, index);
    if (copy !== undefined) defineEntry(copy, key, next);
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
  for (let index = 0; index < value.length; index++) {
    const child = index < prefix.length ? prefix[index] : rest;
    if (child === undefined || typeof child === "boolean") continue;
    const item = value[index];
    path.push(index);
    const next = prune(root, child, item, path, dropped, 0);
    path.pop();
    if (next !== item) {
      copy ??= [...value];
      copy[index] = next;
    }
  }
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

/**
 * A new object with the entries before `end`, which the walk kept unchanged; the walk adds what it keeps
 * after. Copying only what is kept (rather than the whole object, then deleting) keeps an input with
 * thousands of unknown keys linear and fast: deletes turn an object into a slow dictionary.
 */
function copyBefore(
  value: Record<string, unknown>,
  keys: readonly string[],
  end: number,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (let index = 0; index < end; index++) {
    const key = keys[index] as string;
    defineEntry(copy, key, value[key]);
  }
  return copy;
}
