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
  if (body.length > PYTHON_LITERAL_LIMITS.maxLength) return tooLong(body);
  return readCallTokens(
    { source: body, tokens: tokenizePython(body), start: 0, end: body.length },
    options,
  );
}

/**
 * @internal A body of Python calls already split into tokens: `source[start, end)` and its tokens,
 * whose offsets are the source's (a bracket search that collected them, so nothing is read twice).
 *
 * @example
 * ```ts
 * const span: PythonCallTokens = { source: "x [f()]", tokens, start: 2, end: 7 };
 * ```
 */
export interface PythonCallTokens {
  readonly source: string;
  readonly tokens: readonly PyToken[];
  readonly start: number;
  readonly end: number;
}

/**
 * @internal {@link readPythonCalls} on a body already split into tokens.
 *
 * @example
 * ```ts
 * const tokens: PyToken[] = [];
 * const end = findPythonBracketEnd(text, 0, { tokens });
 * if (typeof end === "number") readCallTokens({ source: text, tokens, start: 0, end }, { shape: "list", endsAtCutOff: false });
 * ```
 */
export function readCallTokens(
  span: PythonCallTokens,
  options: PythonCallsOptions,
): PythonCallsRead {
  const { source, tokens, end } = span;
  const calls: ParsedToolCall[] = [];
  const refused: RefusedToolCall[] = [];
  if (end - span.start > PYTHON_LITERAL_LIMITS.maxLength) {
    return tooLong(source.slice(span.start, end));
  }
  let i = 0;
  const list = options.shape !== "sequence" && isOp(tokens[0], "[");
  if (list) i = 1;
  else if (options.shape === "list") {
    if (tokens.length > 0) {
      refused.push(
        refusal("expected a list of calls [name(arg=value), ...]", source.slice(span.start, end)),
      );
    }
    return { calls, refused };
  }
  while (i < tokens.length) {
    if (isOp(tokens[i], ";") || (!list && isOp(tokens[i], ","))) {
      i++;
      continue;
    }
    if (list && isOp(tokens[i], "]")) {
      if (i + 1 < tokens.length) {
        refused.push(refusal("unexpected text after the list of calls", rest(span, i + 1)));
      }
      return { calls, refused };
    }
    const callStart = i;
    const head = callHead(span, i);
    if (head === undefined) {
      refused.push(refusal("expected a call name(arg=value, ...)", rest(span, i)));
      return { calls, refused };
    }
    const open = head.open;
    const close = matchBracket(tokens, open);
    if (close === "mismatch") {
      refused.push(
        refusal(
          "unbalanced brackets in the call; check its parentheses and quotes",
          rest(span, callStart),
        ),
      );
      return { calls, refused };
    }
    if (close === "eof") {
      const cutOff = options.endsAtCutOff || tokens.at(-1)?.cutOff === true;
      refused.push(
        refusal(
          cutOff ? CUT_OFF : "the call is not closed; add the missing ')'",
          rest(span, callStart),
        ),
      );
      return { calls, refused };
    }
    const read = parsePythonCall(tokens, open, close + 1, options, head.name);
    if (read.ok) calls.push({ name: read.value.name, arguments: read.value.arguments });
    else {
      const raw = source.slice(
        (tokens[callStart] as PyToken).start,
        (tokens[close] as PyToken).end,
      );
      refused.push(refusal(read.reason, raw));
    }
    i = close + 1;
    if (list && !isOp(tokens[i], "]")) {
      if (isOp(tokens[i], ",")) i++;
      else if (i < tokens.length) {
        refused.push(refusal("calls in the list must be separated by commas", rest(span, i)));
        return { calls, refused };
      }
    }
  }
  // A list whose "]" never came: the calls read so far are complete; nothing partial is returned.
  return { calls, refused };
}

function tooLong(body: string): PythonCallsRead {
  const reason = `the calls are longer than ${PYTHON_LITERAL_LIMITS.maxLength} characters`;
  return { calls: [], refused: [refusal(reason, body)] };
}

// The body from token `from` on.
function rest(span: PythonCallTokens, from: number): string {
  return span.source.slice(span.tokens[from]?.start ?? span.end, span.end);
}

/**
 * @internal The end (exclusive offset) of the bracketed Python expression that starts at
 * `text[start]`, or `"eof"` when the text ends first, or `"mismatch"` when brackets do not pair.
 * Tokens are read only as far as the brackets need (and at most the literal length limit);
 * `stopAtLine` ends the search at a line it accepts, reported as `{ stopped }`; `tokens`, when
 * given, receives every token read, so a reader of the expression need not split it again.
 *
 * @example
 * ```ts
 * findPythonBracketEnd("[f(a=')')] rest", 0); // 10
 * ```
 */
export function findPythonBracketEnd(
  text: string,
  start: number,
  options: {
    readonly stopAtLine?: (text: string, lineStart: number) => boolean;
    readonly tokens?: PyToken[];
  } = {},
): number | "eof" | "mismatch" | { readonly stopped: number } {
  const lexer = new PythonLexer(text, start, {
    end: start + PYTHON_LITERAL_LIMITS.maxLength,
    stopAtLine: options.stopAtLine,
  });
  const tokens = options.tokens;
  const stack: number[] = [];
  for (let token = lexer.next(); token !== undefined; token = lexer.next()) {
    tokens?.push(token);
    const step = bracketStep(stack, token);
    if (step === CLOSED) return token.end;
    if (step === MISMATCH) return "mismatch";
  }
  return lexer.stopped === undefined ? "eof" : { stopped: lexer.stopped };
}

const OPEN = 0;
const CLOSED = 1;
const MISMATCH = 2;

// Moves the stack of open brackets (their character codes) past one token: CLOSED when it closed
// the outermost bracket, MISMATCH when it closed one that was not open, OPEN otherwise. Codes, not
// strings: deep nesting makes this the readers' innermost loop.
function bracketStep(stack: number[], token: PyToken): number {
  if (token.kind !== "op" || token.text.length !== 1) return OPEN;
  const code = token.text.charCodeAt(0);
  if (code === PAREN || code === SQUARE || code === BRACE) {
    stack.push(code);
    return OPEN;
  }
  const opener =
    code === PAREN + 1 ? PAREN : code === SQUARE + 2 ? SQUARE : code === BRACE + 2 ? BRACE : -1;
  if (opener < 0) return OPEN;
  if (stack.pop() !== opener) return MISMATCH;
  return stack.length === 0 ? CLOSED : OPEN;
}

const PAREN = 40; // "(" and ")" 41
const SQUARE = 91; // "[" and "]" 93
const BRACE = 123; // "{" and "}" 125

// A tool name as written in a call: Python identifier parts joined by single "-" or "." with no
// space around them, so `get-weather(` names a tool while `a - b(` stays an expression.
const CALL_NAME =
  /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*(?:[.-][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]+)*/uy;

function callHead(span: PythonCallTokens, at: number): { name: string; open: number } | undefined {
  const tokens = span.tokens;
  const first = tokens[at];
  if (first?.kind !== "name") return undefined;
  CALL_NAME.lastIndex = first.start;
  let name = CALL_NAME.exec(span.source)?.[0] ?? first.text;
  if (first.start + name.length > span.end) {
    // A name read past the body (never for a body that ends in a bracket): read it within.
    CALL_NAME.lastIndex = first.start;
    name = CALL_NAME.exec(span.source.slice(0, span.end))?.[0] ?? first.text;
  }
  const nameEnd = first.start + name.length;
  let open = at;
  while (open < tokens.length && (tokens[open] as PyToken).start < nameEnd) {
    if ((tokens[open] as PyToken).end > nameEnd) return undefined;
    open++;
  }
  return isOp(tokens[open], "(") ? { name, open } : undefined;
}

function matchBracket(tokens: readonly PyToken[], open: number): number | "eof" | "mismatch" {
  const stack: number[] = [];
  for (let i = open; i < tokens.length; i++) {
    const step = bracketStep(stack, tokens[i] as PyToken);
    if (step === CLOSED) return i;
    if (step === MISMATCH) return "mismatch";
  }
  return "eof";
}

function isOp(token: PyToken | undefined, text: string): boolean {
  return token?.kind === "op" && token.text === text;
}
