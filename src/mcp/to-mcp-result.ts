import type {
  CallToolResult,
  ContentBlock,
  PromptMessage as McpPromptMessage,
  ReadResourceResult,
} from "@modelcontextprotocol/server";
import { type Artifact, isArtifact } from "../artifacts/artifact.js";
import { toArtifact } from "../artifacts/coerce-result.js";
import type { ImageUrlArtifact } from "../artifacts/image-url-artifact.js";
import type { UrlArtifact } from "../artifacts/url-artifact.js";
import type { EmbeddedResource, PromptResult, PromptTurn } from "../declarations/prompt-config.js";
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

/**
 * @internal What a `@resource` method returned, as `resources/read` contents at `uri`: text for text-like
 * artifacts (a string, JSON as `application/json`), bytes (`blob`) for blob, image and audio
 * artifacts, one entry per item of a list. `mimeType` (the resource's own) wins over the artifact's.
 * An `ErrorArtifact` throws `Error` with its text.
 */
export function toResourceContents(
  value: unknown,
  uri: string,
  mimeType: string | undefined,
): ReadResourceResult["contents"] {
  const artifact = toArtifact(value);
  switch (artifact.type) {
    case "ErrorArtifact":
      throw new Error(artifact.value);
    case "ListArtifact":
      return artifact.value.flatMap((item) => toResourceContents(item, uri, mimeType));
    case "BlobArtifact":
    case "ImageArtifact":
    case "AudioArtifact":
      return [{ uri, mimeType: mimeType ?? artifact.mimeType, blob: artifact.base64 }];
    default: {
      const type =
        mimeType ?? (artifact.type === "JsonArtifact" ? "application/json" : "text/plain");
      return [{ uri, mimeType: type, text: artifact.toText() }];
    }
  }
}

/**
 * @internal What a `@prompt` method returned, as `prompts/get` messages: a string or an artifact is a
 * user message (an artifact of several blocks, several messages), an embedded resource a `resource`
 * block.
 */
export function toPromptMessages(result: PromptResult): McpPromptMessage[] {
  const entries: readonly (string | Artifact | PromptTurn)[] = Array.isArray(result)
    ? result
    : [result as string | Artifact | PromptTurn];
  return entries.flatMap((entry) => {
    const message: PromptTurn =
      typeof entry === "string" || isArtifact(entry) ? { role: "user", content: entry } : entry;
    return contentOf(message.content).map((content) => ({ role: message.role, content }));
  });
}

function contentOf(content: PromptTurn["content"]): ContentBlock[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (isArtifact(content)) return toContentBlocks(content);
  const resource = content as EmbeddedResource;
  const embedded =
    "text" in resource
      ? { uri: resource.uri, text: resource.text }
      : { uri: resource.uri, blob: Buffer.from(resource.blob).toString("base64") };
  return [
    {
      type: "resource",
      resource:
        resource.mimeType === undefined ? embedded : { ...embedded, mimeType: resource.mimeType },
    },
  ];
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
