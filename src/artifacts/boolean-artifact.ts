import { ArtifactError } from "../errors/artifact-error.js";
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
   * Parses `"true"` / `"false"` in any case; any other text throws an `ArtifactError`.
   *
   * @example
   * ```ts
   * BooleanArtifact.parse("TRUE").value; // true
   * ```
   */
  static parse(text: string, options?: ArtifactOptions): BooleanArtifact {
    const folded = text.trim().toLowerCase();
    if (folded === "true") return new BooleanArtifact(true, options);
    if (folded === "false") return new BooleanArtifact(false, options);
    throw new ArtifactError({
      path: "$.value",
      message: `cannot parse ${JSON.stringify(text)} as a boolean; expected "true" or "false"`,
    });
  }

  toText(): string {
    return this.value ? "true" : "false";
  }

  protected valueToJSON(): JsonValue {
    return this.value;
  }
}
