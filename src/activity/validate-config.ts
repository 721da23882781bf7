import { ActivityConfigError } from "../errors/activity-config-error.js";
import { isPlainObject } from "../internal/clone-json.js";
import { timeLimit } from "../internal/option-rules.js";
import {
  type NormalizedSchema,
  normalizeSchema,
  SchemaSourceError,
} from "../schema/normalize-schema.js";
import { type ActivityAnnotations, annotationKeys } from "./activity-annotations.js";
import { activityNamePattern } from "./activity-name.js";
import type { ApprovalPredicate, RetryPolicy } from "./activity-policy.js";
import type { SchemaSlot } from "./activity-registry.js";
import { compileDescription, type DescriptionTemplate } from "./description-template.js";

const configKeys = [
  "description",
  "name",
  "schema",
  "annotations",
  "timeoutMs",
  "needsApproval",
  "retry",
  "finalAnswer",
  "outputSchema",
  "task",
] as const;

/** @internal The config after validation. */
export interface ValidatedConfig {
  name: string;
  description: string | ((tool: never) => string);
  template: DescriptionTemplate | undefined;
  schema: SchemaSlot;
  annotations: Readonly<ActivityAnnotations>;
  timeoutMs: number | null | undefined;
  needsApproval: boolean | ApprovalPredicate<never> | undefined;
  retry: RetryPolicy | undefined;
  finalAnswer: boolean;
  outputSchema: NormalizedSchema | undefined;
  task: "optional" | "required" | undefined;
}

/** @internal Checks an `@activity` config at class definition; every problem names the method and key. */
export function validateActivityConfig(config: unknown, methodName: string): ValidatedConfig {
  const fail = (key: string | undefined, message: string, cause?: unknown): never => {
    throw new ActivityConfigError({
      methodName,
      ...(key === undefined ? {} : { key }),
      message,
      ...(cause === undefined ? {} : { cause }),
    });
  };
  if (!isPlainObject(config))
    return fail(undefined, `the config must be an object; got ${typeof config}`);
  for (const key of Object.keys(config)) {
    if (!(configKeys as readonly string[]).includes(key)) {
      fail(key, `is not a config key; expected one of ${configKeys.join(", ")}`);
    }
  }

  const description = config.description;
  if (description === undefined) fail("description", "is required");
  if (typeof description !== "string" && typeof description !== "function") {
    fail(
      "description",
      `must be a string or a function (tool) => string; got ${typeof description}`,
    );
  }
  let template: DescriptionTemplate | undefined;
  if (typeof description === "string") {
    if (description.trim() === "") fail("description", "must not be empty");
    try {
      template = compileDescription(description);
    } catch (error) {
      fail("description", `is not a valid template: ${(error as Error).message}`, error);
    }
  }

  const name = config.name ?? methodName;
  if (typeof name !== "string" || !activityNamePattern.test(name)) {
    fail(
      config.name === undefined ? undefined : "name",
      `activity name ${JSON.stringify(name)} is invalid; use 1-128 letters, digits, "_", "." or "-"`,
    );
  }

  const annotations = validateAnnotations(config.annotations, fail);
  const needsApproval = config.needsApproval;
  if (
    needsApproval !== undefined &&
    typeof needsApproval !== "boolean" &&
    typeof needsApproval !== "function"
  ) {
    fail(
      "needsApproval",
      `must be a boolean or a function (input, context) => boolean; got ${typeof needsApproval}`,
    );
  }
  if (config.finalAnswer !== undefined && typeof config.finalAnswer !== "boolean") {
    fail("finalAnswer", `must be a boolean; got ${typeof config.finalAnswer}`);
  }
  return {
    name: name as string,
    description: description as ValidatedConfig["description"],
    template,
    schema: schemaSlot(config.schema, fail),
    annotations,
    timeoutMs: validateTimeout(config.timeoutMs, fail),
    needsApproval: needsApproval as ValidatedConfig["needsApproval"],
    retry: validateRetry(config.retry, annotations, fail),
    finalAnswer: config.finalAnswer === true,
    outputSchema: outputSchemaOf(config.outputSchema, fail),
    task: taskMode(config.task, fail),
  };
}

function validateRetry(
  value: unknown,
  annotations: Readonly<ActivityAnnotations>,
  fail: Fail,
): RetryPolicy | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value))
    return fail("retry", `must be { attempts, backoffMs? }; got ${typeof value}`);
  for (const key of Object.keys(value)) {
    if (key !== "attempts" && key !== "backoffMs")
      fail(`retry.${key}`, "is not a retry option; expected attempts, backoffMs");
  }
  const { attempts, backoffMs } = value as { attempts?: unknown; backoffMs?: unknown };
  if (typeof attempts !== "number" || !Number.isInteger(attempts) || attempts < 1) {
    fail("retry.attempts", `must be a whole number >= 1; got ${String(attempts)}`);
  }
  if (backoffMs !== undefined && (typeof backoffMs !== "number" || !(backoffMs >= 0))) {
    fail("retry.backoffMs", `must be a number of milliseconds >= 0; got ${String(backoffMs)}`);
  }
  if (annotations.idempotent !== true) {
    fail(
      "retry",
      "needs `annotations: { idempotent: true }`: only idempotent activities are retried",
    );
  }
  return Object.freeze({
    attempts: attempts as number,
    ...(backoffMs === undefined ? {} : { backoffMs: backoffMs as number }),
  });
}

type Fail = (key: string | undefined, message: string, cause?: unknown) => never;

function schemaSlot(schema: unknown, fail: Fail): SchemaSlot {
  if (schema === undefined || schema === null) return { kind: "none" };
  // A Standard Schema may itself be a function (arktype), so only a plain function is a schema factory.
  if (typeof schema === "function" && !("~standard" in schema)) {
    return { kind: "callable", factory: schema as (tool: never) => unknown };
  }
  try {
    return { kind: "static", schema: normalizeSchema(schema, { requireObject: true }) };
  } catch (error) {
    if (error instanceof SchemaSourceError) return fail("schema", error.message, error.cause);
    throw error;
  }
}

function validateAnnotations(value: unknown, fail: Fail): Readonly<ActivityAnnotations> {
  if (value === undefined) return Object.freeze({});
  if (!isPlainObject(value)) return fail("annotations", `must be an object; got ${typeof value}`);
  const annotations: ActivityAnnotations = {};
  for (const [key, flag] of Object.entries(value)) {
    if (!(annotationKeys as readonly string[]).includes(key)) {
      fail(
        `annotations.${key}`,
        `is not an annotation; expected one of ${annotationKeys.join(", ")}`,
      );
    }
    if (typeof flag !== "boolean")
      fail(`annotations.${key}`, `must be a boolean; got ${typeof flag}`);
    annotations[key as keyof ActivityAnnotations] = flag as boolean;
  }
  if (annotations.readOnly === true && annotations.destructive === true) {
    fail("annotations", "cannot be both readOnly and destructive");
  }
  return Object.freeze(annotations);
}

function validateTimeout(value: unknown, fail: Fail): number | null | undefined {
  if (value === undefined) return undefined;
  if (!timeLimit.test(value)) {
    return fail("timeoutMs", `must be ${timeLimit.expected}; got ${String(value)}`);
  }
  return value as number | null;
}

function outputSchemaOf(schema: unknown, fail: Fail): NormalizedSchema | undefined {
  if (schema === undefined) return undefined;
  try {
    return normalizeSchema(schema, { requireObject: true });
  } catch (error) {
    if (error instanceof SchemaSourceError) return fail("outputSchema", error.message, error.cause);
    throw error;
  }
}

function taskMode(value: unknown, fail: Fail): "optional" | "required" | undefined {
  if (value === undefined || value === "optional" || value === "required") return value;
  return fail("task", `must be "optional" or "required"; got ${JSON.stringify(value)}`);
}
