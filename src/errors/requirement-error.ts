import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown by `tool.checkRequirements()` when a Tool class's `static requirements` holds something that
 * is not an npm specifier with a semver range (`name`, `name@range`, `@scope/name@range`); names the
 * tool and the specifier.
 *
 * @example
 * ```ts
 * class PdfTool extends Tool { static requirements = ["pdf-parse@latest"]; }
 * new PdfTool().checkRequirements();
 * // RequirementError: tool "PdfTool": requirement "pdf-parse@latest": "latest" is not a semver range …
 * ```
 */
export class RequirementError extends ToolwrightError {
  static override readonly brand: string = "toolwright/RequirementError";
  /** The tool's name. */
  readonly toolName: string;
  /** The specifier at fault, as declared. */
  readonly requirement: string;

  constructor(details: { toolName: string; requirement: string; message: string }) {
    super(
      "invalid_requirement",
      `tool "${details.toolName}": requirement ${JSON.stringify(details.requirement)}: ${details.message}`,
    );
    this.toolName = details.toolName;
    this.requirement = details.requirement;
  }
}
