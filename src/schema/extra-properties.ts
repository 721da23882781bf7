import { isPlainObject } from "../internal/clone-json.js";
import { describeSchema } from "./describe-schema.js";
import type { JsonSchemaObject } from "./json.js";
import { type NormalizedSchema, SchemaSourceError } from "./normalize-schema.js";
import type { ValidationIssue, ValidationResult } from "./validation-issue.js";

/**
 * @internal Adds required properties to an activity's input schema. Each extra property keeps its own
 * validator (zod or JSON Schema), so a zod base schema still validates with zod.
 */
export function withExtraProperties(
  base: NormalizedSchema,
  extras: ReadonlyMap<string, NormalizedSchema>,
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
  const jsonSchema: JsonSchemaObject = {
    ...base.jsonSchema,
    properties: {
      ...properties,
      ...Object.fromEntries([...extras].map(([key, schema]) => [key, schema.jsonSchema])),
    },
    required: [...(base.jsonSchema.required ?? []), ...extras.keys()],
  };
  return {
    kind: base.kind,
    jsonSchema,
    validate: (value) => {
      if (!isPlainObject(value)) return base.validate(value);
      const rest: Record<string, unknown> = { ...value };
      for (const key of extras.keys()) delete rest[key];
      const results = [
        base.validate(rest),
        ...[...extras].map(([key, schema]) => validateExtra(schema, value[key])),
      ];
      return results.some((result) => result instanceof Promise)
        ? Promise.all(results).then((settled) => combine(settled, [...extras.keys()]))
        : combine(results as ValidationResult[], [...extras.keys()]);
    },
  };
}

function validateExtra(
  schema: NormalizedSchema,
  value: unknown,
): ValidationResult | Promise<ValidationResult> {
  if (value === undefined) {
    return {
      ok: false,
      issues: [
        {
          path: [],
          expected: describeSchema(schema.jsonSchema),
          received: undefined,
          missing: true,
        },
      ],
    };
  }
  return schema.validate(value);
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
    value[keys[index] as string] = (result as { value: unknown }).value;
  });
  return { ok: true, value };
}
