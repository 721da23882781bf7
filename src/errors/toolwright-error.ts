import type { ToolwrightErrorCode } from "./codes.js";

const marker = Symbol.for("toolwright.error");

/**
 * Base class of every error toolwright throws for a developer mistake; each carries a string `code`.
 *
 * @example
 * ```ts
 * try { new MyTool({ allowlist: ["nope"] }); }
 * catch (error) { if (ToolwrightError.isInstance(error)) console.log(error.code); }
 * ```
 */
export class ToolwrightError extends Error {
  /** Machine-readable reason, stable across releases. */
  readonly code: ToolwrightErrorCode;
  readonly [marker] = true;

  constructor(code: ToolwrightErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }

  /**
   * True for any toolwright error, also one thrown by a second copy of the package.
   *
   * @example
   * ```ts
   * ToolwrightError.isInstance(new ActivityNameError({ toolName: "T", activityName: "x" })); // true
   * ```
   */
  static isInstance(value: unknown): value is ToolwrightError {
    return typeof value === "object" && value !== null && marker in value;
  }
}
