import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown by `toolbox.toProviderTools` before any request when an activity's schema cannot be expressed
 * in a provider's dialect; names the dialect, tool, activity and JSON path.
 *
 * @example
 * ```ts
 * toolbox.toProviderTools("gemini");
 * // DialectError: gemini (parameters): tool "Tree" activity "insert" at $.node: recursive schema …
 * ```
 */
export class DialectError extends ToolwrightError {
  static override readonly brand: string = "toolwright/DialectError";
  /** The dialect asked for, with its variant (`openai-chat (strict)`, `gemini (parameters)`). */
  readonly dialect: string;
  /** The tool's name. */
  readonly toolName: string;
  /** The activity's name. */
  readonly activityName: string;
  /** JSON path into the activity's input (`$.a.b[0]`); `$` for the whole input. */
  readonly path: string;

  constructor(details: {
    dialect: string;
    toolName: string;
    activityName: string;
    path: string;
    message: string;
  }) {
    super(
      "unsupported_by_dialect",
      `${details.dialect}: tool "${details.toolName}" activity "${details.activityName}" at ${details.path}: ${details.message}`,
    );
    this.dialect = details.dialect;
    this.toolName = details.toolName;
    this.activityName = details.activityName;
    this.path = details.path;
  }
}
