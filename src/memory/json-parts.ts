import type { WritePace } from "./write-pace.js";

/** @internal About how long each part of an artifact's JSON text is (1 Mi characters). */
export const jsonPartChars = 1024 * 1024;

// Long strings are escaped this many characters at a time.
const escapeChars = 64 * 1024;

/**
 * @internal `JSON.stringify(value)`, cut into parts of about {@link jsonPartChars} characters and made
 * in slices between which the event loop gets its turns, so a store never builds (or binds, or
 * sends) one value the size of a whole large artifact. Walks with a stack of its own, so no depth
 * of nesting can exhaust the call stack; throws `TypeError` where `JSON.stringify` would (a cycle,
 * a bigint).
 */
export async function jsonParts(value: unknown, pace: WritePace): Promise<string[]> {
  const parts: string[] = [];
  let pieces: string[] = [];
  let length = 0;
  for (const piece of jsonPieces(value)) {
    pieces.push(piece);
    length += piece.length;
    if (length >= jsonPartChars) {
      parts.push(pieces.join(""));
      pieces = [];
      length = 0;
    }
    await pace.step(piece.length);
  }
  if (pieces.length > 0 || parts.length === 0) parts.push(pieces.join(""));
  return parts;
}

interface Frame {
  readonly node: object;
  /** The object's keys; `undefined` for an array. */
  readonly keys: readonly string[] | undefined;
  index: number;
  /** Whether a member was written (the next one needs a comma). */
  wrote: boolean;
}

/** The JSON text of a value as `JSON.stringify` writes it, in pieces of bounded length. */
function* jsonPieces(root: unknown): Generator<string> {
  const resolved = resolve("", root);
  if (omitted(resolved)) throw new TypeError("the value has no JSON form");
  const stack: Frame[] = [];
  const open = new Set<object>();
  let next: unknown = resolved;
  let hasNext = true;
  for (;;) {
    if (hasNext) {
      hasNext = false;
      if (typeof next === "string") yield* stringPieces(next);
      else if (typeof next === "object" && next !== null) {
        if (open.has(next)) throw new TypeError("Converting circular structure to JSON");
        open.add(next);
        const array = Array.isArray(next);
        stack.push({
          node: next,
          keys: array ? undefined : Object.keys(next),
          index: 0,
          wrote: false,
        });
        yield array ? "[" : "{";
      } else yield JSON.stringify(next);
    }
    const frame = stack.at(-1);
    if (frame === undefined) return;
    const { node, keys } = frame;
    if (keys === undefined) {
      const array = node as unknown[];
      if (frame.index >= array.length) {
        stack.pop();
        open.delete(node);
        yield "]";
        continue;
      }
      const index = frame.index++;
      const item = resolve(String(index), array[index]);
      if (index > 0) yield ",";
      next = omitted(item) ? null : item;
      hasNext = true;
      continue;
    }
    const record = node as Record<string, unknown>;
    let found = false;
    while (frame.index < keys.length && !found) {
      const key = keys[frame.index++] as string;
      const item = resolve(key, record[key]);
      if (omitted(item)) continue;
      yield `${frame.wrote ? "," : ""}${JSON.stringify(key)}:`;
      frame.wrote = true;
      next = item;
      hasNext = true;
      found = true;
    }
    if (!found) {
      stack.pop();
      open.delete(node);
      yield "}";
    }
  }
}

/** A value as `JSON.stringify` sees it: after its `toJSON`, boxed primitives unboxed. */
function resolve(key: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return resolve(key, toJSON.call(value, key));
  if (value instanceof String || value instanceof Number || value instanceof Boolean) {
    return value.valueOf();
  }
  return value;
}

/** Values `JSON.stringify` leaves out of objects (and writes as `null` in arrays). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

/** A string's JSON text in slices, never cutting a surrogate pair (so the escapes are the same). */
function* stringPieces(text: string): Generator<string> {
  if (text.length <= escapeChars) {
    yield JSON.stringify(text);
    return;
  }
  let start = 0;
  let first = true;
  while (start < text.length) {
    let end = Math.min(start + escapeChars, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    const escaped = JSON.stringify(text.slice(start, end));
    yield `${first ? '"' : ""}${escaped.slice(1, -1)}${end === text.length ? '"' : ""}`;
    first = false;
    start = end;
  }
}
