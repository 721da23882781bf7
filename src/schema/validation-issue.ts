/**
 * One reason an input failed validation, in a shape independent of the schema library.
 *
 * @example
 * ```ts
 * const issue: ValidationIssue = { path: ["test"], expected: "string", received: 1 };
 * ```
 */
export interface ValidationIssue {
  /** Where in the input, as keys and indexes from the root. */
  readonly path: readonly (string | number)[];
  /** What the schema wanted, in words a model understands (`string`, `one of "a", "b"`, `number >= 1`). */
  readonly expected: string;
  /** The value found at `path`; `undefined` when nothing was there. */
  readonly received: unknown;
  /** The schema's own words, for rules that `expected` cannot summarise (custom refinements). */
  readonly message?: string;
  /** True when the property at `path` was missing rather than wrong. */
  readonly missing?: boolean;
}

/**
 * The outcome of validating an input.
 *
 * @example
 * ```ts
 * const result = await schema.validate({ test: 1 });
 * if (!result.ok) console.log(result.issues);
 * ```
 */
export type ValidationResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };
