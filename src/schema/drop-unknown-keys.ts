import { defineEntry, isPlainObject } from "../internal/clone-json.js";
import type { JsonSchema, JsonSchemaObject } from "./json.js";
import { resolveLocalRef } from "./walk-schema.js";

type Path = readonly (string | number)[];

/**
 * @internal Result of {@link dropUnknownKeys}: the pruned value, the paths that were dropped, the keys
 * renamed to the one declared property they fold to, the keys that fold to more than one (or to a
 * property also sent under its own name), which the caller refuses, and the undeclared keys an open
 * object kept as they were.
 */
export interface DropResult {
  readonly value: unknown;
  readonly dropped: readonly Path[];
  readonly renamed: readonly { readonly path: Path; readonly from: string }[];
  readonly ambiguous: readonly { readonly path: Path; readonly candidates: readonly string[] }[];
  readonly kept: readonly Path[];
}

interface Walk {
  readonly dropped: (string | number)[][];
  readonly renamed: { path: Path; from: string }[];
  readonly ambiguous: { path: Path; candidates: readonly string[] }[];
  readonly kept: (string | number)[][];
}

/**
 * @internal A key as models vary it: case, `_`, `-`, spaces and camelCase ↔ snake_case all fold away
 * (`dateRange`, `date_range`, `Date-Range` → `daterange`).
 */
export function foldKey(key: string): string {
  return key.toLowerCase().replace(/[\s_-]+/g, "");
}

function foldIndex(names: Iterable<string>): ReadonlyMap<string, readonly string[]> {
  const index = new Map<string, string[]>();
  for (const name of names) {
    const folded = foldKey(name);
    const list = index.get(folded);
    if (list === undefined) index.set(folded, [name]);
    else list.push(name);
  }
  return index;
}

/**
 * What an unknown key of an object with declared properties becomes: the one declared property it
 * folds to, when that property was not sent under its own (or another folded) name; the candidates
 * (refused as ambiguous) when it folds to several, or to one already given; `undefined` when it folds
 * to none (dropped from a closed object, kept in an open one).
 */
function renameTarget(
  key: string,
  index: ReadonlyMap<string, readonly string[]> | undefined,
  value: Record<string, unknown>,
  taken: Set<string>,
): string | readonly string[] | undefined {
  const candidates = index?.get(foldKey(key));
  if (candidates === undefined) return undefined;
  const only = candidates.length === 1 ? (candidates[0] as string) : undefined;
  if (only === undefined || Object.hasOwn(value, only) || taken.has(only)) return candidates;
  taken.add(only);
  return only;
}

/**
 * @internal Removes the keys a closed object (`additionalProperties: false`) does not declare, guided by
 * the schema, without touching the input (copy on write); in a closed or an open object (no
 * `additionalProperties`, `true` or `{}`: any key allowed) an undeclared key that folds to exactly one
 * declared property not sent is that property, renamed. Unions are followed only where exactly one
 * branch fits the value's JSON type, so a key is never dropped or renamed on a guess.
 */
export function dropUnknownKeys(schema: JsonSchema, value: unknown): DropResult {
  const walk: Walk = { dropped: [], renamed: [], ambiguous: [], kept: [] };
  const pruned = run(planOf(schema), value, [], walk);
  return { value: pruned, ...walk };
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
  /** The declared properties by folded name, for renaming unknown keys (closed and open objects). */
  readonly folded: ReadonlyMap<string, readonly string[]> | undefined;
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
  folded: undefined,
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
  if (typeof schema.$ref === "string" || Array.isArray(schema.anyOf ?? schema.oneOf)) {
    return { ...inertNode, root, inert: false, dynamic: schema };
  }
  return compileKeywords(root, schema);
}

/** A node from its own keywords (`properties`, `items` …), whatever `$ref` or union it also has. */
function compileKeywords(root: JsonSchema, schema: JsonSchemaObject): PruneNode {
  const base = { ...inertNode, root };
  const extraSchema = schema.additionalProperties;
  const closed = extraSchema === false && schema.patternProperties === undefined;
  // Open as JSON Schema's default is: any key allowed, none described. A schema for the extra keys
  // (a map) or key patterns say other keys are meant, so those objects keep their keys as sent.
  const open =
    schema.patternProperties === undefined &&
    (extraSchema === undefined ||
      extraSchema === true ||
      (isPlainObject(extraSchema) && Object.keys(extraSchema).length === 0));
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
  const folded =
    (closed || open) && properties !== undefined && properties.size > 0
      ? foldIndex(properties.keys())
      : undefined;
  const inert =
    !closed &&
    folded === undefined &&
    children.every((child) => child === undefined || child.inert) &&
    (extra === undefined || extra.inert) &&
    (items === undefined || items.inert);
  return { ...base, inert, properties, folded, closed, extra, prefix, items };
}

function run(node: PruneNode, value: unknown, path: (string | number)[], walk: Walk): unknown {
  if (node.inert || typeof value !== "object" || value === null) return value;
  if (node.dynamic !== undefined) return prune(node.root, node.dynamic, value, path, walk, 0);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const child = index < node.prefix.length ? node.prefix[index] : node.items;
      if (child === undefined || child.inert) continue;
      const item = value[index];
      path.push(index);
      const next = run(child, item, path, walk);
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
  let taken: Set<string> | undefined;
  // Object.keys lists own enumerable keys: no per-key own check, which costs more than the array.
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) {
    let key = keys[index] as string;
    let known = node.properties?.get(key);
    let target: ReturnType<typeof renameTarget>;
    if (known === undefined && node.folded !== undefined) {
      taken ??= new Set();
      target = renameTarget(key, node.folded, value, taken);
    }
    if (target === undefined && known === undefined && node.folded !== undefined && !node.closed) {
      // An open object keeps a key that is no spelling of a declared one, as sent.
      walk.kept.push([...path, key]);
    } else if (known === undefined && (node.closed || target !== undefined)) {
      copy ??= copyBefore(value, keys, index);
      if (typeof target !== "string") {
        if (target === undefined) walk.dropped.push([...path, key]);
        else walk.ambiguous.push({ path: [...path, key], candidates: target });
        continue;
      }
      walk.renamed.push({ path: [...path, target], from: key });
      known = node.properties?.get(target);
      const item = value[key];
      key = target;
      path.push(key);
      defineEntry(
        copy,
        key,
        known === undefined || known.inert ? item : run(known, item, path, walk),
      );
      path.pop();
      continue;
    }
    const child = known ?? node.extra;
    const item = value[key];
    let next = item;
    if (child !== undefined && !child.inert) {
      path.push(key);
      next = run(child, item, path, walk);
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
  walk: Walk,
  refHops: number,
): unknown {
  // A string, number, boolean or null has no keys to drop, whatever the schema says.
  if (typeof value !== "object" || value === null) return value;
  if (typeof schema !== "object" || schema === null) return value;
  if (typeof schema.$ref === "string") {
    const target = refHops < 32 ? resolveLocalRef(root, schema.$ref) : undefined;
    if (target !== undefined) value = prune(root, target, value, path, walk, refHops + 1);
  }
  const branch = soleFittingBranch(schema, value);
  if (branch !== undefined) value = prune(root, branch, value, path, walk, 0);
  // The node's own keywords apply too: walked by the same code as every compiled node.
  return run(keywordPlan(root, schema), value, path, walk);
}

// The plans of `$ref` and union nodes' own keywords, made on their first walk.
const keywordPlans = new WeakMap<JsonSchemaObject, PruneNode>();

function keywordPlan(root: JsonSchema, schema: JsonSchemaObject): PruneNode {
  let plan = keywordPlans.get(schema);
  // A node shared by two roots resolves its references against each: one plan per root.
  if (plan === undefined || plan.root !== root) {
    plan = compileKeywords(root, schema);
    keywordPlans.set(schema, plan);
  }
  return plan;
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
