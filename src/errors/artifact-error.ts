import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown when an artifact cannot be built or revived from JSON; `path` names the bad field.
 *
 * @example
 * ```ts
 * artifactFromJSON({ type: "NoSuchArtifact" }); // ArtifactError: $.type: unknown artifact type …
 * ```
 */
export class ArtifactError extends ToolwrightError {
  static override readonly brand: string = "toolwright/ArtifactError";
  /** JSON path of the bad field, `$` for the root. */
  readonly path: string;

  constructor(details: { path: string; message: string; cause?: unknown }) {
    super("invalid_artifact", `${details.path}: ${details.message}`, { cause: details.cause });
    this.path = details.path;
  }
}
