import type { JsonValue } from "../schema/json.js";
import { checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";

/**
 * Plain text produced by a tool; stored in Task Memory when the tool is off-prompt.
 *
 * @example
 * ```ts
 * new TextArtifact("25").toText(); // "25"
 * ```
 */
export class TextArtifact extends BaseArtifact<string> {
  readonly type = "TextArtifact";

  /** Non-string values are converted with `String()` (`1` → `"1"`). */
  constructor(value: string | number | boolean | bigint, options?: ArtifactOptions) {
    checkArtifactOptions("TextArtifact", options);
    super(String(value), options);
  }

  toText(): string {
    return this.value;
  }

  protected valueToJSON(): JsonValue {
    return this.value;
  }
}
