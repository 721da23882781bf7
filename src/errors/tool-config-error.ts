import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown when a Tool's constructor options are wrong (a bad name, timeout or extra schema property).
 *
 * @example
 * ```ts
 * new CalculatorTool({ timeoutMs: -1 }); // ToolConfigError: tool "CalculatorTool": "timeoutMs" …
 * ```
 */
export class ToolConfigError extends ToolwrightError {
  static override readonly brand: string = "toolwright/ToolConfigError";
  /** The tool's name (or class name when the name itself is at fault). */
  readonly toolName: string;
  /** The option at fault, as a path such as `extraSchemaProperties.test.extra`. */
  readonly option: string;

  constructor(details: { toolName: string; option: string; message: string; cause?: unknown }) {
    super(
      "invalid_tool_config",
      `tool "${details.toolName}": "${details.option}" ${details.message}`,
      { cause: details.cause },
    );
    this.toolName = details.toolName;
    this.option = details.option;
  }
}
