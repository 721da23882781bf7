import { isPlainObject } from "../internal/clone-json.js";
import type { JsonSchemaObject } from "./json.js";
import { checkJsonSchema, jsonSchemaValidator } from "./json-schema-validator.js";
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "./standard-schema.js";
import { standardValidator } from "./standard-schema-validator.js";
import { isLegacyDraft, upgradeToDraft2020 } from "./upgrade-draft.js";
import type { ValidationResult } from "./validation-issue.js";
import { isZodSchema, zodToJsonSchema, zodValidator } from "./zod-schema.js";

/**
 * A schema as users give it: zod v4, any Standard Schema that can emit JSON Schema, or a JSON Schema object.
 *
 * @example
 * ```ts
 * const a: SchemaSource = z.object({ q: z.string() });
 * const b: SchemaSource = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
 * ```
 */
export type SchemaSource = StandardSchemaV1 | StandardJSONSchemaV1 | JsonSchemaObject;

/**
 * The one internal shape every schema is turned into: its JSON Schema (2020-12, no `$schema`) and a
 * validator that returns the value the method receives.
 *
 * @example
 * ```ts
 * const schema = normalizeSchema(z.object({ q: z.string() }), { requireObject: true });
 * await schema.validate({ q: "x" }); // { ok: true, value: { q: "x" } }
 * ```
 */
export interface NormalizedSchema {
  readonly kind: "zod" | "standard" | "json-schema" | "none";
  readonly jsonSchema: JsonSchemaObject;
  validate(value: unknown): ValidationResult | Promise<ValidationResult>;
}

/** @internal Why a schema source could not be normalised; callers wrap it in their own typed error. */
export class SchemaSourceError extends Error {}

/** @internal The schema of an activity that takes no input. */
export function emptyInputSchema(): NormalizedSchema {
  const jsonSchema: JsonSchemaObject = {
    type: "object",
    properties: {},
    required: [],
    additionalProperties: false,
  };
  return {
    kind: "none",
    jsonSchema,
    validate: (value) =>
      isPlainObject(value)
        ? { ok: true, value: {} }
        : { ok: false, issues: [{ path: [], expected: "object", received: value }] },
  };
}

/**
 * @internal Normalises a schema source once. Throws {@link SchemaSourceError} for anything that is not
 * an accepted kind, cannot be expressed as JSON Schema, or (with `requireObject`) does not describe an object.
 */
export function normalizeSchema(
  source: unknown,
  options: { requireObject: boolean },
): NormalizedSchema {
  let normalized: NormalizedSchema;
  if (isZodSchema(source)) {
    normalized = {
      kind: "zod",
      jsonSchema: convert(() => zodToJsonSchema(source), "zod"),
      validate: zodValidator(source),
    };
  } else if (isStandard(source)) {
    const converter = (source as unknown as Partial<StandardJSONSchemaV1>)["~standard"]?.jsonSchema;
    const vendor = source["~standard"].vendor;
    if (typeof converter?.input !== "function") {
      throw new SchemaSourceError(
        `is a Standard Schema (${vendor}) that cannot produce JSON Schema; use a library that implements Standard JSON Schema (zod 4, valibot, arktype) or pass a JSON Schema object`,
      );
    }
    const jsonSchema = convert(
      () => converter.input({ target: "draft-2020-12" }) as JsonSchemaObject,
      vendor,
    );
    normalized = {
      kind: "standard",
      jsonSchema: stripDialect(jsonSchema),
      validate: standardValidator(source),
    };
  } else if (isPlainObject(source)) {
    normalized = fromJsonSchema(source as JsonSchemaObject, options);
  } else {
    throw new SchemaSourceError(
      `must be a zod schema, a Standard Schema that can produce JSON Schema, or a JSON Schema object; got ${describeKind(source)}`,
    );
  }
  if (options.requireObject) normalized = requireObjectRoot(normalized);
  return normalized;
}

function fromJsonSchema(
  source: JsonSchemaObject,
  options: { requireObject: boolean },
): NormalizedSchema {
  if (options.requireObject && source.type !== "object") {
    throw new SchemaSourceError(
      `as a JSON Schema must have \`type: "object"\` at its root; got ${JSON.stringify(source.type ?? null)}`,
    );
  }
  const upgraded = isLegacyDraft(source) ? upgradeToDraft2020(source) : stripDialect(source);
  const problem = checkJsonSchema(upgraded);
  if (problem !== undefined) throw new SchemaSourceError(`is not a valid JSON Schema: ${problem}`);
  return { kind: "json-schema", jsonSchema: upgraded, validate: jsonSchemaValidator(upgraded) };
}

function requireObjectRoot(schema: NormalizedSchema): NormalizedSchema {
  const root = schema.jsonSchema;
  if (root.type === "object") return schema;
  const branches = root.anyOf ?? root.oneOf ?? root.allOf;
  const allObjects =
    root.type === undefined &&
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every(
      (branch) => typeof branch === "object" && branch !== null && branch.type === "object",
    );
  if (allObjects) return { ...schema, jsonSchema: { type: "object", ...root } };
  throw new SchemaSourceError(
    `must describe an object (tool input is always a JSON object); got a schema of type ${JSON.stringify(root.type ?? "unknown")}`,
  );
}

function convert(run: () => JsonSchemaObject, vendor: string): JsonSchemaObject {
  try {
    return run();
  } catch (error) {
    throw new SchemaSourceError(
      `cannot be expressed as JSON Schema (${vendor}): ${(error as Error).message}`,
      { cause: error },
    );
  }
}

function stripDialect(schema: JsonSchemaObject): JsonSchemaObject {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

function isStandard(value: unknown): value is StandardSchemaV1 {
  if (typeof value !== "object" && typeof value !== "function") return false;
  if (value === null) return false;
  const props = (value as { "~standard"?: { version?: unknown } })["~standard"];
  return typeof props === "object" && props !== null && props.version === 1;
}

function describeKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object")
    return `an instance of ${value.constructor?.name ?? "an unknown class"}`;
  return `a ${typeof value}`;
}
