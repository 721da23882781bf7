import type { JsonSchema, JsonSchemaObject, JsonValue } from "../schema/json.js";
import { resolveLocalRef } from "../schema/walk-schema.js";
import type { SchemaProfile } from "./capabilities.js";
import { type DecodePlan, objectPlan } from "./decode-plan.js";
import { lowerArray, lowerObject } from "./lower-containers.js";
import { lowerKeywords } from "./lower-keywords.js";
import {
  isConstraintOnly,
  isOpenObject,
  lowerEnum,
  perType,
  pickFor,
  typesOf,
} from "./lower-values.js";
import {
  finish,
  type Lowered,
  type Path,
  type RecursiveDef,
  type Site,
  type State,
} from "./lowering-state.js";
import { LoweringProblem, mergeAll, mergeUnion, resolveShallow } from "./schema-merge.js";
import { note } from "./schema-notes.js";

/** @internal A schema lowered for one dialect, and how to undo the lowering on the model's values. */
export interface LoweredSchema {
  readonly schema: JsonSchemaObject;
  readonly plan: DecodePlan | undefined;
  /** What the root could not carry, for the tool's description. */
  readonly notes: readonly string[];
}

const combinators = ["anyOf", "oneOf", "allOf"] as const;

/**
 * @internal Rewrites an activity's input schema into what a dialect accepts (see `SchemaProfile`).
 * Throws {@link LoweringProblem} for what no rewrite can express.
 */
export function lowerSchema(schema: JsonSchemaObject, profile: SchemaProfile): LoweredSchema {
  if (profile.lowering === "none") return { schema, plan: undefined, notes: [] };
  const state: State = {
    profile,
    root: schema,
    stack: ["#"],
    defs: new Map(),
    properties: 0,
    lower: (child, path, depth) => lowerNode(child, path, state, depth),
  };
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
  const site: Site = { notes, path, state, depth };
  if (Array.isArray(node.anyOf) && node.anyOf.every(isConstraintOnly)) {
    notes.push(note("anyOf", node.anyOf));
    delete node.anyOf;
  }
  if (Array.isArray(node.anyOf)) return lowerUnion(node, site);
  let types = typesOf(node);
  if (types === undefined) return lowerOpenValue(node, site, "any JSON value", false);
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
    return lowerUnion(union, site);
  }
  if (nonNull.length === 1 && nonNull[0] === "object" && isOpenObject(node, path)) {
    if (path.length > 0 || profile.openValues === "keep") {
      return lowerOpenValue({ ...node, type: "object" }, site, "a JSON object", nullable);
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
    const object = lowerObject(node, site);
    Object.assign(out, object.schema);
    plan = object.plan;
  } else if (nonNull.includes("array")) {
    const array = lowerArray(node, site);
    Object.assign(out, array.schema);
    plan = array.plan;
  }
  out.type =
    nonNull.length === 0 ? "null" : nonNull.length === 1 ? (nonNull[0] as string) : nonNull;
  if ("const" in node) out.const = node.const;
  lowerKeywords(node, out, notes, profile);
  return finish(out, node, notes, plan, nullable, state);
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

function lowerUnion(node: JsonSchemaObject, site: Site): Lowered {
  const { notes, path, state, depth } = site;
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
    : objectPlan(new Map());
}

function lowerOpenValue(
  node: JsonSchemaObject,
  { notes, path, state }: Site,
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
