import type { JsonSchemaObject } from "../schema/json.js";

/** @internal The bounds of a number, as keywords. */
export const numberBounds: readonly string[] = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
];

/** @internal Validation keywords: when a dialect cannot carry one it moves into the description. */
export const constraintKeywords: ReadonlySet<string> = new Set([
  "pattern",
  "minLength",
  "maxLength",
  ...numberBounds,
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "minProperties",
  "maxProperties",
  "propertyNames",
  "patternProperties",
  "dependentRequired",
  "dependentSchemas",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedProperties",
  "unevaluatedItems",
  "format",
  "default",
]);

const maxNoteLength = 200;

/** @internal `minimum: 1` / `pattern: "^a"`: one dropped keyword, in the Anthropic SDK's `{key: value}` style. */
export function note(keyword: string, value: unknown): string {
  let text = JSON.stringify(value) ?? String(value);
  if (text.length > maxNoteLength) text = `${text.slice(0, maxNoteLength - 1)}…`;
  return `${keyword}: ${text}`;
}

/** @internal A description with the notes appended; `undefined` when both are empty. */
export function withNotes(description: unknown, notes: readonly string[]): string | undefined {
  const text = typeof description === "string" && description !== "" ? description : undefined;
  if (notes.length === 0) return text;
  const block = `{${notes.join(", ")}}`;
  return text === undefined ? block : `${text}\n\n${block}`;
}

/** @internal True when a lowered schema lets `null` through. */
export function acceptsNull(schema: JsonSchemaObject): boolean {
  if (schema.nullable === true) return true;
  if (Array.isArray(schema.anyOf)) {
    return schema.anyOf.some((branch) => typeof branch === "object" && acceptsNull(branch));
  }
  if (schema.$ref !== undefined) return false;
  if ("const" in schema) return schema.const === null;
  const type = schema.type;
  if (type === undefined) return schema.enum === undefined || schema.enum.includes(null);
  const types = [type].flat();
  if (!types.includes("null")) return false;
  return schema.enum === undefined || schema.enum.includes(null);
}

/** @internal The same schema, also accepting `null` (strict OpenAI's way of writing "optional"). */
export function makeNullable(schema: JsonSchemaObject): JsonSchemaObject {
  const plain = schema.$ref === undefined && !("const" in schema);
  if (plain && Array.isArray(schema.anyOf)) {
    return { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  }
  if (plain && schema.type !== undefined) {
    const out: JsonSchemaObject = { ...schema, type: [...[schema.type].flat(), "null"] };
    if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
    return out;
  }
  const { description, ...rest } = schema;
  const wrapped: JsonSchemaObject = { anyOf: [rest, { type: "null" }] };
  if (description !== undefined) wrapped.description = description;
  return wrapped;
}
