import type { $ZodIssue, $ZodType } from "zod/v4/core";
import { loadOnUse } from "../internal/load-on-use.js";
import { describeEnum } from "./describe-schema.js";
import type { JsonSchemaObject } from "./json.js";
import type { ValidationIssue, ValidationResult } from "./validation-issue.js";
import { transformSchema } from "./walk-schema.js";

// The core never imports zod itself (about 90 modules): a user's zod schema carries what toolwright
// needs — zod classic its own JSON Schema converter (`~standard.jsonSchema`), classic and mini their
// `safeParse` methods. Only zod mini's JSON Schema needs zod's converter, loaded then.
const zodCore = loadOnUse<typeof import("zod/v4/core")>("zod/v4/core");

/** The methods classic and mini schemas share; what validation calls. */
interface ZodParser {
  safeParse(value: unknown, params?: { reportInput?: boolean }): ZodParseResult;
  safeParseAsync(value: unknown, params?: { reportInput?: boolean }): Promise<ZodParseResult>;
}
type ZodParseResult =
  | { success: true; data: unknown }
  | { success: false; error: { issues: $ZodIssue[] } };

interface ZodJsonSchemaMethods {
  jsonSchema?: {
    input(options: { target: string; libraryOptions?: Record<string, unknown> }): unknown;
  };
}

/** @internal True for a zod v4 schema (classic or mini). */
export function isZodSchema(value: unknown): value is $ZodType {
  if (typeof value !== "object" || value === null || !("_zod" in value)) return false;
  const internals = (value as { _zod?: { version?: { major?: unknown } } })._zod;
  return internals?.version?.major === 4;
}

/**
 * @internal The JSON Schema of what a model must send (zod's input side), with objects that zod would
 * strip marked closed and zod's safe-integer bounds removed (noise in every prompt).
 */
export function zodToJsonSchema(schema: $ZodType): JsonSchemaObject {
  const standard = (schema as { "~standard"?: ZodJsonSchemaMethods })["~standard"];
  const raw = (
    typeof standard?.jsonSchema?.input === "function"
      ? standard.jsonSchema.input({
          target: "draft-2020-12",
          libraryOptions: { unrepresentable: "throw" },
        })
      : zodCore().toJSONSchema(schema, {
          io: "input",
          target: "draft-2020-12",
          unrepresentable: "throw",
        })
  ) as JsonSchemaObject;
  const cleaned = transformSchema(raw, (node) => {
    const out: JsonSchemaObject = { ...node };
    if (
      out.type === "object" &&
      out.properties !== undefined &&
      out.additionalProperties === undefined
    ) {
      out.additionalProperties = false;
    }
    if (out.type === "integer") {
      if (out.maximum === Number.MAX_SAFE_INTEGER) delete out.maximum;
      if (out.minimum === Number.MIN_SAFE_INTEGER) delete out.minimum;
    }
    return out;
  }) as JsonSchemaObject;
  const { $schema: _dialect, ...rest } = cleaned;
  return rest;
}

/**
 * @internal When zod's compiler takes over from its runtime parser: after `after` validations of one
 * schema. `compiled` counts the schemas compiled so far; `load` loads zod's core. Tests read the
 * count, lower `after` and replace `load`.
 */
export const zodCompileTier = { after: 1000, compiled: 0, load: zodCore };

/** @internal Validation through zod itself, synchronous unless the schema has async refinements. */
export function zodValidator(
  schema: $ZodType,
): (value: unknown) => ValidationResult | Promise<ValidationResult> {
  let parser = schema as unknown as ZodParser;
  let compiled = false;
  let runs = 0;
  let isAsync = false;
  return (value) => {
    if (!isAsync) {
      if (++runs === zodCompileTier.after) {
        const clone = compileZodSchema(schema);
        if (clone !== undefined) {
          parser = clone as unknown as ZodParser;
          compiled = true;
        }
      }
      try {
        if (compiled) {
          // The compiled parser answers a valid input; it hands the rest to the runtime parser itself,
          // with the context, so one call gives the issues with the values they refused.
          const result = parser.safeParse(value, { reportInput: true });
          return result.success
            ? { ok: true, value: result.data }
            : { ok: false, issues: zodIssues(result.error.issues) };
        }
        // Without a context first: zod copies any context it is given, on every parse. Only a failing
        // input is parsed again, to have each issue carry the value it refused.
        const result = parser.safeParse(value);
        if (result.success) return { ok: true, value: result.data };
        const reported = parser.safeParse(value, { reportInput: true });
        return reported.success
          ? { ok: true, value: reported.data }
          : { ok: false, issues: zodIssues(reported.error.issues) };
      } catch (error) {
        if (!isZodAsyncError(error)) throw error;
        isAsync = true;
      }
    }
    return parser
      .safeParseAsync(value, { reportInput: true })
      .then((result) =>
        result.success
          ? { ok: true, value: result.data }
          : { ok: false, issues: zodIssues(result.error.issues) },
      );
  };
}

// zod ≥ 4.6 compiles a schema ahead of time (`compile()`): a generated parser runs first and hands any
// input it rejects to zod's own runtime parser, so results and error messages stay zod's. On a valid
// input it is several times faster than the runtime parser, but compiling costs a millisecond or two,
// as much as a thousand runtime parses: so only a schema that has validated many calls (a busy server's
// tool, not a one-shot script's) is compiled, the way a JIT tiers hot code.
function compileZodSchema(schema: $ZodType): $ZodType | undefined {
  let core: ReturnType<typeof zodCore>;
  try {
    core = zodCompileTier.load();
  } catch {
    // A bundle without zod's files beside it (docs/entry-points.md): the runtime parser serves on.
    return undefined;
  }
  if (typeof core.compile !== "function" || core.globalConfig.jitless === true) return undefined;
  // The compiler reads a schema's internals: the schema's zod and the one loaded here must be one
  // release. (A user's own copy of another version keeps its runtime parser.)
  const own = core.version;
  const theirs = schema._zod.version;
  if (own.major !== theirs.major || own.minor !== theirs.minor || own.patch !== theirs.patch) {
    return undefined;
  }
  // A schema zod cannot compile (recursive, async checks, no `new Function`) comes back as it is;
  // `compile` is documented not to throw, and a failure here must not fail the call either.
  let clone: $ZodType;
  try {
    clone = core.compile(schema);
  } catch {
    return undefined;
  }
  if (clone === schema) return undefined;
  zodCompileTier.compiled++;
  return clone;
}

// zod's `$ZodAsyncError` class belongs to the user's copy of zod, which the core does not import; its
// message is stable across zod 4 releases.
function isZodAsyncError(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.message.startsWith("Encountered Promise during synchronous parse")
  );
}

function zodIssues(issues: readonly $ZodIssue[]): ValidationIssue[] {
  return issues.flatMap((issue) => zodIssue(issue, []));
}

function zodIssue(issue: $ZodIssue, prefix: readonly (string | number)[]): ValidationIssue[] {
  const path = [
    ...prefix,
    ...issue.path.map((key) => (typeof key === "number" ? key : String(key))),
  ];
  const received = issue.input;
  switch (issue.code) {
    case "invalid_type":
      return [{ path, expected: issue.expected, received, missing: received === undefined }];
    case "too_small":
    case "too_big":
      return [{ path, expected: describeBound(issue), received }];
    case "invalid_value":
      return [{ path, expected: describeEnum(issue.values), received }];
    case "invalid_format":
      return [
        {
          path,
          expected:
            issue.format === "regex" && "pattern" in issue
              ? `string matching ${String(issue.pattern)}`
              : `string in format ${issue.format}`,
          received,
        },
      ];
    case "not_multiple_of":
      return [{ path, expected: `a multiple of ${String(issue.divisor)}`, received }];
    case "unrecognized_keys":
      return issue.keys.map((key) => ({
        path: [...path, key],
        expected: "no such property",
        received: undefined,
      }));
    case "invalid_union":
      return [{ path, expected: describeUnion(issue.errors), received }];
    case "invalid_key":
    case "invalid_element":
      return issue.issues.flatMap((inner) => zodIssue(inner, path));
    default:
      return [{ path, expected: "a valid value", message: issue.message, received }];
  }
}

function describeBound(issue: Extract<$ZodIssue, { code: "too_small" | "too_big" }>): string {
  const small = issue.code === "too_small";
  const limit = String(small ? issue.minimum : issue.maximum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case "string":
      return `string of ${small ? "at least" : "at most"} ${limit} characters`;
    case "array":
    case "set":
      return `array of ${small ? "at least" : "at most"} ${limit} items`;
    default: {
      const comparison = small ? (inclusive ? ">=" : ">") : inclusive ? "<=" : "<";
      return `${issue.origin === "bigint" ? "integer" : "number"} ${comparison} ${limit}`;
    }
  }
}

function describeUnion(branches: readonly (readonly $ZodIssue[])[]): string {
  const wanted = new Set<string>();
  for (const branch of branches) {
    const first = branch[0];
    if (first?.code === "invalid_type" && first.path.length === 0) wanted.add(first.expected);
    else if (first?.code === "invalid_value" && first.path.length === 0)
      wanted.add(describeEnum(first.values));
    else return `a value matching one of ${branches.length} allowed shapes`;
  }
  return [...wanted].join(" or ");
}
