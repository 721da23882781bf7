import { bytesToBase64, toBytes } from "../internal/bytes.js";
import { aString } from "../internal/option-rules.js";
import type { JsonObject, JsonValue } from "../schema/json.js";
import { artifactOptionRules, checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";

/**
 * Options of a {@link BlobArtifact}.
 *
 * @example
 * ```ts
 * const options: BlobArtifactOptions = { mimeType: "application/pdf" };
 * ```
 */
export interface BlobArtifactOptions extends ArtifactOptions {
  /** Media type of the bytes; `application/octet-stream` by default. */
  mimeType?: string;
}

const optionRules = { ...artifactOptionRules, mimeType: aString };

/**
 * Raw bytes with a media type (a PDF, a zip …); its text is the bytes decoded as UTF-8.
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

  constructor(value: Uint8Array | ArrayBuffer | string, options: BlobArtifactOptions = {}) {
    checkArtifactOptions("BlobArtifact", options, optionRules);
    super(toBytes(value), options);
    this.mimeType = options.mimeType ?? "application/octet-stream";
  }

  /** The bytes in base64. */
  get base64(): string {
    return bytesToBase64(this.value);
  }

  toText(): string {
    return new TextDecoder().decode(this.value);
  }

  protected valueToJSON(): JsonValue {
    return this.base64;
  }

  protected override extraJSON(): JsonObject {
    return { mimeType: this.mimeType };
  }
}
