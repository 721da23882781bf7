import { base64ToBytes } from "../internal/bytes.js";
import type { ArtifactOptions } from "./base-artifact.js";
import { BaseUrlArtifact } from "./base-url-artifact.js";
import { ImageArtifact } from "./image-artifact.js";

const base64Image = /^data:image\/[a-z0-9.+-]+(;[^,;]*=[^,;]*)*;base64,/i;

/**
 * A link to an image, which providers that take image URLs (Anthropic, OpenAI) fetch themselves:
 * an `http:` or `https:` URL, or a base64 `data:image/…` URL (sent as the image it holds).
 *
 * @example
 * ```ts
 * new ImageUrlArtifact("https://example.com/cat.png").toText(); // "https://example.com/cat.png"
 * ```
 */
export class ImageUrlArtifact extends BaseUrlArtifact {
  readonly type = "ImageUrlArtifact";

  constructor(value: string, options?: ArtifactOptions) {
    super(value, options, {
      type: "ImageUrlArtifact",
      accepts: (url) =>
        url.protocol === "http:" ||
        url.protocol === "https:" ||
        (url.protocol === "data:" && base64Image.test(url.href)),
      expected: "an http(s) URL or a base64 data:image/… URL",
    });
  }

  /** True for a `data:` URL, which carries the image itself. */
  get isDataUrl(): boolean {
    return this.value.slice(0, 5).toLowerCase() === "data:";
  }

  /**
   * The image a `data:` URL holds (same name and meta), or `undefined` for an http(s) URL.
   *
   * @example
   * ```ts
   * new ImageUrlArtifact("data:image/png;base64,iVBORw0KGgo=").toImageArtifact()?.format; // "png"
   * ```
   */
  toImageArtifact(): ImageArtifact | undefined {
    if (!this.isDataUrl) return undefined;
    const mimeType = this.value.slice("data:".length, this.value.indexOf(";"));
    return new ImageArtifact(base64ToBytes(this.value.slice(this.value.indexOf(",") + 1)), {
      format: mimeType.slice("image/".length).toLowerCase(),
      name: this.name,
      meta: this.meta,
    });
  }
}
