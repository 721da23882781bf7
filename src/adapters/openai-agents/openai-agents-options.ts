import { ToolboxError } from "../../errors/toolbox-error.js";

/**
 * Options of `toOpenAIAgentsTools`.
 *
 * @example
 * ```ts
 * const options: OpenAIAgentsToolsOptions = { strict: true, approvals: true };
 * ```
 */
export interface OpenAIAgentsToolsOptions {
  /**
   * Strict function calling: schemas lowered by toolwright's "openai-responses" dialect for strict mode
   * (optional keys become nullable, reversed before the method runs). Off by default, as in the dialect.
   */
  readonly strict?: boolean | undefined;
  /**
   * Destructive activities without their own `needsApproval` wait for a human's approval (the runner's
   * interruptions), as toolwright's Agent does with `approvals: true`. Off by default.
   */
  readonly approvals?: boolean | undefined;
}

/** @internal The options with their defaults applied. */
export interface SettledOptions {
  readonly strict: boolean;
  readonly approvals: boolean;
}

/**
 * @internal The options with defaults; a mistyped option is a developer's mistake and throws.
 *
 * @example
 * ```ts
 * settleOptions({}); // { strict: false, approvals: false }
 * ```
 */
export function settleOptions(options: OpenAIAgentsToolsOptions): SettledOptions {
  for (const key of ["strict", "approvals"] as const) {
    const value = options[key];
    if (value !== undefined && typeof value !== "boolean") {
      throw new ToolboxError({
        message: `toOpenAIAgentsTools: option "${key}" must be a boolean; got ${typeof value}`,
      });
    }
  }
  return { strict: options.strict === true, approvals: options.approvals === true };
}
