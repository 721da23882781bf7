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
const STRING_PREFIX = /(?:[rRbBuUfF]|[rR][bBfF]|[bBfF][rR])?(?='|")/y;
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
 * ends the tokens at a line whose start it accepts (`stopped` then holds where).
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
  private readonly stopAtLine: ((lineStart: number) => boolean) | undefined;

  constructor(
    source: string,
    from: number,
    options: {
      readonly end?: number;
      readonly stopAtLine?: (lineStart: number) => boolean;
    } = {},
  ) {
    const end = options.end ?? source.length;
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
          if (ch === "\n" && this.stopAtLine?.(this.pos) === true) {
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
  STRING_PREFIX.lastIndex = pos;
  const prefix = STRING_PREFIX.exec(source);
  if (prefix !== null) return readString(source, pos, prefix[0]);
  if (NAME_START.test(ch)) {
    let end = pos + 1;
    while (end < source.length && NAME_REST.test(source[end] as string)) end++;
    return { kind: "name", text: source.slice(pos, end), start: pos, end };
  }
  if ((ch >= "0" && ch <= "9") || (ch === "." && /[0-9]/.test(source[pos + 1] ?? ""))) {
    return readNumber(source, pos);
  }
  const two = source.slice(pos, pos + 2);
  const text = TWO_CHAR_OPS.has(two) ? two : ch;
  return { kind: "op", text, start: pos, end: pos + text.length };
}

function readNumber(source: string, start: number): PyToken {
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(source);
  const text = match?.[0] ?? (source[start] as string);
  const end = start + text.length;
  if (match === null || NAME_REST.test(source[end] ?? " ")) {
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
  for (;;) {
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
