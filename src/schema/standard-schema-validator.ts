import { valueAt } from "../internal/json-path.js";
import type { StandardResult, StandardSchemaV1 } from "./standard-schema.js";
import type { ValidationIssue, ValidationResult } from "./validation-issue.js";

/** @internal Validation through a Standard Schema's own `~standard.validate`. */
export function standardValidator(
  schema: StandardSchemaV1,
): (value: unknown) => ValidationResult | Promise<ValidationResult> {
  return (value) => {
    const result = schema["~standard"].validate(value);
    return result instanceof Promise
      ? result.then((settled) => toResult(settled, value))
      : toResult(result, value);
  };
}

function toResult(result: StandardResult<unknown>, input: unknown): ValidationResult {
  if (result.issues === undefined) return { ok: true, value: result.value };
  const issues: ValidationIssue[] = result.issues.map((issue) => {
    const path = (issue.path ?? []).map((segment) => {
      const key = typeof segment === "object" && segment !== null ? segment.key : segment;
      return typeof key === "number" ? key : String(key);
    });
    const received = valueAt(input, path);
    return {
      path,
      expected: "a valid value",
      message: issue.message,
      received,
      missing: received === undefined,
    };
  });
  return { ok: false, issues };
}
