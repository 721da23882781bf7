import { skipSpace } from "../json/shared-json-scan.js";
import type { ParsedToolCall, RefusedToolCall } from "../tool-call-format.js";
import { defineValue, PYTHON_LITERAL_LIMITS } from "./python-literal.js";
import { CUT_OFF, refusal } from "./text-result.js";

const NAME = /call:([\p{L}\p{N}_.-]+)\{/uy;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Thrown inside the reader when a call cannot be read; `cutOff` when the text ended inside it. */
class Unreadable extends Error {
  constructor(
    message: string,
    readonly cutOff = false,
  ) {
    super(message);
  }
}

/**
 * @internal Reads the body of one Gemma-style call block, `call:name{key:value,…}`, where text
 * values sit between `quote` tokens (`<|"|>` for Gemma 4, `<escape>` for FunctionGemma) and keys are
 * bare. Quoted values stay the text written; bare `true`/`false`/`null` and JSON numbers are typed;
 * `{…}` and `[…]` nest.
 *
 * @example
 * ```ts
 * readGemmaCall('call:f{city:<|"|>Paris<|"|>,days:3}', { quote: '<|"|>', closed: true });
 * // { calls: [{ name: "f", arguments: { city: "Paris", days: 3 } }], refused: [] }
 * ```
 */
export function readGemmaCall(
  body: string,
  options: { readonly quote: string; readonly closed: boolean },
): { calls: ParsedToolCall[]; refused: RefusedToolCall[] } {
  const trimmed = body.trim();
  try {
    NAME.lastIndex = 0;
    const head = NAME.exec(trimmed);
    if (head === null) {
      const partial = !options.closed && !trimmed.includes("{");
      throw new Unreadable("expected call:name{key:value,...}", partial);
    }
    const reader = new GemmaReader(trimmed, options.quote, NAME.lastIndex);
    const args = reader.object(1);
    reader.expectEnd();
    return { calls: [{ name: head[1] as string, arguments: args }], refused: [] };
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    const cutOff = error.cutOff && !options.closed;
    return { calls: [], refused: [refusal(cutOff ? CUT_OFF : error.message, trimmed)] };
  }
}

class GemmaReader {
  constructor(
    private readonly text: string,
    private readonly quote: string,
    private pos: number,
  ) {}

  // Reads `key:value,…}` after an opening `{`.
  object(depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (this.skipBlanks(); !this.take("}"); this.skipBlanks()) {
      const key = this.key();
      if (Object.hasOwn(result, key)) throw new Unreadable(`the argument "${key}" is given twice`);
      defineValue(result, key, this.value(depth));
      this.skipBlanks();
      if (!this.take(",") && this.text[this.pos] !== "}") this.unexpected('"," or "}"');
    }
    return result;
  }

  expectEnd(): void {
    this.skipBlanks();
    if (this.pos < this.text.length) this.unexpected("the end of the call");
  }

  private array(depth: number): unknown[] {
    const items: unknown[] = [];
    for (this.skipBlanks(); !this.take("]"); this.skipBlanks()) {
      items.push(this.value(depth));
      this.skipBlanks();
      if (!this.take(",") && this.text[this.pos] !== "]") this.unexpected('"," or "]"');
    }
    return items;
  }

  private key(): string {
    if (this.text.startsWith(this.quote, this.pos)) {
      const key = this.quoted();
      this.skipBlanks();
      if (!this.take(":")) this.unexpected('":" after the argument name');
      return key;
    }
    const colon = this.text.indexOf(":", this.pos);
    if (colon < 0) throw new Unreadable("an argument has no value", true);
    const key = this.text.slice(this.pos, colon).trim();
    if (key === "" || /[{}[\],<>]/.test(key)) this.unexpected("an argument name");
    this.pos = colon + 1;
    return key;
  }

  private value(depth: number): unknown {
    if (depth > PYTHON_LITERAL_LIMITS.maxDepth) {
      throw new Unreadable(
        `the value is nested deeper than ${PYTHON_LITERAL_LIMITS.maxDepth} levels`,
      );
    }
    this.skipBlanks();
    if (this.text.startsWith(this.quote, this.pos)) return this.quoted();
    if (this.take("{")) return this.object(depth + 1);
    if (this.take("[")) return this.array(depth + 1);
    const start = this.pos;
    while (this.pos < this.text.length && !",}]".includes(this.text[this.pos] as string))
      this.pos++;
    if (this.pos >= this.text.length) throw new Unreadable("the call ends inside a value", true);
    const bare = this.text.slice(start, this.pos).trim();
    if (bare === "") this.unexpected("a value");
    if (bare.includes(this.quote)) {
      throw new Unreadable(`a text value is not closed with ${this.quote}`);
    }
    if (bare === "true") return true;
    if (bare === "false") return false;
    if (bare === "null") return null;
    return JSON_NUMBER.test(bare) ? Number(bare) : bare;
  }

  // Text between two quote tokens, exactly as written (the format has no escapes).
  private quoted(): string {
    const start = this.pos + this.quote.length;
    const end = this.text.indexOf(this.quote, start);
    if (end < 0) throw new Unreadable(`a text value is not closed with ${this.quote}`, true);
    this.pos = end + this.quote.length;
    return this.text.slice(start, end);
  }

  private take(char: string): boolean {
    if (this.text[this.pos] !== char) return false;
    this.pos++;
    return true;
  }

  private skipBlanks(): void {
    this.pos = skipSpace(this.text, this.pos);
  }

  private unexpected(expected: string): never {
    if (this.pos >= this.text.length) throw new Unreadable("the call ends too early", true);
    const found = JSON.stringify(this.text.slice(this.pos, this.pos + 20));
    throw new Unreadable(`expected ${expected} but found ${found}`);
  }
}
