import { isPlainObject } from "../internal/clone-json.js";
import { describeSchema } from "./describe-schema.js";
import type { JsonSchemaObject } from "./json.js";
import {
  type NormalizedSchema,
  normalizeSchema,
  type SchemaSource,
  SchemaSourceError,
} from "./normalize-schema.js";
import { isOptionalProperty, type OptionalProperty } from "./optional-property.js";
import type { ValidationIssue, ValidationResult } from "./validation-issue.js";

/**
 * @internal One extra input property: its schema, and whether the model may leave it out (an
 * `optional()` marker, or a Standard Schema such as `z.string().optional()` that accepts `undefined`).
 */
export interface ExtraProperty {
  readonly schema: NormalizedSchema;
  readonly optional: boolean;
}

/** @internal Normalises one `extraSchemaProperties` entry; throws `SchemaSourceError` for a bad one. */
export function extraProperty(source: SchemaSource | OptionalProperty): ExtraProperty {
  if (isOptionalProperty(source)) {
    return { schema: normalizeSchema(source.schema, { requireObject: false }), optional: true };
  }
  return {
    schema: normalizeSchema(source, { requireObject: false }),
    optional: acceptsUndefined(source),
  };
}

// A Standard Schema says itself whether a missing value is fine (zod's `.optional()`, `.default()`);
// JSON Schema has no word for it, hence `optional()`.
function acceptsUndefined(source: SchemaSource): boolean {
  const standard = (source as { "~standard"?: { validate?: unknown } })["~standard"];
  if (typeof standard?.validate !== "function") return false;
  try {
    const result: unknown = standard.validate(undefined);
    return (
      typeof result === "object" &&
      result !== null &&
      !(result instanceof Promise) &&
      (result as { issues?: unknown }).issues === undefined
    );
  } catch {
    return false;
  }
}

/**
 * @internal Adds properties to an activity's input schema, required unless optional. Each extra
 * property keeps its own validator (zod or JSON Schema), so a zod base schema still validates with zod.
 */
export function withExtraProperties(
  base: NormalizedSchema,
  extras: ReadonlyMap<string, ExtraProperty>,
): NormalizedSchema {
  if (extras.size === 0) return base;
  const properties = base.jsonSchema.properties;
  if (properties === undefined) {
    throw new SchemaSourceError("can only extend an input schema that declares `properties`");
  }
  for (const key of extras.keys()) {
    if (Object.hasOwn(properties, key)) {
      throw new SchemaSourceError(
        `adds property "${key}", which the input schema already declares`,
      );
    }
  }
  const required = [...extras].filter(([, extra]) => !extra.optional).map(([key]) => key);
  const jsonSchema: JsonSchemaObject = {
    ...base.jsonSchema,
    properties: {
      ...properties,
      ...Object.fromEntries([...extras].map(([key, extra]) => [key, extra.schema.jsonSchema])),
    },
    required: [...(base.jsonSchema.required ?? []), ...required],
  };
  if (jsonSchema.required?.length === 0) delete jsonSchema.required;
  return {
    kind: base.kind,
    jsonSchema,
    validate: (value) => {
      if (!isPlainObject(value)) return base.validate(value);
      const rest: Record<string, unknown> = { ...value };
      for (const key of extras.keys()) delete rest[key];
      const results = [
        base.validate(rest),
        ...[...extras].map(([key, extra]) => validateExtra(extra, value[key])),
      ];
      return results.some((result) => result instanceof Promise)
        ? Promise.all(results).then((settled) => combine(settled, [...extras.keys()]))
        : combine(results as ValidationResult[], [...extras.keys()]);
    },
  };
}

function validateExtra(
  extra: ExtraProperty,
  value: unknown,
): ValidationResult | Promise<ValidationResult> {
  if (value === undefined) {
    // A Standard Schema that accepts nothing may fill in its default; a marked JSON Schema leaves it out.
    if (extra.optional) {
      return extra.schema.kind === "json-schema"
        ? { ok: true, value }
        : extra.schema.validate(value);
    }
    return {
      ok: false,
      issues: [
        {
          path: [],
          expected: describeSchema(extra.schema.jsonSchema),
          received: undefined,
          missing: true,
        },
      ],
    };
  }
  return extra.schema.validate(value);
}

function combine(results: readonly ValidationResult[], keys: readonly string[]): ValidationResult {
  const [base, ...extras] = results;
  const issues: ValidationIssue[] = [];
  if (base !== undefined && !base.ok) issues.push(...base.issues);
  extras.forEach((result, index) => {
    if (!result.ok) {
      const key = keys[index] as string;
      for (const issue of result.issues) issues.push({ ...issue, path: [key, ...issue.path] });
    }
  });
  if (issues.length > 0) return { ok: false, issues };
  const value: Record<string, unknown> = { ...((base as { value: object }).value ?? {}) };
  extras.forEach((result, index) => {
    const settled = (result as { value: unknown }).value;
    // An optional extra left out stays out (unless its schema filled in a default).
    if (settled !== undefined) value[keys[index] as string] = settled;
  });
  return { ok: true, value };
}
