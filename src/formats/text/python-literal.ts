import { type PyToken, tokenizePython } from "./python-tokenizer.js";

/**
 * @internal Limits of the Python literal reader: nesting depth and source length, so hostile
 * input cannot overflow the stack or take long.
 *
 * @example
 * ```ts
 * const limits = PYTHON_LITERAL_LIMITS; // { maxDepth: 256, maxLength: 1_000_000 }
 * ```
 */
export const PYTHON_LITERAL_LIMITS = { maxDepth: 256, maxLength: 1_000_000 } as const;

/**
 * @internal How the reader treats bare names: OLMo 3 writes JSON's `true`/`false`/`null` where
 * Python has `True`/`False`/`None`.
 *
 * @example
 * ```ts
 * const options: PythonLiteralOptions = { jsonLiterals: true };
 * ```
 */
export interface PythonLiteralOptions {
  /** Read `true`, `false` and `null` as their JSON values (OLMo 3). */
  readonly jsonLiterals?: boolean;
}

/** @internal Thrown inside the reader when the source is not a literal; carries the reason. */
export class NotALiteral extends Error {}

/**
 * @internal The result of reading one literal or call: a value, or why it cannot be read.
 *
 * @example
 * ```ts
 * const read: LiteralRead<number> = { ok: false, reason: "expressions are not literals" };
 * ```
 */
export type LiteralRead<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: string };

/**
 * @internal Reads one Python literal (str, int, float, True/False/None, list, tuple, dict, nested)
 * as a JSON value. Tuples become arrays; bytes, sets, non-string dict keys, names, calls and any
 * other expression are refused with a reason.
 *
 * @example
 * ```ts
 * parsePythonLiteral("{'city': 'São Paulo', 'days': [1, 2]}");
 * // { ok: true, value: { city: "São Paulo", days: [1, 2] } }
 * ```
 */
export function parsePythonLiteral(
  source: string,
  options: PythonLiteralOptions = {},
): LiteralRead<unknown> {
  if (source.length > PYTHON_LITERAL_LIMITS.maxLength) {
    return {
      ok: false,
      reason: `the value is longer than ${PYTHON_LITERAL_LIMITS.maxLength} characters`,
    };
  }
  const tokens = tokenizePython(source);
  return attempt(() => {
    const reader = new LiteralReader(tokens, 0, tokens.length, options);
    if (tokens.length === 0) throw new NotALiteral("the value is empty");
    const value = reader.value(1);
    reader.expectEnd();
    return value;
  });
}

/**
 * @internal Reads a call `name(arg=value, ...)` from `tokens[start, end)` (the span of exactly one
 * call) into its name and keyword arguments. With `name`, `tokens[start]` is the `(` and the
 * name was read from the source already (a dashed `get-weather` is several tokens).
 *
 * @example
 * ```ts
 * const tokens = tokenizePython("fn(a=1, b={'x': 2})");
 * parsePythonCall(tokens, 0, tokens.length); // { ok: true, value: { name: "fn", arguments: { a: 1, b: { x: 2 } } } }
 * ```
 */
export function parsePythonCall(
  tokens: readonly PyToken[],
  start: number,
  end: number,
  options: PythonLiteralOptions = {},
  name?: string,
): LiteralRead<{ name: string; arguments: Record<string, unknown> }> {
  // No closure per call: a reply may hold thousands of calls.
  try {
    return { ok: true, value: new LiteralReader(tokens, start, end, options).call(name) };
  } catch (error) {
    if (error instanceof NotALiteral) return { ok: false, reason: error.message };
    throw error;
  }
}

function attempt<T>(read: () => T): LiteralRead<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    if (error instanceof NotALiteral) return { ok: false, reason: error.message };
    throw error;
  }
}

/**
 * @internal Sets a property as an own, enumerable data property, so a key such as `__proto__`
 * stays a plain key instead of changing the object's prototype.
 *
 * @example
 * ```ts
 * const target: Record<string, unknown> = {};
 * defineValue(target, "__proto__", 1); // Object.keys(target): ["__proto__"]
 * ```
 */
export function defineValue(target: Record<string, unknown>, key: string, value: unknown): void {
  // Only `__proto__` is special to assignment on a plain object; every other key is set directly.
  if (key !== "__proto__") {
    target[key] = value;
    return;
  }
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

const CLOSERS: Readonly<Record<string, string>> = { "[": "]", "(": ")", "{": "}" };

class LiteralReader {
  private pos: number;

  constructor(
    private readonly tokens: readonly PyToken[],
    start: number,
    private readonly end: number,
    private readonly options: PythonLiteralOptions,
  ) {
    this.pos = start;
  }

  call(readName?: string): { name: string; arguments: Record<string, unknown> } {
    const name = readName ?? this.plainName();
    this.expectOp("(");
    const args: Record<string, unknown> = {};
    while (!this.peekOp(")")) {
      const key = this.take();
      if (key.kind !== "name" || !this.peekOp("=")) {
        throw new NotALiteral("positional arguments; name each argument (name=value)");
      }
      this.pos++;
      if (Object.hasOwn(args, key.text)) {
        throw new NotALiteral(`the argument "${key.text}" is given twice`);
      }
      defineValue(args, key.text, this.value(1));
      if (!this.peekOp(")")) this.expectOp(",");
    }
    this.pos++;
    this.expectEnd();
    return { name, arguments: args };
  }

  private plainName(): string {
    const nameToken = this.take();
    if (nameToken.kind !== "name") throw new NotALiteral("expected a call name(arg=value, ...)");
    let name = nameToken.text;
    while (this.peekOp(".")) {
      this.pos++;
      name += `.${this.take().text}`;
    }
    if (name.includes(".")) {
      throw new NotALiteral(`"${name}" is not a plain function name; call the tool by its name`);
    }
    return name;
  }

  value(depth: number): unknown {
    if (depth > PYTHON_LITERAL_LIMITS.maxDepth) {
      throw new NotALiteral(
        `the value is nested deeper than ${PYTHON_LITERAL_LIMITS.maxDepth} levels`,
      );
    }
    const token = this.take();
    if (token.kind === "error") throw new NotALiteral(`cannot read ${clip(token.text)}`);
    if (token.kind === "string") return this.strings(token);
    if (token.kind === "number") return this.number(token, 1);
    if (token.kind === "name") return this.name(token);
    if (token.text === "-" || token.text === "+") {
      const operand = this.take();
      if (operand.kind !== "number") throw expression();
      return this.number(operand, token.text === "-" ? -1 : 1);
    }
    if (token.text === "[") return this.sequence("]", depth);
    if (token.text === "(") return this.parenthesized(depth);
    if (token.text === "{") return this.braces(depth);
    throw expression();
  }

  expectEnd(): void {
    if (this.pos < this.end) {
      const token = this.tokens[this.pos] as PyToken;
      if (token.kind === "op" && !(token.text in CLOSERS) && token.text !== ",") throw expression();
      throw new NotALiteral(`unexpected ${clip(token.text)}`);
    }
  }

  private strings(first: PyToken): string {
    let text = "";
    for (let token: PyToken | undefined = first; ; token = this.peekKind("string")) {
      if (token === undefined) return text;
      if (token !== first) this.pos++;
      if (token.problem !== undefined) throw new NotALiteral(token.problem);
      text += token.value as string;
    }
  }

  private number(token: PyToken, sign: number): number {
    if (token.problem !== undefined) throw new NotALiteral(token.problem);
    if (this.peekOp(".") || this.peekKind("name") !== undefined) throw expression();
    const value = sign * (token.value as number);
    return Object.is(value, -0) ? 0 : value;
  }

  private name(token: PyToken): unknown {
    if (this.peekOp("(")) {
      throw new NotALiteral(
        `a call (${token.text}(...)) inside the arguments; arguments must be literal values`,
      );
    }
    if (token.text === "True") return true;
    if (token.text === "False") return false;
    if (token.text === "None") return null;
    if (this.options.jsonLiterals === true) {
      if (token.text === "true") return true;
      if (token.text === "false") return false;
      if (token.text === "null") return null;
    }
    throw new NotALiteral(
      `"${clip(token.text)}" is a name, not a value; write the value itself (quote text as a string)`,
    );
  }

  private sequence(closer: string, depth: number): unknown[] {
    const items: unknown[] = [];
    while (!this.peekOp(closer)) {
      items.push(this.value(depth + 1));
      if (!this.peekOp(closer)) this.expectOp(",");
    }
    this.pos++;
    return items;
  }

  private parenthesized(depth: number): unknown {
    if (this.peekOp(")")) {
      this.pos++;
      return [];
    }
    const first = this.value(depth + 1);
    if (this.peekOp(")")) {
      this.pos++;
      return first;
    }
    this.expectOp(",");
    return [first, ...this.sequence(")", depth)];
  }

  private braces(depth: number): unknown {
    const result: Record<string, unknown> = {};
    if (this.peekOp("}")) {
      this.pos++;
      return result;
    }
    let first = true;
    while (!this.peekOp("}")) {
      const keyStart = this.tokens[this.pos];
      const key = this.value(depth + 1);
      if (first && !this.peekOp(":")) {
        throw new NotALiteral("sets ({a, b}) are not supported; use a list [a, b]");
      }
      first = false;
      if (typeof key !== "string") {
        throw new NotALiteral(
          `dict keys must be strings (got ${clip(keyStart?.text ?? "")}); quote the key`,
        );
      }
      this.expectOp(":");
      defineValue(result, key, this.value(depth + 1));
      if (!this.peekOp("}")) this.expectOp(",");
    }
    this.pos++;
    return result;
  }

  private take(): PyToken {
    const token = this.tokens[this.pos];
    if (token === undefined || this.pos >= this.end)
      throw new NotALiteral("the call ends too early");
    this.pos++;
    return token;
  }

  private peekOp(text: string): boolean {
    const token = this.tokens[this.pos];
    return this.pos < this.end && token?.kind === "op" && token.text === text;
  }

  private peekKind(kind: PyToken["kind"]): PyToken | undefined {
    const token = this.tokens[this.pos];
    return this.pos < this.end && token?.kind === kind ? token : undefined;
  }

  private expectOp(text: string): void {
    const token = this.take();
    if (token.kind === "op" && token.text === text) return;
    if (token.kind === "op" && !(token.text in CLOSERS) && !"]}),:".includes(token.text)) {
      throw expression();
    }
    throw new NotALiteral(`expected "${text}" but found ${clip(token.text)}`);
  }
}

function expression(): NotALiteral {
  return new NotALiteral("expressions are not allowed in arguments; write literal values only");
}

function clip(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
