import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown when a Toolbox cannot be built or changed: two tools with one name, a native name that
 * collides, an option out of range.
 *
 * @example
 * ```ts
 * new Toolbox([new CalculatorTool(), new CalculatorTool()]);
 * // ToolboxError: toolbox: two tools are named "CalculatorTool"; give one a `name` option
 * ```
 */
export class ToolboxError extends ToolwrightError {
  static override readonly brand: string = "toolwright/ToolboxError";
  /** The tool at fault, when one is. */
  readonly toolName: string | undefined;

  constructor(details: { message: string; toolName?: string; cause?: unknown }) {
    super("invalid_toolbox", `toolbox: ${details.message}`, { cause: details.cause });
    this.toolName = details.toolName;
  }
}
