/**
 * One fix toolwright made to a model's call before running it, for logs and tests.
 *
 * @example
 * ```ts
 * const repair: Repair = { step: "drop-unknown-keys", detail: "dropped $.extra" };
 * ```
 */
export interface Repair {
  /** The pipeline step that made the fix. */
  readonly step: string;
  /** What it changed, in a few words. */
  readonly detail: string;
}
