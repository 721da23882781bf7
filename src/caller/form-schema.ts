import { ToolConfigError } from "../errors/tool-config-error.js";
import type { JsonObject, JsonSchemaObject } from "../schema/json.js";
import {
  type NormalizedSchema,
  normalizeSchema,
  SchemaSourceError,
} from "../schema/normalize-schema.js";

/** @internal A form for `context.elicit`: what the caller is sent, and the validator of answers. */
export interface Form {
  readonly requestedSchema: JsonObject;
  readonly schema: NormalizedSchema;
}

const forms = new WeakMap<object, Form>();
const primitive = new Set(["string", "number", "integer", "boolean"]);

/**
 * @internal The form of a schema (zod, Standard Schema or JSON Schema), normalised once per schema
 * object. MCP forms are flat: each property a string (formats, lengths, enums, titled enums), number,
 * integer, boolean or an array of enum values (multi-select); anything else is a developer mistake,
 * `ToolConfigError` naming the property.
 */
export function formOf(source: unknown, toolName: string): Form {
  const cached = typeof source === "object" && source !== null ? forms.get(source) : undefined;
  if (cached !== undefined) return cached;
  let schema: NormalizedSchema;
  try {
    schema = normalizeSchema(source, { requireObject: true });
  } catch (error) {
    if (!(error instanceof SchemaSourceError)) throw error;
    throw new ToolConfigError({ toolName, option: "elicit", message: `the form ${error.message}` });
  }
  const properties: JsonObject = {};
  for (const [name, property] of Object.entries(schema.jsonSchema.properties ?? {})) {
    const problem = propertyProblem(property as JsonSchemaObject);
    if (problem !== undefined) {
      throw new ToolConfigError({
        toolName,
        option: "elicit",
        message: `form property "${name}" ${problem}: MCP forms hold strings, numbers, integers, booleans and enums`,
      });
    }
    properties[name] = property as JsonObject;
  }
  const required = schema.jsonSchema.required;
  const form: Form = {
    requestedSchema: {
      type: "object",
      properties,
      ...(Array.isArray(required) && required.length > 0 ? { required: [...required] } : {}),
    },
    schema,
  };
  if (typeof source === "object" && source !== null) forms.set(source, form);
  return form;
}

function propertyProblem(property: JsonSchemaObject): string | undefined {
  const { type } = property;
  if (typeof type === "string" && primitive.has(type)) return undefined;
  if (type === undefined && (Array.isArray(property.enum) || Array.isArray(property.oneOf))) {
    return undefined;
  }
  if (type === "array") {
    const items = (property.items ?? {}) as JsonSchemaObject;
    if (Array.isArray(items.enum) || Array.isArray(items.anyOf)) return undefined;
    return "is an array of something other than enum values";
  }
  return `has type ${JSON.stringify(type ?? null)}`;
}

/**
 * @internal An accepted form's content with the form's `default` for each field the person left out
 * (SEP-1034): content that is not an object is returned as it is, for validation to refuse.
 */
export function withDefaults(requestedSchema: JsonObject, content: unknown): unknown {
  const given = content ?? {};
  if (typeof given !== "object" || Array.isArray(given)) return given;
  const filled: Record<string, unknown> = { ...given };
  const properties = (requestedSchema.properties ?? {}) as Record<string, JsonSchemaObject>;
  for (const [name, property] of Object.entries(properties)) {
    if (filled[name] === undefined && property.default !== undefined) {
      filled[name] = structuredClone(property.default);
    }
  }
  return filled;
}
