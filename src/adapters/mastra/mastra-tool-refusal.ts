/**
 * What a Mastra tool from `toMastraTools` throws when toolwright refused the call: Mastra turns a thrown
 * error into its tool-error result, so the model reads toolwright's message (`message`) and can retry.
 *
 * @example
 * ```ts
 * if (error instanceof MastraToolRefusal) console.log(error.code, error.message);
 * ```
 */
export class MastraToolRefusal extends Error {
  override readonly name = "ToolwrightRefusal";
  /** toolwright's machine-readable reason (`invalid_input`, `unknown_activity`, …). */
  readonly code: string | undefined;

  constructor(message: string, code: string | undefined) {
    super(message);
    this.code = code;
  }
}
