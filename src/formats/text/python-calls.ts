import type { ParsedToolCall, RefusedToolCall } from "../tool-call-format.js";
import {
  PYTHON_LITERAL_LIMITS,
  type PythonLiteralOptions,
  parsePythonCall,
} from "./python-literal.js";
import { type PyToken, PythonLexer, tokenizePython } from "./python-tokenizer.js";
import { CUT_OFF, refusal } from "./text-result.js";

/**
 * @internal How a body of Python calls is laid out: a list `[f(), g()]`, or calls one after another
 * (separated by newlines, commas or semicolons), or either.
 *
 * @example
 * ```ts
 * const options: PythonCallsOptions = { shape: "list", endsAtCutOff: true };
 * ```
 */
export interface PythonCallsOptions extends PythonLiteralOptions {
  readonly shape: "list" | "sequence" | "list-or-sequence";
  /** True when the body runs to the end of the reply (no closing marker), so a missing `)` means cut off. */
  readonly endsAtCutOff: boolean;
}

/**
 * @internal The calls read from a body of Python calls, and the ones refused.
 *
 * @example
 * ```ts
 * const read: PythonCallsRead = { calls: [], refused: [] };
 * ```
 */
export interface PythonCallsRead {
  readonly calls: ParsedToolCall[];
  readonly refused: RefusedToolCall[];
}

/**
 * @internal Reads every call of a body of Python calls. Each call is cut out by bracket matching
 * first, so a call that cannot be read is refused alone and the calls around it still count; a call
 * the text ends inside is refused as cut off and reading stops there.
 *
 * @example
 * ```ts
 * readPythonCalls("[get_weather(city='Paris'), get_time(city='Ber", { shape: "list", endsAtCutOff: true });
 * // calls: [{ name: "get_weather", arguments: { city: "Paris" } }], refused: one (cut off)
 * ```
 */
export function readPythonCalls(body: string, options: PythonCallsOptions): PythonCallsRead {
  const calls: ParsedToolCall[] = [];
  const refused: RefusedToolCall[] = [];
  if (body.length > PYTHON_LITERAL_LIMITS.maxLength) {
    refused.push(
      refusal(`the calls are longer than ${PYTHON_LITERAL_LIMITS.maxLength} characters`, body),
    );
    return { calls, refused };
  }
  const tokens = tokenizePython(body);
  const rest = (from: number): string => body.slice(tokens[from]?.start ?? body.length);
  let i = 0;
  const list = options.shape !== "sequence" && isOp(tokens[0], "[");
  if (list) i = 1;
  else if (options.shape === "list") {
    if (tokens.length > 0)
      refused.push(refusal("expected a list of calls [name(arg=value), ...]", body));
    return { calls, refused };
  }
  while (i < tokens.length) {
    if (isOp(tokens[i], ";") || (!list && isOp(tokens[i], ","))) {
      i++;
      continue;
    }
    if (list && isOp(tokens[i], "]")) {
      if (i + 1 < tokens.length)
        refused.push(refusal("unexpected text after the list of calls", rest(i + 1)));
      return { calls, refused };
    }
    const callStart = i;
    const head = callHead(body, tokens, i);
    if (head === undefined) {
      refused.push(refusal("expected a call name(arg=value, ...)", rest(i)));
      return { calls, refused };
    }
    const open = head.open;
    const close = matchBracket(tokens, open);
    if (close === "mismatch") {
      refused.push(
        refusal(
          "unbalanced brackets in the call; check its parentheses and quotes",
          rest(callStart),
        ),
      );
      return { calls, refused };
    }
    if (close === "eof") {
      const cutOff = options.endsAtCutOff || tokens.at(-1)?.cutOff === true;
      refused.push(
        refusal(cutOff ? CUT_OFF : "the call is not closed; add the missing ')'", rest(callStart)),
      );
      return { calls, refused };
    }
    const raw = body.slice((tokens[callStart] as PyToken).start, (tokens[close] as PyToken).end);
    const read = parsePythonCall(tokens, open, close + 1, { ...options, name: head.name });
    if (read.ok) calls.push({ name: read.value.name, arguments: read.value.arguments });
    else refused.push(refusal(read.reason, raw));
    i = close + 1;
    if (list && !isOp(tokens[i], "]")) {
      if (isOp(tokens[i], ",")) i++;
      else if (i < tokens.length) {
        refused.push(refusal("calls in the list must be separated by commas", rest(i)));
        return { calls, refused };
      }
    }
  }
  // A list whose "]" never came: the calls read so far are complete; nothing partial is returned.
  return { calls, refused };
}

/**
 * @internal The end (exclusive offset) of the bracketed Python expression that starts at
 * `text[start]`, or `"eof"` when the text ends first, or `"mismatch"` when brackets do not pair.
 * Tokens are read only as far as the brackets need (and at most the literal length limit);
 * `stopAtLine` ends the search at a line it accepts, reported as `{ stopped }`.
 *
 * @example
 * ```ts
 * findPythonBracketEnd("[f(a=')')] rest", 0); // 10
 * ```
 */
export function findPythonBracketEnd(
  text: string,
  start: number,
  stopAtLine?: (lineStart: number) => boolean,
): number | "eof" | "mismatch" | { readonly stopped: number } {
  const lexer = new PythonLexer(text, start, {
    end: start + PYTHON_LITERAL_LIMITS.maxLength,
    ...(stopAtLine === undefined ? {} : { stopAtLine }),
  });
  const stack: string[] = [];
  for (let token = lexer.next(); token !== undefined; token = lexer.next()) {
    if (token.kind !== "op") continue;
    if (token.text === "(" || token.text === "[" || token.text === "{") stack.push(token.text);
    const opener = PAIRS[token.text];
    if (opener === undefined) continue;
    if (stack.pop() !== opener) return "mismatch";
    if (stack.length === 0) return token.end;
  }
  return lexer.stopped === undefined ? "eof" : { stopped: lexer.stopped };
}

const PAIRS: Readonly<Record<string, string>> = { ")": "(", "]": "[", "}": "{" };

// A tool name as written in a call: Python identifier parts joined by single "-" or "." with no
// space around them, so `get-weather(` names a tool while `a - b(` stays an expression.
const CALL_NAME =
  /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*(?:[.-][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]+)*/uy;

function callHead(
  body: string,
  tokens: readonly PyToken[],
  at: number,
): { name: string; open: number } | undefined {
  const first = tokens[at];
  if (first?.kind !== "name") return undefined;
  CALL_NAME.lastIndex = first.start;
  const name = CALL_NAME.exec(body)?.[0] ?? first.text;
  const nameEnd = first.start + name.length;
  let open = at;
  while (open < tokens.length && (tokens[open] as PyToken).start < nameEnd) {
    if ((tokens[open] as PyToken).end > nameEnd) return undefined;
    open++;
  }
  return isOp(tokens[open], "(") ? { name, open } : undefined;
}

function matchBracket(tokens: readonly PyToken[], open: number): number | "eof" | "mismatch" {
  const pairs = PAIRS;
  const stack: string[] = [];
  for (let i = open; i < tokens.length; i++) {
    const token = tokens[i] as PyToken;
    if (token.kind !== "op") continue;
    if (token.text === "(" || token.text === "[" || token.text === "{") stack.push(token.text);
    const opener = pairs[token.text];
    if (opener === undefined) continue;
    if (stack.pop() !== opener) return "mismatch";
    if (stack.length === 0) return i;
  }
  return "eof";
}

function isOp(token: PyToken | undefined, text: string): boolean {
  return token?.kind === "op" && token.text === text;
}
