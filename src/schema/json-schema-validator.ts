import type Ajv2020Module from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { loadOnUse } from "../internal/load-on-use.js";
import { describeEnum, describeSchema } from "./describe-schema.js";
import type { JsonSchema, JsonSchemaObject } from "./json.js";
import { needsSpecValidator, registerSpecResource, specValidator } from "./spec-validator.js";
import type { ValidationIssue, ValidationResult } from "./validation-issue.js";

// ajv (about 90 modules) is loaded with the first JSON Schema a tool uses: zod and Standard Schema
// tools never need it. It ships CommonJS; its `.default` is the class both at run time and in its typings.
const ajvModule = loadOnUse<typeof Ajv2020Module>("ajv/dist/2020.js");
const formatsModule = loadOnUse<typeof import("ajv-formats")>("ajv-formats");
type Ajv2020 = InstanceType<typeof Ajv2020Module.default>;

let shared: Ajv2020 | undefined;

function ajv(): Ajv2020 {
  if (shared === undefined) {
    const Ajv2020 = ajvModule().default;
    shared = new Ajv2020({ strict: false, allErrors: true, verbose: true, logger: false });
    formatsModule().default(shared);
  }
  return shared;
}

/** @internal Problems with a JSON Schema document against the 2020-12 meta-schema, or `undefined`. */
export function checkJsonSchema(schema: JsonSchema): string | undefined {
  const instance = ajv();
  if (instance.validateSchema(schema as object)) return undefined;
  return instance.errorsText(instance.errors, { dataVar: "schema" });
}

/**
 * @internal Registers a schema document under a URI so `$ref`s to it resolve; toolwright never fetches
 * a `$ref` over the network. The JSON-Schema-Test-Suite run registers its `remotes/` this way.
 */
export function registerSchemaResource(uri: string, schema: JsonSchema): void {
  ajv().addSchema(schema as object, uri);
  registerSpecResource(uri, schema);
}

/**
 * @internal A validator for a (2020-12) JSON Schema; compiled on first use. ajv (fast, precompiled)
 * unless the schema needs what only a specification-exact validator gets right.
 */
export function jsonSchemaValidator(
  schema: JsonSchema,
): (value: unknown) => ValidationResult | Promise<ValidationResult> {
  if (needsSpecValidator(schema)) return specValidator(schema);
  let compiled: ValidateFunction | undefined;
  return (value) => {
    if (compiled === undefined) {
      const instance = ajv();
      compiled = instance.compile(schema as object);
      // The validator keeps what it needs; dropping ajv's cache entry keeps dynamic schemas from leaking.
      if (typeof schema === "object") instance.removeSchema(schema);
    }
    if (compiled(value)) return { ok: true, value };
    return { ok: false, issues: ajvIssues(compiled.errors ?? []) };
  };
}

/** @internal Turns ajv's errors into issues, folding the noise of failed union branches into one issue. */
export function ajvIssues(errors: readonly ErrorObject[]): ValidationIssue[] {
  const unions = errors
    .filter((error) => error.keyword === "anyOf" || error.keyword === "oneOf")
    .map((error) => `${error.schemaPath}/`);
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    if (error.keyword === "if") continue;
    if (unions.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    issues.push(toIssue(error));
  }
  return issues;
}

function toIssue(error: ErrorObject): ValidationIssue {
  const path = pointerToPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const parent = error.parentSchema as JsonSchemaObject | undefined;
  switch (error.keyword) {
    case "required": {
      const missing = String(params.missingProperty);
      return {
        path: [...path, missing],
        expected: describeSchema(parent?.properties?.[missing]),
        received: undefined,
        missing: true,
      };
    }
    case "additionalProperties": {
      const extra = String(params.additionalProperty);
      const data = error.data as Record<string, unknown>;
      return { path: [...path, extra], expected: "no such property", received: data[extra] };
    }
    case "type":
      return { path, expected: [params.type].flat().join(" or "), received: error.data };
    case "enum":
      return {
        path,
        expected: describeEnum(params.allowedValues as unknown[]),
        received: error.data,
      };
    case "const":
      return { path, expected: JSON.stringify(params.allowedValue), received: error.data };
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return {
        path,
        expected: `number ${params.comparison} ${params.limit}`,
        received: error.data,
      };
    case "minLength":
      return {
        path,
        expected: `string of at least ${params.limit} characters`,
        received: error.data,
      };
    case "maxLength":
      return {
        path,
        expected: `string of at most ${params.limit} characters`,
        received: error.data,
      };
    case "minItems":
      return { path, expected: `array of at least ${params.limit} items`, received: error.data };
    case "maxItems":
      return { path, expected: `array of at most ${params.limit} items`, received: error.data };
    case "pattern":
      return { path, expected: `string matching /${params.pattern}/`, received: error.data };
    case "format":
      return { path, expected: `string in format ${params.format}`, received: error.data };
    case "anyOf":
    case "oneOf":
      return { path, expected: describeSchema(parent), received: error.data };
    default:
      return {
        path,
        expected: `a value that ${error.message ?? "matches the schema"}`,
        received: error.data,
      };
  }
}

function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => {
      const key = segment.replaceAll("~1", "/").replaceAll("~0", "~");
      return /^(0|[1-9]\d*)$/.test(key) ? Number(key) : key;
    });
}
