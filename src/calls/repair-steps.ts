/**
 * The switchable steps of the tolerant decoder, in the order they run; each names the `Repair`s it records.
 *
 * @example
 * ```ts
 * const toolbox = new Toolbox([tool], { repairs: { coerce: false } });
 * ```
 */
export type RepairStep =
  | "expand-parallel"
  | "resolve-name"
  | "strip-wrappers"
  | "repair-json"
  | "unwrap-string"
  | "unwrap-call"
  | "unwrap-envelope"
  | "coerce";

/**
 * Which repair steps run (all by default); `false` turns one off.
 *
 * @example
 * ```ts
 * const strictDecoding: RepairOptions = { "repair-json": false, coerce: false };
 * ```
 */
export type RepairOptions = { readonly [S in RepairStep]?: boolean };

/** @internal */
export function stepEnabled(options: RepairOptions | undefined, step: RepairStep): boolean {
  return options?.[step] !== false;
}
