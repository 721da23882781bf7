/**
 * Why an ask of the caller (`context.elicit`, `context.sample`, `context.roots`) failed: the caller
 * cannot answer that kind of request (no MCP capability, no agent handler, no terminal), or its
 * answer does not fit the form. A method that does not catch it ends with an `ErrorArtifact` of the
 * same `code`, which the model (or the client) reads.
 *
 * @example
 * ```ts
 * try {
 *   await context.elicit("Which branch?", schema);
 * } catch (error) {
 *   if (CallerError.isInstance(error) && error.code === "elicitation_unavailable") return "main";
 *   throw error;
 * }
 * ```
 */
export class CallerError extends Error {
  readonly code: CallerErrorCode;

  constructor(code: CallerErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CallerError";
    this.code = code;
  }

  /** True for a `CallerError`, also one from another copy of toolwright. */
  static isInstance(value: unknown): value is CallerError {
    return (
      value instanceof Error &&
      value.name === "CallerError" &&
      typeof (value as { code?: unknown }).code === "string"
    );
  }
}

/**
 * The codes of `CallerError`.
 *
 * @example
 * ```ts
 * const code: CallerErrorCode = "sampling_unavailable";
 * ```
 */
export type CallerErrorCode =
  | "elicitation_unavailable"
  | "sampling_unavailable"
  | "roots_unavailable"
  | "invalid_answer";
