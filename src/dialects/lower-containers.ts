import type { JsonSchema, JsonSchemaObject } from "../schema/json.js";
import { type KeyPlan, objectPlan } from "./decode-plan.js";
import type { Lowered, Site } from "./lowering-state.js";
import { renameProperty } from "./property-names.js";
import { LoweringProblem } from "./schema-merge.js";
import { acceptsNull, makeNullable, note } from "./schema-notes.js";

/** @internal An object: properties renamed, made required-and-nullable or closed as the profile says. */
export function lowerObject(node: JsonSchemaObject, site: Site): Lowered {
  const { notes, path, state, depth } = site;
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
    const result = state.lower(child, [...path, key], depth + 1);
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
        typeof extra === "boolean" ? extra : state.lower(extra, [...path, "*"], depth + 1).schema;
    } else if (extra !== false) {
      notes.push(note("additionalProperties", extra));
    }
  }
  return { schema: out, plan: keys.size > 0 ? objectPlan(keys) : undefined };
}

/** @internal An array: `items`, and tuples (`prefixItems`) where the dialect has none. */
export function lowerArray(node: JsonSchemaObject, site: Site): Lowered {
  const { notes, path, state, depth } = site;
  const { profile } = state;
  const out: JsonSchemaObject = { type: "array" };
  const prefix = Array.isArray(node.prefixItems) ? (node.prefixItems as JsonSchema[]) : [];
  const prefixLowered = prefix.map((schema, index) =>
    state.lower(schema, [...path, index], depth + 1),
  );
  const items = node.items;
  let itemsLowered: Lowered | undefined;
  if (items !== undefined && items !== false)
    itemsLowered = state.lower(items, [...path, "*"], depth + 1);
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
      itemsLowered = state.lower({}, [...path, "*"], depth + 1);
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
