import { ArtifactError } from "../errors/artifact-error.js";
import { copyJsonValue } from "../internal/copy-json-value.js";
import type { JsonValue } from "../schema/json.js";
import { checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";

/**
 * Structured output. A string value is parsed as JSON; other values are normalised to plain JSON.
 *
 * @example
 * ```ts
 * new JsonArtifact("123").value; // 123
 * new JsonArtifact({ a: 1 }).toText(); // '{"a":1}'
 * ```
 */
export class JsonArtifact extends BaseArtifact<JsonValue> {
  readonly type = "JsonArtifact";

  constructor(value: unknown, options?: ArtifactOptions) {
    checkArtifactOptions("JsonArtifact", options);
    super(toJsonValue(value), options);
  }

  toText(): string {
    return JSON.stringify(this.value);
  }

  protected valueToJSON(): JsonValue {
    return this.value;
  }
}

function toJsonValue(value: unknown): JsonValue {
  try {
    if (typeof value === "string") return JSON.parse(value) as JsonValue;
    // Most results are plain JSON already: copy them without printing and parsing them again.
    const copy = copyJsonValue(value);
    if (copy !== undefined) return copy;
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`${typeof value} has no JSON form`);
    return JSON.parse(text) as JsonValue;
  } catch (error) {
    throw new ArtifactError({
      path: "$.value",
      message: `JsonArtifact needs a JSON value: ${(error as Error).message}`,
      cause: error,
    });
  }
}
