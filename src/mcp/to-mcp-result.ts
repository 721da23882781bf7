import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/server";
import type { Artifact } from "../artifacts/artifact.js";
import type { ImageUrlArtifact } from "../artifacts/image-url-artifact.js";
import type { UrlArtifact } from "../artifacts/url-artifact.js";
import { isPlainObject } from "../internal/clone-json.js";
import { memoryReferencesOf } from "../memory/memory-reference.js";
import { memoryUri } from "./memory-uri.js";

/**
 * Lowers an artifact to an MCP `tools/call` result: text for text-like artifacts, `structuredContent`
 * plus its JSON text for a `JsonArtifact` holding an object, an image block for an `ImageArtifact` (and
 * a `data:` `ImageUrlArtifact`), an audio block for an `AudioArtifact`, a `resource_link` for a
 * `UrlArtifact` or http(s) `ImageUrlArtifact`, an embedded resource for a `BlobArtifact`, one block
 * per item of a `ListArtifact`, `isError: true` for
 * an `ErrorArtifact`, and a `resource_link` for each memory reference a "stored in memory" notice
 * carries.
 *
 * @example
 * ```ts
 * toCallToolResult(new JsonArtifact({ temperature: 21 }));
 * // { content: [{ type: "text", text: '{"temperature":21}' }], structuredContent: { temperature: 21 } }
 * ```
 */
export function toCallToolResult(artifact: Artifact): CallToolResult {
  const result: CallToolResult = { content: toContentBlocks(artifact) };
  // MCP's structuredContent is a JSON object; arrays and scalars travel as text only.
  if (artifact.type === "JsonArtifact" && isPlainObject(artifact.value)) {
    result.structuredContent = artifact.value;
  }
  if (artifact.type === "ErrorArtifact") result.isError = true;
  return result;
}

function toContentBlocks(artifact: Artifact): ContentBlock[] {
  switch (artifact.type) {
    case "ImageArtifact":
    case "AudioArtifact":
      return [
        {
          type: artifact.type === "ImageArtifact" ? "image" : "audio",
          data: artifact.base64,
          mimeType: artifact.mimeType,
        },
      ];
    case "UrlArtifact":
    case "ImageUrlArtifact":
      return [urlBlock(artifact)];
    case "BlobArtifact":
      return [
        {
          type: "resource",
          resource: {
            uri: `toolwright://artifact/${encodeURIComponent(artifact.name)}`,
            mimeType: artifact.mimeType,
            blob: artifact.base64,
          },
        },
      ];
    case "ListArtifact":
      return artifact.value.flatMap(toContentBlocks);
    default: {
      const blocks: ContentBlock[] = [{ type: "text", text: artifact.toText() }];
      for (const reference of memoryReferencesOf(artifact)) {
        blocks.push({
          type: "resource_link",
          uri: memoryUri(reference),
          name: reference.artifact_namespace,
          title: `${reference.memory_name} / ${reference.artifact_namespace}`,
          description: `Tool output stored in task memory "${reference.memory_name}"`,
          mimeType: "text/plain",
        });
      }
      return blocks;
    }
  }
}

const imageTypes: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  avif: "image/avif",
  bmp: "image/bmp",
};

/**
 * A URL as a `resource_link` named by the artifact. A `data:` image is sent as the image it holds;
 * an image URL gets the media type its extension names, which brings it back as an image URL.
 */
function urlBlock(artifact: UrlArtifact | ImageUrlArtifact): ContentBlock {
  const image = artifact.type === "ImageUrlArtifact" ? artifact.toImageArtifact() : undefined;
  if (image !== undefined) return { type: "image", data: image.base64, mimeType: image.mimeType };
  const link: ContentBlock = { type: "resource_link", uri: artifact.value, name: artifact.name };
  if (artifact.type === "ImageUrlArtifact") {
    const extension = /\.([a-z0-9]+)$/i.exec(new URL(artifact.value).pathname)?.[1]?.toLowerCase();
    const mimeType = extension === undefined ? undefined : imageTypes[extension];
    if (mimeType !== undefined) link.mimeType = mimeType;
  }
  return link;
}
