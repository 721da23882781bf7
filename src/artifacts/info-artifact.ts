import type { JsonValue } from "../schema/json.js";
import { checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";

/**
 * A short message for the model (never moved off-prompt), such as a memory reference or a notice.
 *
 * @example
 * ```ts
 * new InfoArtifact("Tool returned an empty value");
 * ```
 */
export class InfoArtifact extends BaseArtifact<string> {
  readonly type = "InfoArtifact";

  /** Non-string values are converted with `String()` (`1` → `"1"`). */
  constructor(value: string | number | boolean | bigint, options?: ArtifactOptions) {
    checkArtifactOptions("InfoArtifact", options);
    super(String(value), options);
  }

  toText(): string {
    return this.value;
  }

  protected valueToJSON(): JsonValue {
    return this.value;
  }
}
