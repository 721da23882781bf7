import type { Tool } from "ai";
import type { Artifact } from "../../artifacts/artifact.js";
import { artifactFromJSON } from "../../artifacts/artifact-from-json.js";
import type { ArtifactJSON } from "../../artifacts/base-artifact.js";

/**
 * What an AI SDK tool's `toModelOutput` returns (`ai` does not export the type by name).
 *
 * @example
 * ```ts
 * const output: AiSdkToolOutput = { type: "error-text", value: "expected number" };
 * ```
 */
export type AiSdkToolOutput = Awaited<ReturnType<NonNullable<Tool["toModelOutput"]>>>;

type ContentPart = Extract<AiSdkToolOutput, { type: "content" }>["value"][number];

/**
 * What the model reads for a tool's result, as AI SDK output parts: error text for an `ErrorArtifact`,
 * JSON for a `JsonArtifact`, a file part for image, audio and blob artifacts (and image URLs), one part
 * per item of a `ListArtifact`, and text for the rest (the "stored in memory" notice included). Takes
 * the artifact or its JSON form, which is what `toAiSdkTools` tools return and UI messages store.
 *
 * @example
 * ```ts
 * toAiSdkOutput(new JsonArtifact({ temperature: 21 })); // { type: "json", value: { temperature: 21 } }
 * ```
 */
export function toAiSdkOutput(result: Artifact | ArtifactJSON): AiSdkToolOutput {
  const artifact = isArtifactJson(result) ? artifactFromJSON(result) : result;
  switch (artifact.type) {
    case "ErrorArtifact":
      return { type: "error-text", value: artifact.toText() };
    case "JsonArtifact":
      return { type: "json", value: artifact.value };
    case "ImageArtifact":
    case "AudioArtifact":
    case "BlobArtifact":
    case "ImageUrlArtifact":
    case "ListArtifact":
      return { type: "content", value: contentParts(artifact) };
    default:
      return { type: "text", value: artifact.toText() };
  }
}

function contentParts(artifact: Artifact): ContentPart[] {
  switch (artifact.type) {
    case "ImageArtifact":
    case "AudioArtifact":
    case "BlobArtifact":
      return [
        {
          type: "file",
          mediaType: artifact.mimeType,
          data: { type: "data", data: artifact.base64 },
          ...(artifact.type === "BlobArtifact" ? { filename: artifact.name } : {}),
        },
      ];
    case "ImageUrlArtifact": {
      // A data: URL is the image itself; any other URL is left for the provider to fetch or link.
      const image = artifact.toImageArtifact();
      if (image !== undefined) return contentParts(image);
      return [
        { type: "file", mediaType: "image", data: { type: "url", url: new URL(artifact.value) } },
      ];
    }
    case "ListArtifact":
      return artifact.value.flatMap(contentParts);
    default:
      return [{ type: "text", text: artifact.toText() }];
  }
}

function isArtifactJson(value: Artifact | ArtifactJSON): value is ArtifactJSON {
  return typeof (value as { toText?: unknown }).toText !== "function";
}
