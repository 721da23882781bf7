/**
 * MCP-style hints about what an activity does; toolwright uses them for execution policy.
 *
 * @example
 * ```ts
 * const annotations: ActivityAnnotations = { readOnly: true, idempotent: true };
 * ```
 */
export interface ActivityAnnotations {
  /** Does not change anything outside the tool. */
  readOnly?: boolean;
  /** May delete or overwrite data; never run concurrently with another destructive call. */
  destructive?: boolean;
  /** Repeating the call with the same input has no further effect; safe to retry. */
  idempotent?: boolean;
  /** Reaches the outside world (the web, other systems). */
  openWorld?: boolean;
}

/** @internal */
export const annotationKeys: readonly (keyof ActivityAnnotations)[] = [
  "readOnly",
  "destructive",
  "idempotent",
  "openWorld",
];
