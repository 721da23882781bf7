/**
 * A JSON value: what crosses the wire between toolwright and a model.
 *
 * @example
 * ```ts
 * const value: JsonValue = { city: "Paris", days: [1, 2] };
 * ```
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/**
 * A JSON object.
 *
 * @example
 * ```ts
 * const input: JsonObject = { expression: "2 + 2" };
 * ```
 */
export interface JsonObject {
  [key: string]: JsonValue;
}

/**
 * A JSON Schema document (draft 2020-12 unless its `$schema` says otherwise), or a boolean schema.
 *
 * @example
 * ```ts
 * const schema: JsonSchema = { type: "object", properties: { q: { type: "string" } } };
 * ```
 */
export type JsonSchema = JsonSchemaObject | boolean;

/**
 * A JSON Schema object; keywords are open-ended, the common ones are typed.
 *
 * @example
 * ```ts
 * const schema: JsonSchemaObject = { type: "string", enum: ["a", "b"] };
 * ```
 */
export interface JsonSchemaObject {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema;
  items?: JsonSchema;
  enum?: JsonValue[];
  const?: JsonValue;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: JsonValue;
  [keyword: string]: unknown;
}
