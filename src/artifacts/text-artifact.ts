import { aString } from "../internal/option-rules.js";
import type { JsonObject, JsonValue } from "../schema/json.js";
import { artifactOptionRules, checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";
import {
  type EncodingErrorHandler,
  type EncodingOptions,
  encodeText,
  encodingJSON,
  resolveEncoding,
} from "./text-encoding.js";

/**
 * Options of a {@link TextArtifact}: the common ones plus the encoding `toBytes()` uses.
 *
 * @example
 * ```ts
 * const options: TextArtifactOptions = { encoding: "latin-1", encodingErrorHandler: "replace" };
 * ```
 */
export interface TextArtifactOptions extends ArtifactOptions, EncodingOptions {}

const optionRules = { ...artifactOptionRules, encoding: aString, encodingErrorHandler: aString };

/**
 * Plain text produced by a tool; stored in Task Memory when the tool is off-prompt.
 *
 * @example
 * ```ts
 * new TextArtifact("25").toText(); // "25"
 * new TextArtifact("ß", { encoding: "ascii", encodingErrorHandler: "backslashreplace" }).toBytes(); // "\\xdf" as bytes
 * ```
 */
export class TextArtifact extends BaseArtifact<string> {
  readonly type = "TextArtifact";
  /** The encoding `toBytes()` uses: `utf-8` (default), `ascii` or `latin-1`. */
  readonly encoding: string;
  /** What `toBytes()` does with characters the encoding lacks; `strict` (throw) by default. */
  readonly encodingErrorHandler: EncodingErrorHandler;

  /** Non-string values are converted with `String()` (`1` → `"1"`). */
  constructor(value: string | number | boolean | bigint, options?: TextArtifactOptions) {
    checkArtifactOptions("TextArtifact", options, optionRules);
    super(String(value), options);
    const resolved = resolveEncoding(options, "strict", "encode");
    this.encoding = resolved.encoding;
    this.encodingErrorHandler = resolved.encodingErrorHandler;
  }

  /** The text in `encoding`; a character it lacks throws an `ArtifactError` under `strict`. */
  override toBytes(): Uint8Array {
    return encodeText(this.value, this.encoding, this.encodingErrorHandler);
  }

  toText(): string {
    return this.value;
  }

  protected valueToJSON(): JsonValue {
    return this.value;
  }

  protected override extraJSON(): JsonObject {
    return encodingJSON(this, "strict");
  }
}
