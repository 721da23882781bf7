import type { Artifact } from "../../artifacts/artifact.js";
import type { BlobArtifact } from "../../artifacts/blob-artifact.js";
import type { ImageArtifact } from "../../artifacts/image-artifact.js";

/**
 * A piece of a tool result as multimodal providers take it: text, an image, or the http(s) URL of
 * an image (a `data:` image URL arrives as the image it holds).
 *
 * @example
 * ```ts
 * const parts: ToolResultPart[] = toolResultParts(new ListArtifact([text, image]));
 * ```
 */
export type ToolResultPart =
  | { type: "text"; text: string }
  | { type: "image"; image: ImageArtifact }
  | { type: "imageUrl"; url: string };

/**
 * Splits an artifact into text and image parts: a list is flattened (adjacent texts joined with its
 * separator), an image becomes an image part, an image URL an `imageUrl` part (or an image part for
 * a `data:` URL), everything else its model-facing text (audio and other URLs included).
 *
 * @example
 * ```ts
 * toolResultParts(new ListArtifact([new TextArtifact("a"), png]));
 * // [{ type: "text", text: "a" }, { type: "image", image: png }]
 * ```
 */
export function toolResultParts(artifact: Artifact): ToolResultPart[] {
  if (artifact.type === "ImageArtifact") return [{ type: "image", image: artifact }];
  if (artifact.type === "ImageUrlArtifact") {
    const image = artifact.toImageArtifact();
    return [
      image === undefined ? { type: "imageUrl", url: artifact.value } : { type: "image", image },
    ];
  }
  if (artifact.type !== "ListArtifact") return [{ type: "text", text: artifactText(artifact) }];
  const parts: ToolResultPart[] = [];
  for (const item of artifact.value) {
    for (const part of toolResultParts(item)) {
      const last = parts.at(-1);
      if (part.type === "text" && last?.type === "text") {
        last.text = `${last.text}${artifact.itemSeparator}${part.text}`;
      } else {
        parts.push(part);
      }
    }
  }
  return parts;
}

/**
 * The whole result as text, for providers whose tool messages carry text only; images are
 * described in place (`Image, format: png, size: 26 bytes`) and sent separately.
 *
 * @example
 * ```ts
 * toolResultText(new JsonArtifact({ a: 1 })); // '{"a":1}'
 * ```
 */
export function toolResultText(artifact: Artifact): string {
  if (artifact.type !== "ListArtifact") return artifactText(artifact);
  return artifact.value.map(toolResultText).join(artifact.itemSeparator);
}

/**
 * Every image inside an artifact, in order (lists are searched recursively), `data:` image URLs
 * decoded to the images they hold; http(s) image URLs are not images here (see `toolResultImageUrls`).
 *
 * @example
 * ```ts
 * toolResultImages(new ListArtifact([png, new TextArtifact("caption")])); // [png]
 * ```
 */
export function toolResultImages(artifact: Artifact): ImageArtifact[] {
  return toolResultParts(artifact).flatMap((part) => (part.type === "image" ? [part.image] : []));
}

/**
 * The http(s) image URLs inside an artifact, in order, for providers that fetch images by URL.
 *
 * @example
 * ```ts
 * toolResultImageUrls(new ImageUrlArtifact("https://example.com/cat.png")); // ["https://example.com/cat.png"]
 * ```
 */
export function toolResultImageUrls(artifact: Artifact): string[] {
  return toolResultParts(artifact).flatMap((part) => (part.type === "imageUrl" ? [part.url] : []));
}

/**
 * A blob is shown as its UTF-8 text when it is valid UTF-8, else described: bytes would be noise. A
 * `data:` image URL is described as the image it holds, not spelled out in base64.
 */
function artifactText(artifact: Artifact): string {
  if (artifact.type === "BlobArtifact") return blobText(artifact);
  if (artifact.type === "ImageUrlArtifact") {
    return artifact.toImageArtifact()?.toText() ?? artifact.toText();
  }
  return artifact.toText();
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function blobText(blob: BlobArtifact): string {
  try {
    return strictUtf8.decode(blob.value);
  } catch {
    return `Blob, mime type: ${blob.mimeType}, size: ${blob.value.byteLength} bytes`;
  }
}

/**
 * An image as a `data:` URL, the form OpenAI's image inputs take.
 *
 * @example
 * ```ts
 * imageDataUrl(png); // "data:image/png;base64,iVBORw0…"
 * ```
 */
export function imageDataUrl(image: ImageArtifact): string {
  return `data:${image.mimeType};base64,${image.base64}`;
}
