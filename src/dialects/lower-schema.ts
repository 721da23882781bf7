import type { JsonSchema, JsonSchemaObject, JsonValue } from "../schema/json.js";
import { resolveLocalRef } from "../schema/walk-schema.js";
import type { SchemaProfile } from "./capabilities.js";
import type { DecodePlan, KeyPlan } from "./decode-plan.js";
import { lowerKeywords } from "./lower-keywords.js";
import { renameProperty } from "./property-names.js";
import {
  jsonTypeOf,
  LoweringProblem,
  mergeAll,
  mergeUnion,
  resolveShallow,
} from "./schema-merge.js";
import { acceptsNull, makeNullable, note, withNotes } from "./schema-notes.js";

/** @internal A schema lowered for one dialect, and how to undo the lowering on the model's values. */
export interface LoweredSchema {
  readonly schema: JsonSchemaObject;
  readonly plan: DecodePlan | undefined;
  /** What the root could not carry, for the tool's description. */
  readonly notes: readonly string[];
}

interface Lowered {
  schema: JsonSchemaObject;
  plan: DecodePlan | undefined;
}

interface RecursiveDef {
  readonly name: string;
  readonly holder: { plan: DecodePlan | undefined };
  schema: JsonSchemaObject | undefined;
}

interface State {
  readonly profile: SchemaProfile;
  readonly root: JsonSchemaObject;
  readonly stack: string[];
  readonly defs: Map<string, RecursiveDef>;
  properties: number;
}

type Path = readonly (string | number)[];

const combinators = ["anyOf", "oneOf", "allOf"] as const;

/**
 * @internal Rewrites an activity's input schema into what a dialect accepts (see `SchemaProfile`).
 * Throws {@link LoweringProblem} for what no rewrite can express.
 */
export function lowerSchema(schema: JsonSchemaObject, profile: SchemaProfile): LoweredSchema {
  if (profile.lowering === "none") return { schema, plan: undefined, notes: [] };
  const state: State = { profile, root: schema, stack: ["#"], defs: new Map(), properties: 0 };
  const notes: string[] = [];
  const flat = flattenRoot(schema, state, notes);
  if (profile.lowering === "root") return { schema: flat, plan: undefined, notes };
  const { description, ...rest } = flat;
  const lowered = lowerNode(rest, [], state, 0);
  if (lowered.schema.type !== "object") {
    throw new LoweringProblem(
      [],
      "an input that is an open object (any keys) cannot be lowered for this dialect; declare its properties",
    );
  }
  const out: JsonSchemaObject = { ...lowered.schema };
  if (typeof description === "string" && description !== "") out.description = description;
  const rootDef = state.defs.get("#");
  if (rootDef !== undefined) rootDef.holder.plan = lowered.plan;
  const hoisted = [...state.defs.values()].filter((def) => def.schema !== undefined);
  if (hoisted.length > 0) {
    out.$defs = Object.fromEntries(hoisted.map((def) => [def.name, def.schema as JsonSchema]));
  }
  return { schema: out, plan: lowered.plan, notes };
}

/** Providers want a plain object at the root: unions and intersections there are merged into one. */
function flattenRoot(schema: JsonSchemaObject, state: State, notes: string[]): JsonSchemaObject {
  if (!combinators.some((keyword) => schema[keyword] !== undefined)) return schema;
  if (
    state.profile.lowering === "root" &&
    state.profile.allOf &&
    schema.anyOf === undefined &&
    schema.oneOf === undefined
  ) {
    return schema;
  }
  let node: JsonSchemaObject = { ...schema };
  if (Array.isArray(node.allOf)) {
    const { allOf, ...rest } = node;
    node = mergeAll([rest, ...allOf.map((branch) => resolveShallow(state.root, branch, []))]);
  }
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = node[keyword];
    if (!Array.isArray(branches)) continue;
    const resolved = branches.map((branch) => resolveShallow(state.root, branch, []));
    const { [keyword]: _union, ...rest } = node;
    node = mergeAll([rest, mergeUnion(resolved)]);
    notes.push(
      `send exactly ${keyword === "oneOf" ? "one" : "one or more"} of these shapes: ${resolved
        .map((branch, index) => `(${index + 1}) ${describeShape(branch)}`)
        .join("; ")}`,
    );
  }
  node.type = "object";
  return node;
}

function describeShape(branch: JsonSchemaObject): string {
  const keys = Object.keys(branch.properties ?? {});
  const required = branch.required ?? [];
  if (keys.length === 0) return "an object";
  return `keys ${keys.map((key) => (required.includes(key) ? key : `${key}?`)).join(", ")}`;
}

function lowerNode(input: JsonSchema, path: Path, state: State, depth: number): Lowered {
  const { profile } = state;
  if (depth > profile.limits.depth) {
    throw new LoweringProblem(
      path,
      `nests deeper than ${profile.limits.depth} levels, the dialect's limit`,
    );
  }
  let node: JsonSchemaObject = input === true ? {} : input === false ? { not: {} } : { ...input };
  if (typeof node.$ref === "string") return lowerRef(node, path, state, depth);
  if (Array.isArray(node.allOf) && !profile.allOf) {
    const { allOf, ...rest } = node;
    node = mergeAll([
      rest,
      ...allOf.map((branch) => resolveShallow(state.root, branch, path, state.stack)),
    ]);
    if (typeof node.$ref === "string") return lowerRef(node, path, state, depth);
  }
  if (Array.isArray(node.oneOf) && !profile.oneOf) {
    const { oneOf, ...rest } = node;
    node =
      rest.anyOf === undefined ? { ...rest, anyOf: oneOf } : { ...rest, allOf: [{ anyOf: oneOf }] };
  }
  if ("const" in node && !profile.constKeyword) {
    const { const: value, ...rest } = node;
    node = { ...rest, enum: [value as JsonValue] };
  }
  const notes: string[] = [];
  if (Array.isArray(node.anyOf) && node.anyOf.every(isConstraintOnly)) {
    notes.push(note("anyOf", node.anyOf));
    delete node.anyOf;
  }
  if (Array.isArray(node.anyOf)) return lowerUnion(node, notes, path, state, depth);
  let types = typesOf(node);
  if (types === undefined) return lowerOpenValue(node, notes, path, state, "any JSON value", false);
  let plan: DecodePlan | undefined;
  let values: JsonValue[] | undefined;
  if (Array.isArray(node.enum)) {
    const lowered = lowerEnum(node.enum, path, state);
    values = lowered.values;
    if (lowered.plan !== undefined) {
      plan = lowered.plan;
      types = types.includes("null") ? ["string", "null"] : ["string"];
    }
  }
  const nonNull = types.filter((type) => type !== "null");
  const nullable = nonNull.length < types.length;
  if (nonNull.length > 1 && !profile.typeArrays) {
    const { type: _type, ...rest } = node;
    const branches = nonNull.map((type) => ({ ...pickFor(rest, type), type }));
    const union: JsonSchemaObject = {
      ...rest,
      anyOf: nullable ? [...branches, { type: "null" }] : branches,
    };
    for (const key of Object.keys(union)) if (perType.has(key)) delete union[key];
    return lowerUnion(union, notes, path, state, depth);
  }
  if (nonNull.length === 1 && nonNull[0] === "object" && isOpenObject(node, path)) {
    if (path.length > 0 || profile.openValues === "keep") {
      return lowerOpenValue(
        { ...node, type: "object" },
        notes,
        path,
        state,
        "a JSON object",
        nullable,
      );
    }
    if (typeof node.additionalProperties === "object" || node.patternProperties !== undefined) {
      throw new LoweringProblem(
        path,
        "an input that is an open object (a map of any keys) cannot be lowered for this dialect; declare its properties",
      );
    }
  }
  const out: JsonSchemaObject = {};
  if (values !== undefined) out.enum = values;
  if (nonNull.includes("object")) {
    const object = lowerObject(node, notes, path, state, depth);
    Object.assign(out, object.schema);
    plan = object.plan;
  } else if (nonNull.includes("array")) {
    const array = lowerArray(node, notes, path, state, depth);
    Object.assign(out, array.schema);
    plan = array.plan;
  }
  out.type =
    nonNull.length === 0 ? "null" : nonNull.length === 1 ? (nonNull[0] as string) : nonNull;
  if ("const" in node) out.const = node.const;
  lowerKeywords(node, out, notes, profile);
  return finish(out, node, notes, plan, nullable, state);
}

/** An object that declares no properties but lets any key in. */
function isOpenObject(node: JsonSchemaObject, path: Path): boolean {
  const declared = Object.values(node.properties ?? {}).some((schema) => schema !== false);
  if (declared) return false;
  if (node.additionalProperties === false && node.patternProperties === undefined) return false;
  // A root that merely omits `additionalProperties` is a no-input activity, not a map.
  return (
    path.length > 0 ||
    node.additionalProperties !== undefined ||
    node.patternProperties !== undefined
  );
}

/** Applies nullability and the description with its notes. */
function finish(
  out: JsonSchemaObject,
  node: JsonSchemaObject,
  notes: readonly string[],
  plan: DecodePlan | undefined,
  nullable: boolean,
  state: State,
): Lowered {
  const description = withNotes(node.description, notes);
  const schema: JsonSchemaObject = { ...out };
  if (nullable && !acceptsNull(schema)) {
    if (state.profile.nullStyle === "nullable") {
      schema.nullable = true;
      if (Array.isArray(schema.enum)) schema.enum = schema.enum.filter((value) => value !== null);
    } else {
      return finishDescription(makeNullable(schema), description, plan);
    }
  }
  return finishDescription(schema, description, plan);
}

function finishDescription(
  schema: JsonSchemaObject,
  description: string | undefined,
  plan: DecodePlan | undefined,
): Lowered {
  if (description !== undefined) schema.description = description;
  else delete schema.description;
  return { schema, plan };
}

function lowerRef(node: JsonSchemaObject, path: Path, state: State, depth: number): Lowered {
  const ref = node.$ref as string;
  const { $ref: _ref, ...siblings } = node;
  if (state.stack.includes(ref)) {
    if (!state.profile.recursiveRefs) {
      throw new LoweringProblem(
        path,
        `recursive schema ("$ref": "${ref}" refers back to an enclosing schema), which this dialect cannot carry`,
      );
    }
    const def = recursiveDef(ref, state);
    const target = ref === "#" ? "#" : `#/$defs/${def.name}`;
    return { schema: { $ref: target }, plan: { kind: "ref", target: def.holder } };
  }
  const target = resolveLocalRef(state.root, ref);
  if (target === undefined) throw new LoweringProblem(path, `cannot resolve "$ref": "${ref}"`);
  const base: JsonSchemaObject = target === true ? {} : target === false ? { not: {} } : target;
  const merged = Object.keys(siblings).length === 0 ? base : mergeAll([base, siblings]);
  state.stack.push(ref);
  const result = lowerNode(merged, path, state, depth);
  const def = state.defs.get(ref);
  if (def !== undefined && def.schema === undefined) {
    const alone = merged === base ? result : lowerNode(base, path, state, depth);
    def.schema = alone.schema;
    def.holder.plan = alone.plan;
  }
  state.stack.pop();
  return result;
}

function recursiveDef(ref: string, state: State): RecursiveDef {
  let def = state.defs.get(ref);
  if (def === undefined) {
    const base = (ref.split("/").pop() ?? "def").replace(/[^A-Za-z0-9_.-]/g, "_") || "def";
    const taken = new Set([...state.defs.values()].map((known) => known.name));
    let name = base;
    for (let index = 2; taken.has(name); index++) name = `${base}_${index}`;
    def = { name, holder: { plan: undefined }, schema: undefined };
    state.defs.set(ref, def);
  }
  return def;
}

function lowerUnion(
  node: JsonSchemaObject,
  notes: string[],
  path: Path,
  state: State,
  depth: number,
): Lowered {
  const { profile } = state;
  const { anyOf, type, description: _description, ...rest } = node;
  const raw = (anyOf as JsonSchema[]).map((branch) => {
    const object: JsonSchemaObject = branch === true ? {} : branch === false ? { not: {} } : branch;
    return type !== undefined &&
      object.type === undefined &&
      object.$ref === undefined &&
      object.anyOf === undefined
      ? { ...object, type }
      : object;
  });
  const nullIndex = raw.findIndex(
    (branch) => branch.type === "null" && Object.keys(branch).length === 1,
  );
  const useNullable = profile.nullStyle === "nullable" && nullIndex !== -1;
  const kept = useNullable ? raw.filter((_, index) => index !== nullIndex) : raw;
  const branches = kept.map((branch) => lowerNode(branch, path, state, depth));
  const out: JsonSchemaObject = {};
  if (type !== undefined && !profile.anyOfExcludesType) out.type = type;
  for (const keyword of ["properties", "required", "items", "enum", "const"]) {
    if (rest[keyword] !== undefined) notes.push(note(keyword, rest[keyword]));
  }
  lowerKeywords(rest, out, notes, profile);
  let plan: DecodePlan | undefined;
  if (branches.some((branch) => branch.plan !== undefined)) {
    plan = {
      kind: "union",
      branches: branches.map((branch) => branch.plan ?? identityFor(branch.schema)),
    };
  }
  if (branches.length === 1) {
    const only = branches[0] as Lowered;
    const merged: JsonSchemaObject = { ...only.schema, ...out };
    if (only.schema.description !== undefined && node.description === undefined) {
      notes.unshift(only.schema.description);
    }
    return finish(merged, node, notes, only.plan, useNullable, state);
  }
  out.anyOf = branches.map((branch) => branch.schema);
  return finish(out, node, notes, plan, useNullable, state);
}

function identityFor(schema: JsonSchemaObject): DecodePlan {
  return schema.type === "array"
    ? { kind: "array", items: undefined, prefix: [] }
    : { kind: "object", keys: new Map() };
}

function lowerOpenValue(
  node: JsonSchemaObject,
  notes: string[],
  path: Path,
  state: State,
  what: string,
  nullable: boolean,
): Lowered {
  const { profile } = state;
  if (profile.openValues === "keep") {
    const out: JsonSchemaObject = {};
    if (node.type !== undefined) out.type = node.type;
    if (node.additionalProperties !== undefined && profile.additionalProperties) {
      out.additionalProperties = lowerNode(
        node.additionalProperties,
        [...path, "*"],
        state,
        1,
      ).schema;
    }
    lowerKeywords(node, out, notes, profile);
    return finish(out, node, notes, undefined, nullable, state);
  }
  const extra = node.additionalProperties;
  const detail =
    typeof extra === "object" && extra !== null
      ? `; each value: ${JSON.stringify(extra).slice(0, 200)}`
      : "";
  notes.push(`${what}, sent as a JSON-encoded string${detail}`);
  return finish({ type: "string" }, node, notes, { kind: "json-string" }, nullable, state);
}

function lowerObject(
  node: JsonSchemaObject,
  notes: string[],
  path: Path,
  state: State,
  depth: number,
): Lowered {
  const { profile } = state;
  const properties = Object.entries(node.properties ?? {}).filter(([, schema]) => schema !== false);
  const extra = node.additionalProperties;
  const out: JsonSchemaObject = { type: "object" };
  const lowered: Record<string, JsonSchema> = {};
  const keys = new Map<string, KeyPlan>();
  const required = new Set(
    (node.required ?? []).filter((key) => properties.some(([name]) => name === key)),
  );
  const taken = new Set<string>();
  for (const [key, child] of properties) {
    const name = renameProperty(key, profile.propertyNames, taken);
    taken.add(name);
    state.properties += 1;
    if (state.properties > profile.limits.properties) {
      throw new LoweringProblem(
        path,
        `has more than ${profile.limits.properties} properties in all, the dialect's limit`,
      );
    }
    const result = lowerNode(child, [...path, key], state, depth + 1);
    let schema = result.schema;
    const synthetic = profile.allRequired && !required.has(key) && !acceptsNull(schema);
    if (synthetic) schema = makeNullable(schema);
    lowered[name] = schema;
    if (synthetic || name !== key || result.plan !== undefined) {
      keys.set(name, { key, syntheticNull: synthetic, plan: result.plan });
    }
  }
  out.properties = lowered;
  const names = Object.keys(lowered);
  out.required = profile.allRequired
    ? names
    : names.filter((name) => required.has((keys.get(name)?.key ?? name) as string));
  if (profile.closeObjects) {
    out.additionalProperties = false;
    if (typeof extra === "object" && extra !== null)
      notes.push(note("additionalProperties", extra));
  } else if (extra !== undefined) {
    if (profile.additionalProperties) {
      out.additionalProperties =
        typeof extra === "boolean"
          ? extra
          : lowerNode(extra, [...path, "*"], state, depth + 1).schema;
    } else if (extra !== false) {
      notes.push(note("additionalProperties", extra));
    }
  }
  return { schema: out, plan: keys.size > 0 ? { kind: "object", keys } : undefined };
}

function lowerArray(
  node: JsonSchemaObject,
  notes: string[],
  path: Path,
  state: State,
  depth: number,
): Lowered {
  const { profile } = state;
  const out: JsonSchemaObject = { type: "array" };
  const prefix = Array.isArray(node.prefixItems) ? (node.prefixItems as JsonSchema[]) : [];
  const prefixLowered = prefix.map((schema, index) =>
    lowerNode(schema, [...path, index], state, depth + 1),
  );
  const items = node.items;
  let itemsLowered: Lowered | undefined;
  if (items !== undefined && items !== false)
    itemsLowered = lowerNode(items, [...path, "*"], state, depth + 1);
  if (prefix.length > 0 && profile.keywords.has("prefixItems")) {
    out.prefixItems = prefixLowered.map((entry) => entry.schema);
    if (itemsLowered !== undefined) out.items = itemsLowered.schema;
    else if (items === false) out.items = false;
  } else {
    if (prefix.length > 0) notes.push(note("prefixItems", prefix));
    if (items === false) notes.push(note("items", false));
    const candidates = [...prefixLowered, ...(itemsLowered === undefined ? [] : [itemsLowered])];
    const distinct = candidates.filter(
      (entry, index) =>
        candidates.findIndex(
          (other) => JSON.stringify(other.schema) === JSON.stringify(entry.schema),
        ) === index,
    );
    if (distinct.length === 1) out.items = (distinct[0] as Lowered).schema;
    else if (distinct.length > 1) out.items = { anyOf: distinct.map((entry) => entry.schema) };
    else if (profile.arraysNeedItems) {
      itemsLowered = lowerNode({}, [...path, "*"], state, depth + 1);
      out.items = itemsLowered.schema;
    }
    if (distinct.length > 1) {
      itemsLowered = { schema: out.items as JsonSchemaObject, plan: undefined };
    }
  }
  const prefixPlans = prefixLowered.map((entry) => entry.plan);
  const plan =
    itemsLowered?.plan !== undefined || prefixPlans.some((entry) => entry !== undefined)
      ? { kind: "array" as const, items: itemsLowered?.plan, prefix: prefixPlans }
      : undefined;
  return { schema: out, plan };
}

function lowerEnum(
  values: readonly JsonValue[],
  path: Path,
  state: State,
): { values: JsonValue[]; plan: DecodePlan | undefined } {
  const { limits, enumValues } = state.profile;
  if (values.length > limits.enumValues) {
    throw new LoweringProblem(
      path,
      `has ${values.length} enum values; the dialect allows ${limits.enumValues}`,
    );
  }
  if (
    values.length > 250 &&
    values.reduce<number>((sum, value) => sum + String(value).length, 0) > limits.enumChars
  ) {
    throw new LoweringProblem(
      path,
      `has enum values longer than ${limits.enumChars} characters in all, the dialect's limit`,
    );
  }
  const rest = values.filter((value) => value !== null);
  if (enumValues === "any" || rest.every((value) => typeof value === "string")) {
    return { values: rest, plan: undefined };
  }
  const map = new Map<string, JsonValue>();
  for (const value of rest) {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    if (map.has(text)) {
      throw new LoweringProblem(
        path,
        `has enum values that read the same as strings (${text}), which this dialect needs`,
      );
    }
    map.set(text, value);
  }
  return {
    values: [...map.keys()],
    plan: {
      kind: "enum",
      values: new Map([...map].filter(([, value]) => typeof value !== "string")),
    },
  };
}

/** The JSON types a schema allows, inferred from its keywords when `type` is missing; `undefined` = anything. */
function typesOf(node: JsonSchemaObject): string[] | undefined {
  if (node.type !== undefined) return [...new Set([node.type].flat())];
  if (Array.isArray(node.enum)) return [...new Set(node.enum.map((value) => jsonTypeOf(value)))];
  if ("const" in node) return [jsonTypeOf(node.const)];
  if (
    node.properties !== undefined ||
    node.additionalProperties !== undefined ||
    node.required !== undefined
  ) {
    return ["object"];
  }
  if (node.items !== undefined || node.prefixItems !== undefined) return ["array"];
  return undefined;
}

const perType = new Map<string, string>([
  ["properties", "object"],
  ["required", "object"],
  ["additionalProperties", "object"],
  ["patternProperties", "object"],
  ["minProperties", "object"],
  ["maxProperties", "object"],
  ["items", "array"],
  ["prefixItems", "array"],
  ["minItems", "array"],
  ["maxItems", "array"],
  ["uniqueItems", "array"],
  ["minLength", "string"],
  ["maxLength", "string"],
  ["pattern", "string"],
  ["format", "string"],
  ["minimum", "number"],
  ["maximum", "number"],
  ["exclusiveMinimum", "number"],
  ["exclusiveMaximum", "number"],
  ["multipleOf", "number"],
]);

function pickFor(node: JsonSchemaObject, type: string): JsonSchemaObject {
  const out: JsonSchemaObject = {};
  const family = type === "integer" ? "number" : type;
  for (const [key, value] of Object.entries(node)) {
    if (perType.get(key) === family) out[key] = value;
  }
  return out;
}

function isConstraintOnly(branch: JsonSchema): boolean {
  if (typeof branch !== "object") return false;
  return ["type", "properties", "items", "enum", "const", "$ref", "anyOf", "oneOf", "allOf"].every(
    (key) => !(key in branch),
  );
}
