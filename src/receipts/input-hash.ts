import { createHash, type Hash, type Hmac } from "node:crypto";

/**
 * The SHA-256 (hex) of a validated input's canonical form: JSON with object keys sorted by code
 * unit, so two inputs that mean the same hash the same whatever their key order. What a schema makes
 * beyond JSON is written with a tag (`Date` as its ISO time, `bigint`, `Map` and `Set` sorted,
 * binary as hex, a class instance by its name and own fields), so it cannot hash like a string that
 * spells it. A cycle throws a `TypeError`.
 *
 * @example
 * ```ts
 * hashInput({ b: 1, a: [true, null] }) === hashInput({ a: [true, null], b: 1 }); // true
 * ```
 */
export function hashInput(value: unknown): string {
  return digest(value, new Set());
}

/**
 * @internal Feeds `value`'s canonical form (the one `hashInput` hashes) to a hash or an HMAC: what a
 * sealed agent state is signed over.
 */
export function writeCanonical(hash: Hash | Hmac, value: unknown): void {
  const sink = new Sink(hash);
  write(sink, value, new Set());
  sink.flush();
}

function digest(value: unknown, open: Set<object>): string {
  const hash = createHash("sha256");
  const sink = new Sink(hash);
  write(sink, value, open);
  sink.flush();
  return hash.digest("hex");
}

// Text is gathered before it goes to the hash: each `update` is a trip into native code, most of a
// small input's hashing time when made per token. Whole pieces only, so no surrogate pair is split.
const flushAt = 16_384;

class Sink {
  #text = "";
  readonly #hash: Hash | Hmac;

  constructor(hash: Hash | Hmac) {
    this.#hash = hash;
  }

  update(piece: string): void {
    this.#text += piece;
    if (this.#text.length >= flushAt) this.flush();
  }

  flush(): void {
    if (this.#text === "") return;
    this.#hash.update(this.#text);
    this.#text = "";
  }
}

function write(hash: Sink, value: unknown, open: Set<object>): void {
  switch (typeof value) {
    case "string":
      hash.update(JSON.stringify(value));
      return;
    case "number":
      // JSON has no NaN or infinities; they get tags rather than JSON.stringify's `null`.
      hash.update(Number.isFinite(value) ? JSON.stringify(value) : `!number:${value}`);
      return;
    case "boolean":
      hash.update(value ? "true" : "false");
      return;
    case "bigint":
      hash.update(`!bigint:${value}`);
      return;
    case "undefined":
      hash.update("!undefined");
      return;
    case "object":
      if (value === null) {
        hash.update("null");
        return;
      }
      if (open.has(value)) throw new TypeError("hashInput: the input refers to itself");
      open.add(value);
      writeObject(hash, value, open);
      open.delete(value);
      return;
    default:
      // Functions and symbols: no schema outputs them as input, but they must not hash as nothing.
      hash.update(`!${typeof value}:${String(value)}`);
  }
}

function writeObject(hash: Sink, value: object, open: Set<object>): void {
  if (Array.isArray(value)) {
    hash.update("[");
    value.forEach((item, index) => {
      if (index > 0) hash.update(",");
      write(hash, item, open);
    });
    hash.update("]");
    return;
  }
  if (value instanceof Date) {
    hash.update(`!date:${Number.isNaN(value.getTime()) ? "invalid" : value.toISOString()}`);
    return;
  }
  if (ArrayBuffer.isView(value)) {
    hash.update(`!bytes:${value.constructor.name}:`);
    hash.update(Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex"));
    return;
  }
  if (value instanceof Map || value instanceof Set) {
    // Entries in the order of their own canonical hashes: a Map or Set has no order of its own.
    const entries = [...value].map((entry) => digest(entry, open)).sort();
    hash.update(`!${value instanceof Map ? "map" : "set"}:${entries.join(",")}`);
    return;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    hash.update(`!${(value.constructor as { name?: string } | undefined)?.name ?? "object"}:`);
  }
  hash.update("{");
  const keys = Object.keys(value).sort();
  let first = true;
  for (const key of keys) {
    const item = (value as Record<string, unknown>)[key];
    // As JSON.stringify: a key whose value is undefined is absent.
    if (item === undefined) continue;
    if (!first) hash.update(",");
    first = false;
    hash.update(JSON.stringify(key));
    hash.update(":");
    write(hash, item, open);
  }
  hash.update("}");
}
