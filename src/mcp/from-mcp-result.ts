import type { ContentBlock } from "@modelcontextprotocol/client";
import type { Artifact } from "../artifacts/artifact.js";
import { AudioArtifact } from "../artifacts/audio-artifact.js";
import { BlobArtifact } from "../artifacts/blob-artifact.js";
import { toArtifact } from "../artifacts/coerce-result.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { ImageArtifact } from "../artifacts/image-artifact.js";
import { ImageUrlArtifact } from "../artifacts/image-url-artifact.js";
import { InfoArtifact } from "../artifacts/info-artifact.js";
import { JsonArtifact } from "../artifacts/json-artifact.js";
import { ListArtifact } from "../artifacts/list-artifact.js";
import { TextArtifact } from "../artifacts/text-artifact.js";
import { UrlArtifact } from "../artifacts/url-artifact.js";
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
 * makes them a rendering of it, for clients without structured output); text → `TextArtifact`,
 * image → `ImageArtifact`, audio → `AudioArtifact`, blobs → `BlobArtifact` (or Image/Audio by their
 * media type), embedded text → `TextArtifact` named by its URI, a resource link → `UrlArtifact`
 * (`ImageUrlArtifact` for an http(s) link to an image) named as the link, with the link in `meta`.
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
      return new AudioArtifact(base64ToBytes(block.data), { format: audioFormat(block.mimeType) });
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
      if (mimeType.startsWith("audio/")) {
        return new AudioArtifact(base64ToBytes(blob), {
          format: audioFormat(mimeType),
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
      if (block.title !== undefined) link.title = block.title;
      return linkArtifact(block.uri, block.name, block.mimeType, link);
    }
    default:
      return new InfoArtifact(JSON.stringify(block));
  }
}

/**
 * A link as a URL artifact; a URI that is not an absolute URL (MCP does not forbid one) keeps the
 * notice it was before, so a server's odd link never fails the call.
 */
function linkArtifact(
  uri: string,
  name: string,
  mimeType: string | undefined,
  link: JsonObject,
): Artifact {
  const options = { name, meta: { resourceLink: link } };
  const url = URL.parse(uri);
  if (url !== null) {
    const web = url.protocol === "http:" || url.protocol === "https:";
    return web && mimeType?.startsWith("image/") === true
      ? new ImageUrlArtifact(uri, options)
      : new UrlArtifact(uri, options);
  }
  const about = link.description === undefined ? "" : `: ${String(link.description)}`;
  return new InfoArtifact(`Resource "${String(link.title ?? name)}" at ${uri}${about}`, options);
}

/** `mp3` for `audio/mpeg`, else the subtype (`wav`, `ogg` …). */
function audioFormat(mimeType: string): string {
  const subtype = mimeType.split("/")[1]?.split(";")[0]?.trim().toLowerCase();
  if (subtype === "mpeg") return "mp3";
  return subtype === undefined || subtype === "" ? "wav" : subtype;
}

function imageFormat(mimeType: string): string {
  const subtype = mimeType.split("/")[1]?.split(";")[0]?.trim();
  return subtype === undefined || subtype === "" ? "png" : subtype;
}
