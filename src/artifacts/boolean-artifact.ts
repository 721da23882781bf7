import { ArtifactError } from "../errors/artifact-error.js";
import { describeReceived } from "../internal/describe-value.js";
import type { JsonValue } from "../schema/json.js";
import { checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";

/**
 * A yes/no result; its text is `"true"` or `"false"`.
 *
 * @example
 * ```ts
 * BooleanArtifact.parse("False").value; // false
 * ```
 */
export class BooleanArtifact extends BaseArtifact<boolean> {
  readonly type = "BooleanArtifact";

  constructor(value: boolean, options?: ArtifactOptions) {
    checkArtifactOptions("BooleanArtifact", options);
    super(Boolean(value), options);
  }

  /**
   * Griptape's `parse_bool`: a boolean as it is, `"true"` / `"false"` in any case (surrounding
   * whitespace ignored); anything else, `null` and numbers included, throws an `ArtifactError`.
   *
   * @example
   * ```ts
   * BooleanArtifact.parse("TRUE").value; // true
   * BooleanArtifact.parse(false).value; // false
   * ```
   */
  static parse(value: string | boolean, options?: ArtifactOptions): BooleanArtifact {
    if (typeof value === "boolean") return new BooleanArtifact(value, options);
    const folded = typeof value === "string" ? value.trim().toLowerCase() : undefined;
    if (folded === "true") return new BooleanArtifact(true, options);
    if (folded === "false") return new BooleanArtifact(false, options);
    throw new ArtifactError({
      path: "$.value",
      message: `cannot parse ${describeReceived(value)} as a boolean; expected true, false, "true" or "false"`,
    });
  }

  toText(): string {
    return this.value ? "true" : "false";
  }

  protected valueToJSON(): JsonValue {
    return this.value;
  }
}
