import type { JsonValue } from "../schema/json.js";

const maxDepth = 256;

/**
 * @internal A fresh copy of a value that is already plain JSON, equal to what
 * `JSON.parse(JSON.stringify(value))` returns, without the text round trip; `undefined` when the value
 * needs `JSON.stringify`'s own conversions (`toJSON`, class instances, `NaN`, `-0`, holes, bigints,
 * cycles, deep nesting), so the caller falls back to the round trip and gets its exact result or error.
 */
export function copyJsonValue(value: unknown): JsonValue | undefined {
  const copy = copyValue(value, 0);
  return copy === unconvertible ? undefined : (copy as JsonValue);
}

const unconvertible = Symbol("unconvertible");

function copyValue(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0) ? value : unconvertible;
    case "object":
      break;
    default:
      return unconvertible;
  }
  if (value === null) return null;
  if (depth >= maxDepth) return unconvertible;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Array.prototype) {
    const array = value as unknown[];
    const out = new Array<unknown>(array.length);
    for (let index = 0; index < array.length; index++) {
      const item = copyValue(array[index], depth + 1);
      if (item === unconvertible) return unconvertible;
      out[index] = item;
    }
    return out;
  }
  if (prototype !== Object.prototype && prototype !== null) return unconvertible;
  const object = value as Record<string, unknown>;
  if (typeof object.toJSON === "function") return unconvertible;
  const out: Record<string, unknown> = {};
  // Object.keys lists own enumerable keys: no per-key own check, which costs more than the array.
  const keys = Object.keys(object);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const item = object[key];
    // JSON.stringify leaves these properties out.
    if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
    const copied = copyValue(item, depth + 1);
    if (copied === unconvertible) return unconvertible;
    if (key === "__proto__") {
      Object.defineProperty(out, key, {
        value: copied,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[key] = copied;
  }
  return out;
}
