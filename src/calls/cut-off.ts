/**
 * @internal How argument text ends, judged before any repair closes it: `whole` when nothing is left
 * open (the text's first object or array closes, or it opens none), `cut` when it ends inside
 * something no repair may finish (a string, a key, a number or word, after a colon or a comma, right
 * after an opening bracket, or in text that stopped being JSON-like), `closable` when only the closing
 * brackets are missing after a whole value: the one case the text alone cannot tell from a call the
 * model finished, which the finish reason decides ({@link closesCutOff}).
 *
 * @example
 * ```ts
 * const judged: CutOff = { kind: "closable", closing: "}" }; // '{"a": 1'
 * ```
 */
export type CutOff =
  | { readonly kind: "whole"; readonly scanned: number }
  | { readonly kind: "cut"; readonly where: string; readonly scanned: number }
  | { readonly kind: "closable"; readonly closing: string; readonly scanned: number };

// What the innermost open object or array expects next.
type Expect = "key" | "colon" | "value" | "next";

const literals = new Set(["true", "false", "null", "True", "False", "None"]);

/**
 * @internal Judges where JSON-like text ends: double- and single-quoted strings are read as strings
 * (a `]` or `}` inside one closes nothing), comments are skipped, unquoted keys and Python literals
 * are words. One pass that stops where the first object or array closes; `scanned` is how far it read.
 *
 * @example
 * ```ts
 * judgeCutOff('{"path": "/srv/a]b'); // { kind: "cut", where: "inside a string", scanned: 18 }
 * judgeCutOff('{"path": "/srv"'); // { kind: "closable", closing: "}", scanned: 15 }
 * ```
 */
export function judgeCutOff(text: string): CutOff {
  const closers: string[] = [];
  const expects: Expect[] = [];
  let quote = "";
  let wordStart = -1;
  let last = "";
  let wellFormed = true;
  let started = false;
  const length = text.length;
  const top = () => expects.length - 1;
  // A key, a string or a word just ended: the innermost container moves on.
  const valueEnded = () => {
    const at = top();
    if (expects[at] === "key") expects[at] = "colon";
    else if (expects[at] === "value") expects[at] = "next";
    else wellFormed = false;
  };
  for (let index = 0; index < length; index++) {
    const char = text[index] as string;
    if (quote !== "") {
      if (char === "\\") index++;
      else if (char === quote) {
        quote = "";
        last = "string";
        if (closers.length === 0) return { kind: "whole", scanned: index + 1 };
        valueEnded();
      }
      continue;
    }
    if (wordStart >= 0) {
      if (!endsWord(char)) continue;
      wordStart = -1;
      valueEnded();
    }
    if (char === " " || char === "\n" || char === "\r" || char === "\t") continue;
    if (char === "/" && (text[index + 1] === "/" || text[index + 1] === "*")) {
      const close = text[index + 1] === "/" ? "\n" : "*/";
      const end = text.indexOf(close, index + 2);
      if (end === -1) return { kind: "cut", where: "inside a comment", scanned: length };
      index = end + close.length - 1;
      continue;
    }
    if (closers.length === 0) {
      // Outside any object or array only a first quote (a string of JSON) or a bracket counts.
      if (char === "{" || char === "[") {
        closers.push(char === "{" ? "}" : "]");
        expects.push(char === "{" ? "key" : "value");
        last = char;
      } else if ((char === '"' || char === "'") && !started) quote = char;
      started = true;
      continue;
    }
    const expected = expects[top()];
    switch (char) {
      case '"':
      case "'":
        if (expected !== "key" && expected !== "value") wellFormed = false;
        quote = char;
        break;
      case "{":
      case "[":
        if (expected !== "value") wellFormed = false;
        closers.push(char === "{" ? "}" : "]");
        expects.push(char === "{" ? "key" : "value");
        break;
      case "}":
      case "]":
        if (closers.pop() !== char) wellFormed = false;
        expects.pop();
        if (closers.length === 0) return { kind: "whole", scanned: index + 1 };
        valueEnded();
        break;
      case ":":
        if (expected === "colon") expects[top()] = "value";
        else wellFormed = false;
        break;
      case ",":
        if (expected === "next") expects[top()] = closers.at(-1) === "}" ? "key" : "value";
        else wellFormed = false;
        break;
      default:
        if (expected !== "key" && expected !== "value") wellFormed = false;
        wordStart = index;
    }
    last = char;
  }
  if (quote !== "") return { kind: "cut", where: "inside a string", scanned: length };
  if (closers.length === 0) return { kind: "whole", scanned: length };
  if (wordStart >= 0) {
    if (expects[top()] !== "value" || !literals.has(text.slice(wordStart).trimEnd())) {
      return { kind: "cut", where: "in the middle of a value", scanned: length };
    }
    valueEnded();
  }
  const expected = expects[top()];
  if (!wellFormed || expected !== "next") {
    return {
      kind: "cut",
      where: wellFormed ? openWhere(expected, last) : "unclosed",
      scanned: length,
    };
  }
  return { kind: "closable", closing: closers.reverse().join(""), scanned: length };
}

// A quote does not end a word: `side1"` is a key missing its opening quote, `O'Brien` one word.
function endsWord(char: string): boolean {
  return (
    char === " " ||
    char === "\n" ||
    char === "\r" ||
    char === "\t" ||
    char === "," ||
    char === ":" ||
    char === "}" ||
    char === "]" ||
    char === "{" ||
    char === "["
  );
}

function openWhere(expected: Expect | undefined, last: string): string {
  if (expected === "colon") return "after a key";
  if (last === ",") return "after a comma";
  if (last === ":") return "after a colon";
  if (last === "{" || last === "[") return `right after an opening ${last}`;
  return "unclosed";
}

/**
 * @internal Whether arguments that stop right after a whole value may be closed: the model stopped on
 * its own (`"stop"`, `"tool-calls"`); without a finish reason only for a read-only activity, where a
 * wrong run is harmless. A cut-off (`"length"`) or any other reason never closes them.
 *
 * @example
 * ```ts
 * closesCutOff("stop", false); // true
 * closesCutOff(undefined, false); // false
 * ```
 */
export function closesCutOff(finishReason: string | undefined, readOnly: boolean): boolean {
  if (finishReason === undefined) return readOnly;
  return finishReason === "stop" || finishReason === "tool-calls";
}

/**
 * @internal The refusal of arguments the text shows were cut off, asking for the whole call.
 *
 * @example
 * ```ts
 * cutOffMessage("inside a string"); // "the arguments end inside a string (cut off?); send the whole call again"
 * ```
 */
export function cutOffMessage(where: string): string {
  const at = where === "unclosed" ? "before their closing brackets" : where;
  return `the arguments end ${at} (cut off?); send the whole call again`;
}

/**
 * @internal The refusal of arguments that lack only their closing brackets when the finish reason does
 * not say the model stopped there.
 *
 * @example
 * ```ts
 * unclosedMessage("}", "length");
 * ```
 */
export function unclosedMessage(closing: string, finishReason: string | undefined): string {
  const missing = `their closing ${closing}`;
  return finishReason === undefined
    ? `the arguments end after a whole value without ${missing} (cut off?): the text cannot tell whether more followed; send the whole call again`
    : `the arguments end without ${missing} in a reply cut off (finish reason "${finishReason}"): more may have followed; send the whole call again`;
}
