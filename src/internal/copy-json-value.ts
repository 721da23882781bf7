import { defineEntry } from "./clone-json.js";

const maxDepth = 256;

/**
 * @internal Plain JSON, as `copyJsonValue` returns it: the same type as the schema layer's `JsonValue`
 * (each is assignable to the other), spelled out here so that this helper needs nothing above it.
 */
export type PlainJson =
  | null
  | boolean
  | number
  | string
  | PlainJson[]
  | { [key: string]: PlainJson };

/**
 * @internal A fresh copy of a value that is already plain JSON, equal to what
 * `JSON.parse(JSON.stringify(value))` returns, without the text round trip; `undefined` when the value
 * needs `JSON.stringify`'s own conversions (`toJSON`, class instances, `NaN`, `-0`, holes, bigints,
 * cycles, deep nesting), so the caller falls back to the round trip and gets its exact result or error.
 */
export function copyJsonValue(value: unknown): PlainJson | undefined {
  const copy = copyValue(value, 0);
  return copy === unconvertible ? undefined : (copy as PlainJson);
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
  // One native clone of the level (V8 copies the shape at once), then a pass that checks every value
  // is JSON and puts copies of nested containers in place: a third of the cost of building the object
  // key by key.
  const out: Record<string, unknown> = { ...object };
  for (const key in out) {
    const item = out[key];
    switch (typeof item) {
      case "string":
      case "boolean":
        continue;
      case "number":
        if (Number.isFinite(item) && !Object.is(item, -0)) continue;
        return unconvertible;
      case "object": {
        if (item === null) continue;
        // `for…in` also lists what a polluted Object.prototype makes enumerable: not ours to copy.
        if (!Object.hasOwn(out, key)) continue;
        // A `__proto__` key needs a defined property; the key-by-key copy does that.
        if (key === "__proto__") return copyKeyByKey(out, depth);
        const copied = copyValue(item, depth + 1);
        if (copied === unconvertible) return unconvertible;
        out[key] = copied;
        continue;
      }
      case "undefined":
      case "function":
      case "symbol":
        // JSON.stringify leaves these properties out.
        delete out[key];
        continue;
      default:
        // A bigint: JSON.stringify's own error says so.
        return unconvertible;
    }
  }
  // The clone took enumerable symbol keys too, which JSON has no place for.
  if (Object.getOwnPropertySymbols(out).length > 0) return copyKeyByKey(out, depth);
  return out;
}

/**
 * The same copy built one key at a time, for objects with a `__proto__` key or symbol keys; it reads
 * the clone (getters already read once, as JSON.stringify reads them).
 */
function copyKeyByKey(object: Record<string, unknown>, depth: number): unknown {
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
    defineEntry(out, key, copied);
  }
  return out;
}
