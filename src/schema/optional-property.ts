import type { SchemaSource } from "./normalize-schema.js";

const marker = Symbol.for("toolwright.optional-property");

/**
 * An extra input property the model may leave out: Griptape's `Optional("key")`. A zod (or any
 * Standard Schema) source that accepts `undefined`, such as `z.string().optional()`, is optional
 * already; `optional()` says the same of a JSON Schema source, which has no way to.
 *
 * @example
 * ```ts
 * new SearchTool({ extraSchemaProperties: { search: { region: optional({ type: "string" }) } } });
 * ```
 */
export interface OptionalProperty {
  readonly [marker]: true;
  readonly schema: SchemaSource;
}

/**
 * Marks an extra input property as optional: added to the schema's `properties`, not to `required`.
 *
 * @example
 * ```ts
 * const extras = { search: { region: optional({ type: "string", enum: ["eu", "us"] }) } };
 * ```
 */
export function optional(schema: SchemaSource): OptionalProperty {
  return Object.freeze({ [marker]: true as const, schema });
}

/** @internal True for what {@link optional} returns. */
export function isOptionalProperty(value: unknown): value is OptionalProperty {
  return typeof value === "object" && value !== null && marker in value;
}
