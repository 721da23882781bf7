import { paceChars, type WritePace } from "./write-pace.js";

// Strings are decoded this many characters at a time (one `JSON.parse` of a slice: well under a ms).
const decodeChars = 64 * 1024;
// Decoded slices are joined into pieces of about this length, and the pieces into one string by
// concatenation, which V8 does without copying: one join of hundreds of megabytes holds the loop
// for most of a second.
const pieceChars = 1024 * 1024;

/** @internal Hands out a text's parts in order, one per call; `undefined` after the last. */
export type NextPart = () => Promise<string | undefined>;

/**
 * @internal `JSON.parse(parts.join(""))` in slices between which the event loop gets its turns, for
 * an artifact's JSON stored in parts (json-parts.ts): a long string is decoded a slice at a time and
 * never joined whole, nesting is walked with a stack of its own. Parts may come from `next` as they
 * are fetched, each let go once read, so a store never holds the whole text and its value at once.
 * Text up to `paceChars` long in one part is one `JSON.parse`. Throws `SyntaxError` for text
 * `JSON.parse` refuses.
 */
export async function parseJsonParts(
  parts: readonly string[] | NextPart,
  pace: WritePace,
): Promise<unknown> {
  if (typeof parts !== "function") {
    if (parts.length === 1 && (parts[0] as string).length <= paceChars) {
      return JSON.parse(parts[0] as string);
    }
    let index = 0;
    return new PartsParser(async () => parts[index++], pace).parse();
  }
  return new PartsParser(parts, pace).parse();
}

type Frame =
  | { readonly kind: "array"; readonly items: unknown[] }
  | { readonly kind: "object"; readonly members: Record<string, unknown>; key: string };

class PartsParser {
  readonly #next: NextPart;
  readonly #pace: WritePace;
  /** The part being read; `undefined` once the last one is read. */
  #part: string | undefined = "";
  #offset = 0;

  constructor(next: NextPart, pace: WritePace) {
    this.#next = next;
    this.#pace = pace;
  }

  async parse(): Promise<unknown> {
    const stack: Frame[] = [];
    for (;;) {
      let value: unknown;
      const first = await this.#skipSpace();
      if (first === 0x7b || first === 0x5b) {
        this.#offset++;
        const close = first === 0x7b ? 0x7d : 0x5d;
        if ((await this.#skipSpace()) === close) {
          this.#offset++;
          value = first === 0x7b ? {} : [];
        } else {
          stack.push(
            first === 0x7b
              ? { kind: "object", members: {}, key: await this.#key() }
              : { kind: "array", items: [] },
          );
          continue;
        }
      } else if (first === 0x22) {
        this.#offset++;
        value = await this.#string();
      } else value = await this.#literal();
      // Place the value, closing each container it completes.
      for (;;) {
        const frame = stack.at(-1);
        if (frame === undefined) {
          if ((await this.#skipSpace()) !== -1) throw this.#unexpected();
          return value;
        }
        if (frame.kind === "array") frame.items.push(value);
        // As JSON.parse does: an own data property, `__proto__` included.
        else Object.defineProperty(frame.members, frame.key, dataProperty(value));
        const next = await this.#skipSpace();
        if (next === 0x2c) {
          this.#offset++;
          if (frame.kind === "object") frame.key = await this.#key();
          break;
        }
        if (next !== (frame.kind === "array" ? 0x5d : 0x7d)) throw this.#unexpected();
        this.#offset++;
        stack.pop();
        value = frame.kind === "array" ? frame.items : frame.members;
      }
      await this.#pace.step(1);
    }
  }

  /** The current part with a character left (fetching the next ones), or `undefined` at the end. */
  async #current(): Promise<string | undefined> {
    while (this.#part !== undefined && this.#offset >= this.#part.length) {
      this.#part = await this.#next();
      this.#offset = 0;
    }
    return this.#part;
  }

  /** The current part when it has a character left (no wait for the common case). */
  #ready(): string | undefined {
    const part = this.#part;
    return part !== undefined && this.#offset < part.length ? part : undefined;
  }

  /** The first character that is not JSON whitespace (not consumed), or -1 at the end. */
  async #skipSpace(): Promise<number> {
    for (;;) {
      const part = this.#ready() ?? (await this.#current());
      if (part === undefined) return -1;
      const code = part.charCodeAt(this.#offset);
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return code;
      this.#offset++;
    }
  }

  /** A member's name and its colon. */
  async #key(): Promise<string> {
    if ((await this.#skipSpace()) !== 0x22) throw this.#unexpected();
    this.#offset++;
    const key = await this.#string();
    if ((await this.#skipSpace()) !== 0x3a) throw this.#unexpected();
    this.#offset++;
    return key;
  }

  /** A string's value, from after its opening quote to past its closing one. */
  async #string(): Promise<string> {
    let value = "";
    let slices: string[] = [];
    let sliced = 0;
    // The start of an escape cut off by a slice's end, decoded with the next slice.
    let carry = "";
    for (;;) {
      const part = await this.#current();
      if (part === undefined) throw new SyntaxError("Unterminated string in JSON");
      const from = this.#offset;
      const end = Math.min(part.length, from + decodeChars);
      const raw = carry + part.slice(from, end);
      const close = closingQuote(raw);
      let body: string;
      if (close >= 0) {
        body = raw.slice(0, close);
        this.#offset = from + close + 1 - carry.length;
      } else {
        const cut = unfinishedEscape(raw);
        body = raw.slice(0, cut);
        carry = raw.slice(cut);
        this.#offset = end;
      }
      const decoded = JSON.parse(`"${body}"`) as string;
      if (close >= 0 && value === "" && slices.length === 0) return decoded;
      slices.push(decoded);
      sliced += decoded.length;
      if (sliced >= pieceChars || close >= 0) {
        value += slices.join("");
        slices = [];
        sliced = 0;
      }
      if (close >= 0) return value;
      await this.#pace.step(end - from);
    }
  }

  /** A number, `true`, `false` or `null`. */
  async #literal(): Promise<unknown> {
    let token = "";
    for (;;) {
      const part = this.#ready() ?? (await this.#current());
      const code = part === undefined ? -1 : part.charCodeAt(this.#offset);
      if (code === -1 || code === 0x2c || code === 0x5d || code === 0x7d || code <= 0x20) break;
      token += String.fromCharCode(code);
      this.#offset++;
    }
    if (token === "") throw this.#unexpected();
    return JSON.parse(token);
  }

  #unexpected(): SyntaxError {
    const part = this.#ready();
    return new SyntaxError(
      part === undefined
        ? "Unexpected end of JSON input"
        : `Unexpected token ${JSON.stringify(part.charAt(this.#offset))} in JSON`,
    );
  }
}

function dataProperty(value: unknown): PropertyDescriptor {
  return { value, writable: true, enumerable: true, configurable: true };
}

/** Where the first quote not escaped by a backslash is in `raw`, or -1. */
function closingQuote(raw: string): number {
  for (let at = raw.indexOf('"'); at >= 0; at = raw.indexOf('"', at + 1)) {
    let slashes = 0;
    while (raw.charCodeAt(at - slashes - 1) === 0x5c) slashes++;
    if (slashes % 2 === 0) return at;
  }
  return -1;
}

/** Where an escape that `raw` ends before finishing starts (`raw.length` when there is none). */
function unfinishedEscape(raw: string): number {
  // An escape is at most 6 characters (\uXXXX): only the last 6 can start an unfinished one.
  for (let at = Math.max(0, raw.length - 6); at < raw.length; at++) {
    if (raw.charCodeAt(at) !== 0x5c) continue;
    let run = 1;
    while (raw.charCodeAt(at - run) === 0x5c) run++;
    // The second backslash of an escaped backslash starts nothing.
    if (run % 2 === 0) continue;
    const size = raw.charCodeAt(at + 1) === 0x75 ? 6 : 2;
    if (at + size > raw.length) return at;
    at += size - 1;
  }
  return raw.length;
}
