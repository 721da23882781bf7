import type { JsonSchema, JsonSchemaObject, JsonValue } from "../schema/json.js";
import type { DecodePlan } from "./decode-plan.js";
import type { Path, State } from "./lowering-state.js";
import { jsonTypeOf, LoweringProblem } from "./schema-merge.js";

/** @internal An object that declares no properties but lets any key in. */
export function isOpenObject(node: JsonSchemaObject, path: Path): boolean {
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

/** @internal Enum values within the dialect's limits; stringified (and mapped back) where only strings are allowed. */
export function lowerEnum(
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

/** @internal The JSON types a schema allows, inferred from its keywords when `type` is missing; `undefined` = anything. */
export function typesOf(node: JsonSchemaObject): string[] | undefined {
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

/** @internal Which JSON type a keyword applies to. */
export const perType = new Map<string, string>([
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

/** @internal The keywords of `node` that apply to `type`. */
export function pickFor(node: JsonSchemaObject, type: string): JsonSchemaObject {
  const out: JsonSchemaObject = {};
  const family = type === "integer" ? "number" : type;
  for (const [key, value] of Object.entries(node)) {
    if (perType.get(key) === family) out[key] = value;
  }
  return out;
}

/** @internal A branch that only constrains (`{ required: [...] }`), with no shape of its own. */
export function isConstraintOnly(branch: JsonSchema): boolean {
  if (typeof branch !== "object") return false;
  return ["type", "properties", "items", "enum", "const", "$ref", "anyOf", "oneOf", "allOf"].every(
    (key) => !(key in branch),
  );
}
