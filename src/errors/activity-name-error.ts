import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown when an allowlist or denylist names something that is not an activity of the tool.
 *
 * @example
 * ```ts
 * new CalculatorTool({ allowlist: ["nope"] }); // ActivityNameError: activity "nope" is not …
 * ```
 */
export class ActivityNameError extends ToolwrightError {
  static override readonly brand: string = "toolwright/ActivityNameError";
  /** The tool's name. */
  readonly toolName: string;
  /** The name that is not an activity. */
  readonly activityName: string;

  constructor(details: { toolName: string; activityName: string; list?: string; known: string[] }) {
    const known = details.known.length === 0 ? "(none)" : details.known.join(", ");
    const where = details.list === undefined ? "" : ` in ${details.list}`;
    super(
      "unknown_activity_name",
      `activity "${details.activityName}"${where} is not a valid activity for tool "${details.toolName}"; its activities are: ${known}`,
    );
    this.toolName = details.toolName;
    this.activityName = details.activityName;
  }
}
