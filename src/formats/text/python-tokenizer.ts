import { countWork } from "../reply/work-meter.js";

/**
 * @internal One token of a Python call expression. `problem` marks a token that is lexically fine
 * but cannot become a JSON value (bytes, f-strings, complex or non-finite numbers); `error` tokens
 * are lexically broken, and `cutOff` says the text ended inside them.
 *
 * @example
 * ```ts
 * const token: PyToken = { kind: "name", text: "get_weather", start: 0, end: 11 };
 * ```
 */
export interface PyToken {
  readonly kind: "name" | "number" | "string" | "op" | "error";
  /** The source text of the token. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** The decoded value of a string or number token. */
  readonly value?: string | number;
  /** Why the token, though well formed, is not a value a tool call can carry. */
  readonly problem?: string;
  /** True when the text ends inside this token (an unterminated string). */
  readonly cutOff?: boolean;
}

const NAME_START = /[\p{L}\p{Nl}_]/u;
const NAME_REST = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]/u;
const NUMBER =
  /(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?)[jJ]?/y;
const TWO_CHAR_OPS = new Set(["==", "!=", "<=", ">=", "**", "//", ":=", "->"]);
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/**
 * @internal Splits Python source into tokens, whitespace and newlines dropped (inside brackets
 * Python ignores them too). It never throws: broken input becomes `error` tokens.
 *
 * @example
 * ```ts
 * tokenizePython("f(a=1)").map((t) => t.text); // ["f", "(", "a", "=", "1", ")"]
 * ```
 */
export function tokenizePython(source: string): PyToken[] {
  const tokens: PyToken[] = [];
  const lexer = new PythonLexer(source, 0);
  for (let token = lexer.next(); token !== undefined; token = lexer.next()) tokens.push(token);
  return tokens;
}

/**
 * @internal Reads Python tokens one at a time from `from` on (offsets are the source's), so a scan
 * that needs only the first few never tokenizes the rest. `end` bounds the source read; `stopAtLine`
 * ends the tokens at a line whose start it accepts (given the whole source and the line's start;
 * `stopped` then holds where).
 *
 * @example
 * ```ts
 * new PythonLexer("x [f(a=1)]", 2).next()?.text; // "["
 * ```
 */
export class PythonLexer {
  /** Where reading stopped at a line `stopAtLine` accepted, if it did. */
  stopped: number | undefined;
  private pos: number;
  private readonly source: string;
  private readonly whole: string;
  private readonly stopAtLine: ((text: string, lineStart: number) => boolean) | undefined;

  constructor(
    source: string,
    from: number,
    options: {
      readonly end?: number | undefined;
      readonly stopAtLine?: ((text: string, lineStart: number) => boolean) | undefined;
    } = {},
  ) {
    const end = options.end ?? source.length;
    this.whole = source;
    this.source = end < source.length ? source.slice(0, end) : source;
    this.pos = from;
    this.stopAtLine = options.stopAtLine;
  }

  next(): PyToken | undefined {
    const source = this.source;
    const end = source.length;
    const start = this.pos;
    try {
      while (this.pos < end && this.stopped === undefined) {
        const pos = this.pos;
        const ch = source[pos] as string;
        if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f") {
          this.pos++;
          if (ch === "\n" && this.stopAtLine?.(this.whole, this.pos) === true) {
            this.stopped = this.pos;
            return undefined;
          }
          continue;
        }
        if (ch === "\\" && (source[pos + 1] === "\n" || source[pos + 1] === "\r")) {
          this.pos += 2;
          continue;
        }
        const token = readToken(source, pos);
        this.pos = token.end;
        return token;
      }
      return undefined;
    } finally {
      countWork(this.pos - start + 1);
    }
  }
}

function readToken(source: string, pos: number): PyToken {
  const ch = source[pos] as string;
  const prefix = stringPrefix(source, pos);
  if (prefix >= 0) return readString(source, pos, source.slice(pos, pos + prefix));
  if (isNameStart(ch)) {
    let end = pos + 1;
    while (end < source.length && isNameRest(source[end] as string)) end++;
    return { kind: "name", text: source.slice(pos, end), start: pos, end };
  }
  if ((ch >= "0" && ch <= "9") || (ch === "." && /[0-9]/.test(source[pos + 1] ?? ""))) {
    return readNumber(source, pos);
  }
  const two = source.slice(pos, pos + 2);
  const text = TWO_CHAR_OPS.has(two) ? two : ch;
  return { kind: "op", text, start: pos, end: pos + text.length };
}

// The length of the string prefix (`r`, `b`, `rb`, `f` …) before a quote at `pos`, 0 for a bare
// quote, -1 when no string starts there. Character tests, not a regular expression: this runs for
// every token.
function stringPrefix(source: string, pos: number): number {
  const code = source.charCodeAt(pos);
  if (code === QUOTE || code === APOSTROPHE) return 0;
  if (!PREFIX_LETTERS.includes(source[pos] as string)) return -1;
  const second = source.charCodeAt(pos + 1);
  if (second === QUOTE || second === APOSTROPHE) return 1;
  const first = source[pos] as string;
  const pairs =
    first === "r" || first === "R" ? "bBfF" : first === "u" || first === "U" ? "" : "rR";
  if (!pairs.includes(source[pos + 1] ?? "-")) return -1;
  const third = source.charCodeAt(pos + 2);
  return third === QUOTE || third === APOSTROPHE ? 2 : -1;
}

const QUOTE = 34;
const BACKSLASH = 92;
const NEWLINE = 10;
const RETURN = 13;
const APOSTROPHE = 39;
const PREFIX_LETTERS = "rRbBuUfF";

// ASCII answers at once; any other character goes to the Unicode classes Python's names use.
function isNameStart(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
  return NAME_START.test(ch);
}

function isNameRest(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code < 128) {
    return (
      (code >= 97 && code <= 122) ||
      (code >= 65 && code <= 90) ||
      (code >= 48 && code <= 57) ||
      code === 95
    );
  }
  return NAME_REST.test(ch);
}

function readNumber(source: string, start: number): PyToken {
  const plain = plainInteger(source, start);
  if (plain !== undefined) return plain;
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(source);
  const text = match?.[0] ?? (source[start] as string);
  const end = start + text.length;
  if (match === null || isNameRest(source[end] ?? " ")) {
    const bad = /^[\w.]*/u.exec(source.slice(start))?.[0] ?? text;
    return { kind: "error", text: bad, start, end: start + Math.max(bad.length, 1) };
  }
  const base = { kind: "number" as const, text, start, end };
  if (/[jJ]$/.test(text)) return { ...base, problem: "complex numbers are not supported" };
  const digits = text.replaceAll("_", "");
  let value: number;
  if (/^0[xXoObB]/.test(digits)) {
    const big = BigInt(digits);
    if (big > BigInt(Number.MAX_SAFE_INTEGER)) return { ...base, problem: tooLarge(text) };
    value = Number(big);
  } else if (/^\d+$/.test(digits)) {
    if (/^0+[1-9]/.test(digits)) {
      return { kind: "error", text, start, end }; // Python 3 rejects leading zeros ("0755")
    }
    const big = BigInt(digits);
    if (big > BigInt(Number.MAX_SAFE_INTEGER)) return { ...base, problem: tooLarge(text) };
    value = Number(big);
  } else {
    value = Number(digits);
    if (!Number.isFinite(value)) {
      return { ...base, problem: `the number ${text} is out of range (not finite)` };
    }
  }
  return { ...base, value };
}

// The common number, decimal digits followed by an ASCII character that cannot continue it (not a
// letter, digit, "_" or "."), read without the general pattern; `undefined` sends anything else
// there. Up to 15 digits a double holds the value exactly.
function plainInteger(source: string, start: number): PyToken | undefined {
  let end = start;
  for (let code = source.charCodeAt(end); code >= 48 && code <= 57; code = source.charCodeAt(end)) {
    end++;
  }
  if (end === start || end - start > 15) return undefined;
  if (end < source.length) {
    const next = source.charCodeAt(end);
    if (next >= 128 || next === 46 || isNameRest(source[end] as string)) return undefined;
  }
  const text = source.slice(start, end);
  if (text.length > 1 && text.charCodeAt(0) === 48) {
    // Python 3 rejects leading zeros ("0755") but reads "00" as 0.
    if (/^0+[1-9]/.test(text)) return { kind: "error", text, start, end };
    return { kind: "number", text, start, end, value: 0 };
  }
  return { kind: "number", text, start, end, value: Number(text) };
}

function tooLarge(text: string): string {
  return `the integer ${text} is too large to represent exactly; pass it as a string`;
}

function readString(source: string, start: number, prefix: string): PyToken {
  const lower = prefix.toLowerCase();
  const raw = lower.includes("r");
  let pos = start + prefix.length;
  const quote = source[pos] as string;
  const triple = source.slice(pos, pos + 3) === quote.repeat(3);
  const closer = triple ? quote.repeat(3) : quote;
  pos += closer.length;
  let value = "";
  let problem: string | undefined;
  const quoteCode = quote.charCodeAt(0);
  for (;;) {
    // Characters that neither close, escape nor end the line are copied a run at a time.
    let run = pos;
    for (let code = source.charCodeAt(run); run < source.length; code = source.charCodeAt(++run)) {
      if (code === quoteCode || code === BACKSLASH || code === NEWLINE || code === RETURN) break;
    }
    if (run > pos) {
      value += source.slice(pos, run);
      pos = run;
    }
    if (pos >= source.length) {
      return { kind: "error", text: source.slice(start), start, end: pos, cutOff: true };
    }
    if (source.startsWith(closer, pos)) {
      pos += closer.length;
      break;
    }
    const ch = source[pos] as string;
    if (!triple && (ch === "\n" || ch === "\r")) {
      return { kind: "error", text: source.slice(start, pos), start, end: pos };
    }
    if (ch !== "\\") {
      value += ch;
      pos++;
      continue;
    }
    const next = source[pos + 1];
    if (next === undefined) {
      return { kind: "error", text: source.slice(start), start, end: source.length, cutOff: true };
    }
    if (raw) {
      // A raw string keeps the backslash; it only stops the next quote from closing the string.
      value += ch + next;
      pos += 2;
      continue;
    }
    const escaped = readEscape(source, pos);
    if (escaped.problem !== undefined) problem ??= escaped.problem;
    value += escaped.value;
    pos = escaped.end;
  }
  const text = source.slice(start, pos);
  if (lower.includes("b")) {
    return { kind: "string", text, start, end: pos, value, problem: bytesProblem };
  }
  if (lower.includes("f")) {
    return { kind: "string", text, start, end: pos, value, problem: "f-strings are expressions" };
  }
  if (problem !== undefined) return { kind: "string", text, start, end: pos, value, problem };
  return { kind: "string", text, start, end: pos, value };
}

const bytesProblem = "bytes literals (b'...') are not supported; pass the text as a str";

function readEscape(source: string, pos: number): { value: string; end: number; problem?: string } {
  const next = source[pos + 1] as string;
  const simple = SIMPLE_ESCAPES[next];
  if (simple !== undefined) return { value: simple, end: pos + 2 };
  if (next === "\n") return { value: "", end: pos + 2 };
  if (next === "\r") return { value: "", end: source[pos + 2] === "\n" ? pos + 3 : pos + 2 };
  const octal = /^[0-7]{1,3}/.exec(source.slice(pos + 1, pos + 4));
  if (octal !== null) {
    return {
      value: String.fromCodePoint(Number.parseInt(octal[0], 8)),
      end: pos + 1 + octal[0].length,
    };
  }
  const hexLength = next === "x" ? 2 : next === "u" ? 4 : next === "U" ? 8 : 0;
  if (hexLength > 0) {
    const hex = source.slice(pos + 2, pos + 2 + hexLength);
    const code =
      /^[0-9a-fA-F]+$/.test(hex) && hex.length === hexLength ? Number.parseInt(hex, 16) : -1;
    if (code < 0 || code > 0x10ffff) {
      return { value: "", end: pos + 2, problem: `the escape \\${next}${hex} is not valid` };
    }
    return { value: String.fromCodePoint(code), end: pos + 2 + hexLength };
  }
  if (next === "N") {
    return {
      value: "",
      end: pos + 2,
      problem: "named escapes (\\N{...}) are not supported; write the character",
    };
  }
  // Python keeps an unknown escape as written (backslash included).
  return { value: `\\${next}`, end: pos + 2 };
}
