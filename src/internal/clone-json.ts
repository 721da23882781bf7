/** @internal Thrown by {@link cloneInput} for inputs nested deeper than the limit (or cyclic). */
export class InputTooDeepError extends Error {
  constructor(readonly limit: number) {
    super(`input nests deeper than ${limit} levels`);
  }
}

const maxDepth = 256;

/**
 * @internal Deep copy of plain data (arrays and plain objects; anything else is kept by reference), so a
 * method can neither see nor cause aliasing with the caller's input. A `__proto__` key stays an own data
 * property and never becomes a prototype.
 */
export function cloneInput<T>(value: T, depth = 0): T {
  if (typeof value !== "object" || value === null) return value;
  if (depth > maxDepth) throw new InputTooDeepError(maxDepth);
  if (Array.isArray(value)) {
    const copy = new Array(value.length);
    for (let index = 0; index < value.length; index++)
      copy[index] = cloneInput(value[index], depth + 1);
    return copy as T;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  // Object.keys lists own enumerable keys: no per-key own check, which costs more than the array.
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const item = cloneInput((value as Record<string, unknown>)[key], depth + 1);
    defineEntry(copy, key, item);
  }
  return copy as T;
}

/** @internal True for arrays-free, non-null objects with a plain prototype. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** @internal Sets `key` as an own data property, even when it is `__proto__`. */
export function defineEntry<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}
