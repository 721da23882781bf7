import type { JsonSchema, JsonSchemaObject } from "../schema/json.js";

/** @internal One function of the script API: its name, what it does, what it takes. */
export interface ApiFunction {
  /** The name in the script, a JavaScript identifier. */
  readonly name: string;
  /** The activity's native name in the toolbox. */
  readonly nativeName: string;
  readonly description: string;
  readonly schema: JsonSchemaObject;
}

// Deeper schemas are written `unknown` below this depth: the declarations stay small and the walk
// bounded on any schema (each node is visited once, so the text is linear in the schema).
const maxDepth = 8;
const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * @internal The TypeScript declaration of the `tools` object a script calls: one method per
 * activity, its input typed from the activity's JSON Schema, descriptions as doc comments.
 *
 * @example
 * ```ts
 * declarations([{ name: "Calc_add", description: "Adds.", schema: { type: "object", properties: { a: { type: "number" } } } }]);
 * // declare const tools: {\n  /** Adds. *\/\n  Calc_add(input: { a?: number }): Promise<any>;\n};
 * ```
 */
export function declarations(functions: readonly ApiFunction[]): string {
  const lines = ["declare const tools: {"];
  for (const fn of functions) {
    lines.push(...docComment(fn.description, "  "));
    const input = typeOf(fn.schema, 1, "  ");
    const optional = (fn.schema.required as unknown[] | undefined)?.length ? "" : "?";
    lines.push(`  ${propertyName(fn.name)}(input${optional}: ${input}): Promise<any>;`);
  }
  lines.push("};");
  return lines.join("\n");
}

function typeOf(schema: JsonSchema | undefined, depth: number, indent: string): string {
  if (schema === undefined || schema === true) return "unknown";
  if (schema === false) return "never";
  if (depth > maxDepth) return "unknown";
  if ("const" in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map(literal));
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) {
    return union(variants.map((variant) => typeOf(variant, depth + 1, indent)));
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  return union(types.map((type) => typeOfKind(schema, type as string | undefined, depth, indent)));
}

function typeOfKind(
  schema: JsonSchemaObject,
  type: string | undefined,
  depth: number,
  indent: string,
): string {
  switch (type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const items = schema.items as JsonSchema | undefined;
      const inner = typeOf(items, depth + 1, indent);
      return /[|&]/.test(inner) ? `(${inner})[]` : `${inner}[]`;
    }
    case "object":
      return objectType(schema, depth, indent);
    default:
      return schema.properties === undefined ? "unknown" : objectType(schema, depth, indent);
  }
}

function objectType(schema: JsonSchemaObject, depth: number, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(properties);
  if (names.length === 0) return "Record<string, unknown>";
  const inner = `${indent}  `;
  const lines = ["{"];
  for (const name of names) {
    const property = properties[name];
    const description =
      typeof property === "object" && typeof property.description === "string"
        ? property.description
        : "";
    lines.push(...docComment(description, inner));
    const mark = required.has(name) ? "" : "?";
    lines.push(`${inner}${propertyName(name)}${mark}: ${typeOf(property, depth + 1, inner)};`);
  }
  lines.push(`${indent}}`);
  return lines.join("\n");
}

function docComment(text: string, indent: string): string[] {
  const clean = text.trim().replaceAll("*/", "*\\/");
  if (clean === "") return [];
  const lines = clean.split(/\r?\n/);
  if (lines.length === 1) return [`${indent}/** ${clean} */`];
  return [`${indent}/**`, ...lines.map((line) => `${indent} * ${line}`.trimEnd()), `${indent} */`];
}

function propertyName(name: string): string {
  return identifier.test(name) ? name : JSON.stringify(name);
}

function literal(value: unknown): string {
  return value === null || ["string", "number", "boolean"].includes(typeof value)
    ? JSON.stringify(value)
    : "unknown";
}

function union(parts: readonly string[]): string {
  const unique = [...new Set(parts)];
  if (unique.includes("unknown")) return "unknown";
  return unique.length === 0 ? "never" : unique.join(" | ");
}
