import { randomBytes } from "node:crypto";
import { bytesToBase64, toBytes } from "../internal/bytes.js";
import { nonEmptyString, positiveNumber } from "../internal/option-rules.js";
import type { JsonObject, JsonValue } from "../schema/json.js";
import { artifactOptionRules, checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";

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

  constructor(value: Uint8Array | ArrayBuffer | string, options: ImageArtifactOptions) {
    checkArtifactOptions("ImageArtifact", options, optionRules, ["format"]);
    super(toBytes(value), options, defaultImageName(options.format));
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

/** Griptape's default: `image_artifact_<yymmddHHMMSS>_<4 hex>.<format>`. */
function defaultImageName(format: string): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, "0");
  const stamp = [
    two(now.getUTCFullYear() % 100),
    two(now.getUTCMonth() + 1),
    two(now.getUTCDate()),
    two(now.getUTCHours()),
    two(now.getUTCMinutes()),
    two(now.getUTCSeconds()),
  ].join("");
  return `image_artifact_${stamp}_${randomBytes(2).toString("hex")}.${format.toLowerCase()}`;
}
