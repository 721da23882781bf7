import { bytesToBase64 } from "../internal/bytes.js";
import { nonEmptyString, positiveNumber } from "../internal/option-rules.js";
import type { JsonObject, JsonValue } from "../schema/json.js";
import { artifactOptionRules, checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";
import { type BytesInput, bytesOf } from "./bytes-value.js";
import { defaultMediaName } from "./media-name.js";

const optionRules = {
  ...artifactOptionRules,
  format: nonEmptyString,
  width: positiveNumber,
  height: positiveNumber,
};

/**
 * Options of an {@link ImageArtifact}.
 *
 * @example
 * ```ts
 * const options: ImageArtifactOptions = { format: "png", width: 64, height: 64 };
 * ```
 */
export interface ImageArtifactOptions extends ArtifactOptions {
  /** Image format, such as `png`, `jpeg`, `webp`, `gif`. */
  format: string;
  width?: number;
  height?: number;
}

/**
 * An image; drivers send it to the model as an image block where the provider supports one.
 *
 * @example
 * ```ts
 * new ImageArtifact(pngBytes, { format: "png" }).toText(); // "Image, format: png, size: 26 bytes"
 * ```
 */
export class ImageArtifact extends BaseArtifact<Uint8Array> {
  readonly type = "ImageArtifact";
  readonly format: string;
  readonly width: number | undefined;
  readonly height: number | undefined;

  constructor(value: BytesInput, options: ImageArtifactOptions) {
    checkArtifactOptions("ImageArtifact", options, optionRules, ["format"]);
    super(bytesOf(value), options, defaultMediaName("image", options.format));
    this.format = options.format.toLowerCase();
    this.width = options.width;
    this.height = options.height;
  }

  /** `image/<format>` (`image/jpeg` for `jpg`). */
  get mimeType(): string {
    return `image/${this.format === "jpg" ? "jpeg" : this.format}`;
  }

  /** The bytes in base64. */
  get base64(): string {
    return bytesToBase64(this.value);
  }

  /** The bytes themselves. */
  override toBytes(): Uint8Array {
    return this.value;
  }

  toText(): string {
    return `Image, format: ${this.format}, size: ${this.value.byteLength} bytes`;
  }

  protected valueToJSON(): JsonValue {
    return this.base64;
  }

  protected override extraJSON(): JsonObject {
    const extra: JsonObject = { format: this.format };
    if (this.width !== undefined) extra.width = this.width;
    if (this.height !== undefined) extra.height = this.height;
    return extra;
  }
}
