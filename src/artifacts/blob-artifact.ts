import { bytesToBase64 } from "../internal/bytes.js";
import { aString } from "../internal/option-rules.js";
import type { JsonObject, JsonValue } from "../schema/json.js";
import { artifactOptionRules, checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";
import { type BytesInput, bytesOf } from "./bytes-value.js";
import {
  decodeBytes,
  type EncodingErrorHandler,
  type EncodingOptions,
  encodingJSON,
  resolveEncoding,
} from "./text-encoding.js";

/**
 * Options of a {@link BlobArtifact}.
 *
 * @example
 * ```ts
 * const options: BlobArtifactOptions = { mimeType: "application/pdf" };
 * ```
 */
export interface BlobArtifactOptions extends ArtifactOptions, EncodingOptions {
  /** Media type of the bytes; `application/octet-stream` by default. */
  mimeType?: string;
}

const optionRules = {
  ...artifactOptionRules,
  mimeType: aString,
  encoding: aString,
  encodingErrorHandler: aString,
};

/**
 * Raw bytes with a media type (a PDF, a zip …); its text is the bytes decoded with `encoding`.
 * Text, numbers and booleans become the UTF-8 bytes of their text (`1` → the byte `"1"`).
 *
 * @example
 * ```ts
 * const blob = new BlobArtifact(new Uint8Array([104, 105]), { mimeType: "text/plain" });
 * blob.toText(); // "hi"
 * ```
 */
export class BlobArtifact extends BaseArtifact<Uint8Array> {
  readonly type = "BlobArtifact";
  readonly mimeType: string;
  /** The encoding `toText()` decodes with: `utf-8` by default, or any label `TextDecoder` knows. */
  readonly encoding: string;
  /** What `toText()` does with bytes the encoding rejects; `replace` (U+FFFD) by default. */
  readonly encodingErrorHandler: EncodingErrorHandler;

  constructor(value: BytesInput, options: BlobArtifactOptions = {}) {
    checkArtifactOptions("BlobArtifact", options, optionRules);
    super(bytesOf(value), options);
    this.mimeType = options.mimeType ?? "application/octet-stream";
    const resolved = resolveEncoding(options, "replace", "decode");
    this.encoding = resolved.encoding;
    this.encodingErrorHandler = resolved.encodingErrorHandler;
  }

  /** The bytes in base64. */
  get base64(): string {
    return bytesToBase64(this.value);
  }

  /** The bytes themselves. */
  override toBytes(): Uint8Array {
    return this.value;
  }

  /** The bytes decoded; under `strict`, bytes the encoding rejects throw an `ArtifactError`. */
  toText(): string {
    return decodeBytes(this.value, this.encoding, this.encodingErrorHandler);
  }

  protected valueToJSON(): JsonValue {
    return this.base64;
  }

  protected override extraJSON(): JsonObject {
    return { mimeType: this.mimeType, ...encodingJSON(this, "replace") };
  }
}
