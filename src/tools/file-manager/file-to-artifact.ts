import { parse as parseCsv } from "csv-parse/sync";
import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";
import type { Artifact } from "../../artifacts/artifact.js";
import { BlobArtifact } from "../../artifacts/blob-artifact.js";
import { ImageArtifact } from "../../artifacts/image-artifact.js";
import { JsonArtifact } from "../../artifacts/json-artifact.js";
import { TextArtifact } from "../../artifacts/text-artifact.js";

const imageFormats = new Set(["png", "jpg", "gif", "webp", "bmp", "tif", "avif", "heic", "ico"]);

/**
 * @internal Turns a file's bytes into artifacts the way Griptape's loaders do: images (by content) →
 * `ImageArtifact`; `.json` → `JsonArtifact`; `.csv` → one `TextArtifact` per row (`column: value` lines);
 * other UTF-8 text → `TextArtifact`; anything else → `BlobArtifact` with its detected media type. Each
 * artifact is named after the file's path.
 */
export async function fileToArtifacts(path: string, bytes: Uint8Array): Promise<Artifact[]> {
  const detected = await fileTypeFromBuffer(bytes);
  const meta = { path };
  if (detected !== undefined && imageFormats.has(detected.ext)) {
    const size = dimensions(bytes);
    return [
      new ImageArtifact(bytes, {
        format: detected.ext === "jpg" ? "jpeg" : detected.ext,
        name: path,
        meta,
        ...size,
      }),
    ];
  }
  const text = detected === undefined ? decodeUtf8(bytes) : undefined;
  if (text === undefined) {
    return [
      new BlobArtifact(bytes, {
        mimeType: detected?.mime ?? "application/octet-stream",
        name: path,
        meta,
      }),
    ];
  }
  const extension = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  if (extension === "json") {
    try {
      return [new JsonArtifact(JSON.parse(text), { name: path, meta })];
    } catch {
      // Not valid JSON after all: the model still gets the text.
    }
  }
  if (extension === "csv") {
    const rows = parseCsvRows(text);
    if (rows !== undefined) {
      return rows.map(
        (row, index) =>
          new TextArtifact(
            Object.entries(row)
              .map(([column, value]) => `${column}: ${value}`)
              .join("\n"),
            { name: path, meta: { path, row: index } },
          ),
      );
    }
  }
  return [new TextArtifact(text, { name: path, meta })];
}

function dimensions(bytes: Uint8Array): { width?: number; height?: number } {
  try {
    const { width, height } = imageSize(bytes);
    return { width, height };
  } catch {
    return {};
  }
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function parseCsvRows(text: string): Record<string, string>[] | undefined {
  try {
    return parseCsv(text, { columns: true, skip_empty_lines: true, bom: true }) as Record<
      string,
      string
    >[];
  } catch {
    return undefined;
  }
}
