import type { ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import type { Artifact } from "../artifacts/artifact.js";
import { BlobArtifact } from "../artifacts/blob-artifact.js";
import { toArtifact } from "../artifacts/coerce-result.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { ImageArtifact } from "../artifacts/image-artifact.js";
import { InfoArtifact } from "../artifacts/info-artifact.js";
import { JsonArtifact } from "../artifacts/json-artifact.js";
import { ListArtifact } from "../artifacts/list-artifact.js";
import { TextArtifact } from "../artifacts/text-artifact.js";
import { base64ToBytes } from "../internal/bytes.js";
import type { JsonObject } from "../schema/json.js";

/** @internal What `client.callTool` resolves to: a result, or the pre-2024-11 `{ toolResult }` form. */
export interface McpCallResult {
  readonly content?: readonly ContentBlock[] | undefined;
  readonly structuredContent?: Record<string, unknown> | undefined;
  readonly isError?: boolean | undefined;
  readonly toolResult?: unknown;
}

/**
 * @internal Maps an MCP tool result back to an artifact: `isError` → `ErrorArtifact` (code
 * `mcp_tool_error`); `structuredContent` → `JsonArtifact`, which replaces the text blocks (MCP
 * makes them a rendering of it, for clients without structured output); text → `TextArtifact`, image → `ImageArtifact`, audio and blobs → `BlobArtifact`, embedded
 * text → `TextArtifact` named by its URI, a resource link → `InfoArtifact` with the link in `meta`.
 * Several blocks make a `ListArtifact`; none makes the usual empty-value notice.
 */
export function fromCallToolResult(result: McpCallResult): Artifact {
  if (!("content" in result) && "toolResult" in result) return toArtifact(result.toolResult);
  const blocks = result.content ?? [];
  if (result.isError === true) {
    const text = blocks
      .map((block) => (block.type === "text" ? block.text : ""))
      .filter((line) => line !== "")
      .join("\n");
    return new ErrorArtifact(text === "" ? "the MCP tool reported an error" : text, {
      code: "mcp_tool_error",
    });
  }
  const artifacts: Artifact[] = [];
  const structured = result.structuredContent;
  if (structured !== undefined) artifacts.push(new JsonArtifact(structured));
  for (const block of blocks) {
    if (structured !== undefined && block.type === "text") continue;
    artifacts.push(blockToArtifact(block));
  }
  if (artifacts.length === 0) return toArtifact(undefined);
  return artifacts.length === 1 ? (artifacts[0] as Artifact) : new ListArtifact(artifacts);
}

function blockToArtifact(block: ContentBlock): Artifact {
  switch (block.type) {
    case "text":
      return new TextArtifact(block.text);
    case "image":
      return new ImageArtifact(base64ToBytes(block.data), { format: imageFormat(block.mimeType) });
    case "audio":
      return new BlobArtifact(base64ToBytes(block.data), { mimeType: block.mimeType });
    case "resource": {
      const { resource } = block;
      const meta: JsonObject = { uri: resource.uri };
      if ("text" in resource && typeof resource.text === "string") {
        return new TextArtifact(resource.text, { name: resource.uri, meta });
      }
      const blob = "blob" in resource && typeof resource.blob === "string" ? resource.blob : "";
      const mimeType = resource.mimeType ?? "application/octet-stream";
      if (mimeType.startsWith("image/")) {
        return new ImageArtifact(base64ToBytes(blob), {
          format: imageFormat(mimeType),
          name: resource.uri,
          meta,
        });
      }
      return new BlobArtifact(base64ToBytes(blob), { mimeType, name: resource.uri, meta });
    }
    case "resource_link": {
      const link: JsonObject = { uri: block.uri, name: block.name };
      if (block.mimeType !== undefined) link.mimeType = block.mimeType;
      if (block.description !== undefined) link.description = block.description;
      const label = block.title ?? block.name;
      const about = block.description === undefined ? "" : `: ${block.description}`;
      return new InfoArtifact(`Resource "${label}" at ${block.uri}${about}`, {
        meta: { resourceLink: link },
      });
    }
    default:
      return new InfoArtifact(JSON.stringify(block));
  }
}

function imageFormat(mimeType: string): string {
  const subtype = mimeType.split("/")[1]?.split(";")[0]?.trim();
  return subtype === undefined || subtype === "" ? "png" : subtype;
}
