import type { ActionArtifact } from "./action-artifact.js";
import type { AudioArtifact } from "./audio-artifact.js";
import { hasArtifactBrand } from "./base-artifact.js";
import type { BlobArtifact } from "./blob-artifact.js";
import type { BooleanArtifact } from "./boolean-artifact.js";
import type { ErrorArtifact } from "./error-artifact.js";
import type { ImageArtifact } from "./image-artifact.js";
import type { ImageUrlArtifact } from "./image-url-artifact.js";
import type { InfoArtifact } from "./info-artifact.js";
import type { JsonArtifact } from "./json-artifact.js";
import type { ListArtifact } from "./list-artifact.js";
import type { TextArtifact } from "./text-artifact.js";
import type { UrlArtifact } from "./url-artifact.js";

/**
 * Every artifact kind, discriminated on `type`.
 *
 * @example
 * ```ts
 * function show(artifact: Artifact) {
 *   return artifact.type === "ErrorArtifact" ? `failed: ${artifact.value}` : artifact.toText();
 * }
 * ```
 */
export type Artifact =
  | TextArtifact
  | InfoArtifact
  | ErrorArtifact
  | JsonArtifact
  | BooleanArtifact
  | BlobArtifact
  | ImageArtifact
  | AudioArtifact
  | UrlArtifact
  | ImageUrlArtifact
  | ListArtifact
  | ActionArtifact;

/**
 * The `type` of each artifact kind.
 *
 * @example
 * ```ts
 * const kind: ArtifactType = "TextArtifact";
 * ```
 */
export type ArtifactType = Artifact["type"];

/**
 * True when `value` is a toolwright artifact (a brand check: plain look-alike objects are not).
 *
 * @example
 * ```ts
 * isArtifact(new TextArtifact("x")); // true
 * isArtifact({ type: "TextArtifact", value: "x" }); // false
 * ```
 */
export function isArtifact(value: unknown): value is Artifact {
  return hasArtifactBrand(value);
}
