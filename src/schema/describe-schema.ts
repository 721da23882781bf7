import type { JsonSchema } from "./json.js";

/** @internal What a schema wants, in a few words: `string`, `string or null`, `one of "a", "b"`. */
export function describeSchema(schema: JsonSchema | undefined): string {
  if (schema === undefined || schema === true) return "a value";
  if (schema === false) return "nothing (not allowed)";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return describeEnum(schema.enum);
  if (typeof schema.type === "string") return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return branches.map((branch) => describeSchema(branch)).join(" or ");
  if (schema.properties !== undefined) return "object";
  return "a value";
}

/** @internal `one of "a", "b", … (12 more)` within a small budget. */
export function describeEnum(values: readonly unknown[]): string {
  const shown: string[] = [];
  let length = 0;
  for (const value of values) {
    const text = JSON.stringify(value) ?? String(value);
    if (length + text.length > 160 && shown.length > 0) break;
    shown.push(text);
    length += text.length + 2;
  }
  const rest = values.length - shown.length;
  return `one of ${shown.join(", ")}${rest > 0 ? `, … (${rest} more)` : ""}`;
}
