import type { Artifact } from "../artifacts/artifact.js";
import { bytesToBase64 } from "../internal/bytes.js";

/** @internal An artifact as the page shows it. */
export interface ArtifactView {
  readonly type: string;
  readonly name: string;
  /** `toText()`: exactly what a model reads back (for an `ErrorArtifact`, the error it can act on). */
  readonly text: string;
  /** The ErrorArtifact's code (`invalid_input`, `unknown_tool` …). */
  readonly code?: string;
  /** `toJSON()`, with the bytes of media artifacts left out (they are in `data`). */
  readonly json: unknown;
  /** The bytes of a blob, image or audio artifact, for a preview or a download. */
  readonly data?: {
    readonly mimeType: string;
    readonly base64: string;
    readonly size: number;
    readonly fileName: string;
  };
  /** The items of a `ListArtifact` (at most {@link maxItems}). */
  readonly items?: readonly ArtifactView[];
  readonly moreItems?: number;
}

const maxItems = 100;

/**
 * @internal An artifact for the page: its kind, the text a model reads, its JSON form, and its bytes
 * for a preview or download; a list's items one by one.
 *
 * @example
 * ```ts
 * viewArtifact(new TextArtifact("hi")); // { type: "TextArtifact", text: "hi", json: { … }, … }
 * ```
 */
export function viewArtifact(artifact: Artifact): ArtifactView {
  const json = artifact.toJSON() as Record<string, unknown>;
  const view = { type: artifact.type, name: artifact.name, text: textOf(artifact) };
  switch (artifact.type) {
    case "ErrorArtifact":
      return { ...view, json, ...(artifact.code === undefined ? {} : { code: artifact.code }) };
    case "BlobArtifact":
    case "ImageArtifact":
    case "AudioArtifact": {
      const bytes = artifact.value;
      const mimeType = artifact.mimeType;
      return {
        ...view,
        json: { ...json, value: `(${bytes.byteLength} bytes)` },
        data: {
          mimeType,
          base64: bytesToBase64(bytes),
          size: bytes.byteLength,
          fileName: fileName(artifact.name, mimeType),
        },
      };
    }
    case "ListArtifact": {
      const items = [...artifact.value];
      return {
        ...view,
        json: { ...json, value: `(${items.length} items, below)` },
        items: items.slice(0, maxItems).map(viewArtifact),
        ...(items.length > maxItems ? { moreItems: items.length - maxItems } : {}),
      };
    }
    default:
      return { ...view, json };
  }
}

/** A blob whose encoding is `strict` throws on bytes it cannot decode; the page says so instead. */
function textOf(artifact: Artifact): string {
  try {
    return artifact.toText();
  } catch (error) {
    return `(no text: ${error instanceof Error ? error.message : String(error)})`;
  }
}

function fileName(name: string, mimeType: string): string {
  const extension = /^[a-z]+\/([a-z0-9.+-]+)$/i.exec(mimeType)?.[1]?.replace(/^x-/, "");
  const base = name.replace(/[^\w.-]+/g, "_").slice(0, 80) || "artifact";
  return extension === undefined || base.includes(".") ? base : `${base}.${extension}`;
}
