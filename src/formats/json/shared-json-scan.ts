import { skipSpace, take } from "../reply/text-search.js";
import { countWork } from "../reply/work-meter.js";

export { skipSpace } from "../reply/text-search.js";

/**
 * Where one JSON value of a reply ends: `complete` (its closing bracket or quote is there), `cut-off`
 * (the reply ends inside it), `end` (nothing but white space is left) or `absent` (no object, array
 * or string starts there). A cut-off value that stopped right after a whole inner value carries the
 * brackets that would close it (`closing`): the one case where the text alone cannot tell a
 * finished call from a cut one.
 *
 * @example
 * ```ts
 * const scan: JsonScan = { kind: "complete", start: 0, end: 2 };
 * ```
 */
export type JsonScan =
  | { readonly kind: "complete"; readonly start: number; readonly end: number }
  | { readonly kind: "cut-off"; readonly start: number; readonly closing?: string }
  | { readonly kind: "end"; readonly start: number }
  | { readonly kind: "absent"; readonly start: number };

// What the innermost container expects next. A value is "done" once it is whole: a closed string,
// object or array, or a bare word (true/false/null; a number may still grow, so it is not).
type Expect = "key" | "colon" | "value" | "next";

/**
 * Finds where the JSON object, array or string starting at `from` (after white space) ends, counting
 * brackets outside strings. It only delimits the value; `JSON.parse` judges it afterwards, so a
 * balanced but malformed value is `complete` here and refused later.
 *
 * @example
 * ```ts
 * scanJsonValue('x {"a": "}"} y', 1); // { kind: "complete", start: 2, end: 12 }
 * ```
 */
export function scanJsonValue(text: string, from: number): JsonScan {
  const start = skipSpace(text, from);
  if (start >= text.length) return { kind: "end", start };
  const first = text[start];
  if (first !== "{" && first !== "[" && first !== '"') return { kind: "absent", start };
  const closers: string[] = [];
  const expects: Expect[] = [];
  // False once the text stops looking like JSON: a cut-off value is then never closable.
  let wellFormed = true;
  let inString = false;
  let bareStart = -1;
  let index = start;
  const valueDone = () => {
    const top = expects.length - 1;
    if (top >= 0) expects[top] = "next";
  };
  const endBare = (at: number) => {
    if (bareStart < 0) return;
    const word = text.slice(bareStart, at);
    if (!/^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)$/.test(word)) {
      wellFormed = false;
    }
    bareStart = -1;
    valueDone();
  };
  try {
    for (; index < text.length; index += 1) {
      const char = text[index];
      if (inString) {
        if (char === "\\") index += 1;
        else if (char === '"') {
          inString = false;
          if (closers.length === 0) return { kind: "complete", start, end: index + 1 };
          const top = expects.length - 1;
          expects[top] = expects[top] === "key" ? "colon" : "next";
        }
        continue;
      }
      if (bareStart >= 0 && !isBare(char)) endBare(index);
      switch (char) {
        case '"':
          inString = true;
          if (!expects.length || (expects.at(-1) !== "key" && expects.at(-1) !== "value")) {
            wellFormed = false;
          }
          break;
        case "{":
        case "[":
          if (expects.length > 0 && expects.at(-1) !== "value") wellFormed = false;
          closers.push(char === "{" ? "}" : "]");
          expects.push(char === "{" ? "key" : "value");
          break;
        case "}":
        case "]":
          if (closers.pop() !== char) wellFormed = false;
          expects.pop();
          if (closers.length === 0) return { kind: "complete", start, end: index + 1 };
          valueDone();
          break;
        case ":":
          if (expects.at(-1) === "colon") expects[expects.length - 1] = "value";
          else wellFormed = false;
          break;
        case ",":
          if (expects.at(-1) === "next") {
            expects[expects.length - 1] = closers.at(-1) === "}" ? "key" : "value";
          } else wellFormed = false;
          break;
        default:
          if (isBare(char) && bareStart < 0) {
            if (expects.at(-1) !== "value") wellFormed = false;
            bareStart = index;
          }
      }
    }
  } finally {
    countWork(index - start + 1);
  }
  if (inString || !wellFormed) return { kind: "cut-off", start };
  if (bareStart >= 0) {
    // A bare word at the very end: true/false/null are whole, a number may have been cut.
    const word = text.slice(bareStart);
    if (!/^(?:true|false|null)$/.test(word)) return { kind: "cut-off", start };
    valueDone();
  }
  if (expects.at(-1) !== "next") return { kind: "cut-off", start };
  return { kind: "cut-off", start, closing: closers.reverse().join("") };
}

// Characters of a bare JSON word (a number or a literal), or of something that is not JSON.
function isBare(char: string | undefined): boolean {
  return (
    char !== undefined &&
    char !== '"' &&
    char !== "{" &&
    char !== "}" &&
    char !== "[" &&
    char !== "]" &&
    char !== ":" &&
    char !== "," &&
    char.trim() !== ""
  );
}

/**
 * `JSON.parse` without throwing: the value, or the parser's message for a refusal reason.
 *
 * @example
 * ```ts
 * parseJson('{"a": 1}'); // { ok: true, value: { a: 1 } }
 * ```
 */
export function parseJson(
  text: string,
):
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string } {
  countWork(text.length + 1);
  // A refusal needs only the parser's message: no stack trace is captured for it (a hostile reply
  // may hold thousands of malformed calls, and capturing one costs more than the parse).
  const limit: unknown = Error.stackTraceLimit;
  Reflect.set(Error, "stackTraceLimit", 0);
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    Reflect.set(Error, "stackTraceLimit", limit);
  }
}

/**
 * `JSON.parse` of `text[start, end)`, the copy counted as work.
 *
 * @example
 * ```ts
 * parseJsonSpan('x{"a":1}', 1, 8); // { ok: true, value: { a: 1 } }
 * ```
 */
export function parseJsonSpan(
  text: string,
  start: number,
  end: number,
): ReturnType<typeof parseJson> {
  return parseJson(take(text, start, end));
}
