/** @internal A value now, or a promise of it: what a step returns when it only sometimes waits. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * @internal Runs `next` on the value right away, or once the promise settles: a pipeline whose steps are
 * mostly synchronous pays for a promise only where one step really waits.
 */
export function andThen<T, U>(
  value: MaybePromise<T>,
  next: (value: T) => MaybePromise<U>,
): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** @internal True for anything `await` would wait on (a promise or any thenable). */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
