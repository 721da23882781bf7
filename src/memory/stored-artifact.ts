import type { Artifact } from "../artifacts/artifact.js";
import type { BlobArtifact } from "../artifacts/blob-artifact.js";
import type { StoredKind } from "./artifact-store.js";

/**
 * @internal Where an artifact goes in memory: `"text"` or `"blob"` (images and audio are blobs, as
 * in Griptape), or `undefined` for artifacts that stay on the prompt (Info, Error, Boolean, Action,
 * URLs, and lists holding any of them). A list takes the
 * kind of its first item, as Griptape does.
 */
export function storedKind(artifact: Artifact): StoredKind | undefined {
  switch (artifact.type) {
    case "TextArtifact":
    case "JsonArtifact":
      return "text";
    case "BlobArtifact":
    case "ImageArtifact":
    case "AudioArtifact":
      return "blob";
    case "ListArtifact": {
      const items = flattenItems(artifact);
      const first = items[0];
      if (first === undefined) return undefined;
      if (items.some((item) => storedKind(item) === undefined)) return undefined;
      return storedKind(first);
    }
    default:
      return undefined;
  }
}

/** @internal The artifacts a store keeps for one output: a list's items (nested lists flattened). */
export function flattenItems(artifact: Artifact): Artifact[] {
  if (artifact.type !== "ListArtifact") return [artifact];
  return artifact.value.flatMap((item) => flattenItems(item));
}

/**
 * @internal Griptape's "falsy" output, minus its quirks: blank text, `null`/`""`/`[]`/`{}` JSON, no
 * bytes, an empty list, an empty notice. Errors and booleans are never empty: the model must see them.
 */
export function isEmptyOutput(artifact: Artifact): boolean {
  switch (artifact.type) {
    case "TextArtifact":
    case "InfoArtifact":
      return artifact.value.trim() === "";
    case "JsonArtifact": {
      const value = artifact.value;
      if (value === null || value === "") return true;
      if (Array.isArray(value)) return value.length === 0;
      return typeof value === "object" && Object.keys(value).length === 0;
    }
    case "BlobArtifact":
    case "ImageArtifact":
    case "AudioArtifact":
      return artifact.value.byteLength === 0;
    case "ListArtifact":
      return artifact.value.length === 0;
    default:
      return false;
  }
}

const textualTypes =
  /^(text\/|application\/(json|xml|javascript|x-ndjson|yaml|x-yaml|csv)|[^;]*\+(json|xml))/i;

/**
 * @internal The text memory keeps for an artifact, which `read` pages through and `search` indexes:
 * Text as is, JSON as JSON, textual blobs decoded, other blobs and images described in one line.
 */
export function memoryText(artifact: Artifact): string {
  switch (artifact.type) {
    case "BlobArtifact":
      return textualTypes.test(artifact.mimeType) ? artifact.toText() : describeBlob(artifact);
    default:
      return artifact.toText();
  }
}

function describeBlob(blob: BlobArtifact): string {
  return `Blob, mime type: ${blob.mimeType}, size: ${blob.value.byteLength} bytes`;
}
