import type { Artifact } from "./artifact.js";
import { isArtifact } from "./artifact.js";
import { BlobArtifact } from "./blob-artifact.js";
import { ErrorArtifact } from "./error-artifact.js";
import { InfoArtifact } from "./info-artifact.js";
import { JsonArtifact } from "./json-artifact.js";

/**
 * Turns whatever an activity returned into an artifact: artifacts as they are, `undefined`/`null`
 * → `InfoArtifact("Tool returned an empty value")`, strings → `InfoArtifact`, bytes → `BlobArtifact`,
 * other values → `JsonArtifact` (an `ErrorArtifact` when the value has no JSON form).
 *
 * @example
 * ```ts
 * toArtifact({ total: 3 }).type; // "JsonArtifact"
 * toArtifact("done").type; // "InfoArtifact"
 * ```
 */
export function toArtifact(value: unknown): Artifact {
  // The usual result, a plain object, is neither an artifact nor bytes: skip those checks.
  if (
    typeof value === "object" &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype
  )
    return jsonArtifact(value);
  if (isArtifact(value)) return value;
  if (value === undefined || value === null)
    return new InfoArtifact("Tool returned an empty value");
  if (typeof value === "string") return new InfoArtifact(value);
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return new BlobArtifact(value);
  return jsonArtifact(value);
}

function jsonArtifact(value: unknown): Artifact {
  try {
    return new JsonArtifact(value);
  } catch (error) {
    return new ErrorArtifact(
      `the activity returned a value that has no JSON form (${describeKind(value)}); return a string, a JSON value or an artifact`,
      { cause: error, code: "invalid_output" },
    );
  }
}

function describeKind(value: unknown): string {
  if (typeof value === "object" && value !== null) return value.constructor?.name ?? "object";
  return typeof value;
}
