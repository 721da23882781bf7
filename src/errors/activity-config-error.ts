import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown when an `@activity` config is wrong; raised while the class is being defined.
 *
 * @example
 * ```ts
 * // throws ActivityConfigError: `@activity` on method "go": "description" is required …
 * class T extends Tool { @activity({} as never) go() {} }
 * ```
 */
export class ActivityConfigError extends ToolwrightError {
  static override readonly brand: string = "toolwright/ActivityConfigError";
  /** The decorated method's name. */
  readonly methodName: string;
  /** The config key at fault, when one is. */
  readonly key: string | undefined;

  constructor(details: { methodName: string; key?: string; message: string; cause?: unknown }) {
    const where = `\`@activity\` on method "${details.methodName}"`;
    const what = details.key === undefined ? "" : `: "${details.key}"`;
    super("invalid_activity_config", `${where}${what}: ${details.message}`, {
      cause: details.cause,
    });
    this.methodName = details.methodName;
    this.key = details.key;
  }
}
