import type { JsonSchema, JsonSchemaObject } from "../schema/json.js";

/**
 * Gemini's OpenAPI 3.0 `Schema` (the `parameters` field), as js-genai types it: upper-case types,
 * `nullable`, integer limits as strings.
 *
 * @example
 * ```ts
 * const schema: GeminiSchema = { type: "OBJECT", properties: { city: { type: "STRING" } }, required: ["city"] };
 * ```
 */
export interface GeminiSchema {
  type?: "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT" | "NULL";
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  items?: GeminiSchema;
  minItems?: string;
  maxItems?: string;
  minLength?: string;
  maxLength?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  minProperties?: string;
  maxProperties?: string;
  anyOf?: GeminiSchema[];
  default?: unknown;
}

// int64 fields travel as strings in proto JSON; js-genai types them so.
const int64Fields = new Set([
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "minProperties",
  "maxProperties",
]);

/** @internal Writes an already-lowered JSON Schema in Gemini's `Schema` vocabulary. */
export function toGeminiSchema(schema: JsonSchema): GeminiSchema {
  if (typeof schema !== "object") return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as JsonSchemaObject)) {
    if (key === "type" && typeof value === "string") out.type = value.toUpperCase();
    else if (key === "items") out.items = toGeminiSchema(value as JsonSchema);
    else if (key === "anyOf") out.anyOf = (value as JsonSchema[]).map(toGeminiSchema);
    else if (key === "properties" && Object.keys(value as object).length === 0) {
      // Gemini rejects an OBJECT with empty `properties`; leaving it out means the same here.
    } else if (key === "required" && (value as unknown[]).length === 0) {
      // nothing required: the default
    } else if (key === "properties") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, child]) => [
          name,
          toGeminiSchema(child),
        ]),
      );
    } else if (int64Fields.has(key)) out[key] = String(value);
    else out[key] = value;
  }
  return out as GeminiSchema;
}
