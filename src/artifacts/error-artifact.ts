import { anyValue, aString } from "../internal/option-rules.js";
import type { JsonObject, JsonValue } from "../schema/json.js";
import { artifactOptionRules, checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";

const optionRules = { ...artifactOptionRules, cause: anyValue, code: aString };

/**
 * What went wrong, where the model can see it and act on it: `ErrorArtifact`s always stay on-prompt.
 *
 * @example
 * ```ts
 * const artifact = new ErrorArtifact("error calculating: bad expression", { code: "activity_failed" });
 * ```
 */
export class ErrorArtifact extends BaseArtifact<string> {
  readonly type = "ErrorArtifact";
  /** The original error (or thrown value), kept for the developer; revived from JSON as an `Error`. */
  readonly cause: unknown;
  /** A machine-readable reason such as `invalid_input`, `unknown_activity`, `timeout`. */
  readonly code: string | undefined;

  constructor(
    value: string | number | boolean | bigint,
    options: ArtifactOptions & { cause?: unknown; code?: string } = {},
  ) {
    checkArtifactOptions("ErrorArtifact", options, optionRules);
    super(String(value), options);
    this.cause = options.cause;
    this.code = options.code;
  }

  toText(): string {
    return this.value;
  }

  protected valueToJSON(): JsonValue {
    return this.value;
  }

  protected override extraJSON(): JsonObject {
    const extra: JsonObject = {};
    if (this.code !== undefined) extra.code = this.code;
    if (this.cause !== undefined) extra.cause = causeToJSON(this.cause);
    return extra;
  }
}

function causeToJSON(cause: unknown): JsonValue {
  if (cause instanceof Error) {
    const json: JsonObject = { name: cause.name, message: cause.message };
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") json.code = code;
    return json;
  }
  try {
    const text = JSON.stringify(cause);
    return text === undefined ? String(cause) : (JSON.parse(text) as JsonValue);
  } catch {
    return String(cause);
  }
}
