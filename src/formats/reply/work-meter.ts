/**
 * @internal Counts the work the readers do (characters visited, steps taken), so tests can check that
 * it grows linearly with the input without timing anything. Off by default: counting then costs one
 * comparison per call.
 *
 * @example
 * ```ts
 * const { work } = measureWork(() => parseToolCalls(reply));
 * ```
 */
let meter: { work: number } | undefined;

/**
 * @internal Adds `amount` to the work of the measurement running, if any.
 *
 * @example
 * ```ts
 * countWork(end - from); // after visiting text[from, end)
 * ```
 */
export function countWork(amount: number): void {
  if (meter !== undefined) meter.work += amount;
}

/**
 * @internal Runs `run` with the counter on and returns its result and the work counted.
 *
 * @example
 * ```ts
 * measureWork(() => parseToolCalls("[f(a=1)]\n".repeat(1000))).work;
 * ```
 */
export function measureWork<T>(run: () => T): { readonly result: T; readonly work: number } {
  const outer = meter;
  const own = { work: 0 };
  meter = own;
  try {
    return { result: run(), work: own.work };
  } finally {
    meter = outer;
    if (outer !== undefined) outer.work += own.work;
  }
}
