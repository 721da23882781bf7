import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown by `toNativeToolName` when a tool or activity name breaks Griptape's native-name rules.
 *
 * @example
 * ```ts
 * new MockTool({ name: "mock_tool" }).toNativeToolName("test");
 * // ToolNameError: Tool name can only contain letters and numbers.
 * ```
 */
export class ToolNameError extends ToolwrightError {
  static override readonly brand: string = "toolwright/ToolNameError";
  /** The offending name. */
  readonly value: string;

  constructor(details: { value: string; message: string }) {
    super("invalid_native_name", details.message);
    this.value = details.value;
  }
}
