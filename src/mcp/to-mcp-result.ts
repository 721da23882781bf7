import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import type { Artifact } from "../artifacts/artifact.js";
import { isPlainObject } from "../internal/clone-json.js";
import { memoryReferencesOf } from "../memory/memory-reference.js";
import { memoryUri } from "./memory-uri.js";

/**
 * Lowers an artifact to an MCP `tools/call` result: text for text-like artifacts, `structuredContent`
 * plus its JSON text for a `JsonArtifact` holding an object, an image block for an `ImageArtifact`, an
 * embedded resource for a `BlobArtifact`, one block per item of a `ListArtifact`, `isError: true` for
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
      return [{ type: "image", data: artifact.base64, mimeType: artifact.mimeType }];
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
