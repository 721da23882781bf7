import { Reply } from "../reply/reply.js";
import { isSpace, matchAt } from "../reply/text-search.js";
import { MarkerScan } from "../tag-calls/marker-scan.js";
import { defineFormat, type ToolCallFormat } from "../tool-call-format.js";
import { findPythonBracketEnd, readCallTokens, readPythonCalls } from "./python-calls.js";
import type { PyToken } from "./python-tokenizer.js";
import { CUT_OFF, recordBlock, refusal } from "./text-result.js";

const PYTHON_TAG = "<|python_tag|>";
const TAG_ENDS = ["<|eom_id|>", "<|eot_id|>"] as const;
// A list of calls must start a line: "[name(" followed by ")" or "arg=" — prose such as
// "[see above]" or "[f(x) is ...]" never matches.
// Names may hold "-" and "." between identifier parts (`get-weather`), never at either end.
const NAME = String.raw`[\p{L}_][\p{L}\p{N}_]*(?:[.-][\p{L}\p{N}_]+)*`;
const LIST_START = new RegExp(String.raw`(?<=^|\n)[ \t]*(\[)\s*${NAME}\s*\(`, "gu");
const LIST_AT = new RegExp(String.raw`\[\s*${NAME}\s*\(`, "uy");
const STRICT_LIST_START = new RegExp(
  String.raw`\[\s*${NAME}\s*\(\s*(?:\)|[\p{L}_][\p{L}\p{N}_]*\s*=(?!=))`,
  "uy",
);
// A list cut before its first argument was written: `[get_weather(` or `[get_weather(ci`.
const CUT_LIST_START = new RegExp(
  String.raw`\[\s*${NAME}\s*\(\s*(?:[\p{L}_][\p{L}\p{N}_]*\s*)?$`,
  "uy",
);
const TAG_CALL = new RegExp(String.raw`\s*(?:\[\s*)?${NAME}\s*\(`, "uy");
// The reply ends inside the first call's name after the tag.
const CUT_TAG_CALL = /\s*(?:\[\s*)?(?:[\p{L}_][\p{L}\p{N}_.-]*)?$/uy;
const JSON_AFTER_TAG = /\s*(?:\{|\[\s*\{)/y;

/**
 * The pythonic format (vLLM `pythonic`, Llama 3.2 and ToolACE): a Python list of calls with keyword
 * arguments, `[get_weather(city="Paris"), get_time()]`, on lines of its own; also Llama 3.x's
 * `<|python_tag|>fn(a=1, b={"x": 2})` (a call after the python tag, ended by `<|eom_id|>`).
 *
 * @example
 * ```ts
 * pythonicFormat.parse('<|python_tag|>fn(a=1, b={"x": 2})').calls;
 * // [{ name: "fn", arguments: { a: 1, b: { x: 2 } } }]
 * ```
 */
export const pythonicFormat: ToolCallFormat = defineFormat(
  "pythonic",
  (text) => hasTaggedCall(text) || new RegExp(LIST_START.source, "u").test(text),
  (text, options) => {
    const reply = new Reply(text, "pythonic", {}, options);
    const scan = new MarkerScan(text);
    let position = reply.start;
    for (;;) {
      const tag = scan.find(PYTHON_TAG, position);
      const list = nextList(scan, position, tag);
      if (list < 0 && tag < 0) break;
      position = list >= 0 ? readList(reply, list) : readTagged(reply, scan, tag);
    }
    reply.holdPartial([PYTHON_TAG, ...TAG_ENDS]);
    holdOpenLine(reply);
    return reply.reading();
  },
);

// A call after the tag, or the start of one the reply ends inside.
function hasTaggedCall(text: string): boolean {
  const at = text.indexOf(PYTHON_TAG);
  if (at < 0) return false;
  const body = at + PYTHON_TAG.length;
  return matchAt(TAG_CALL, text, body) !== null || matchAt(CUT_TAG_CALL, text, body) !== null;
}

/**
 * @internal The next line at or after `from` that starts a list of calls (the index of its `[`),
 * when it comes before `before` (unless that is -1); else -1.
 *
 * @example
 * ```ts
 * nextList(new MarkerScan("Sure.\n[f(a=1)]"), 0, -1); // 6
 * ```
 */
export function nextList(scan: MarkerScan, from: number, before: number): number {
  const match = scan.match(LIST_START, from);
  if (match === null) return -1;
  const start = match.index + match[0].indexOf("[");
  return before >= 0 && start > before ? -1 : start;
}

/**
 * @internal Reads the bare list of calls at `start` (a line's start) when it stands where a call may
 * and, once closed, ends its line; returns where reading goes on.
 *
 * @example
 * ```ts
 * readList(reply, 0);
 * ```
 */
export function readList(reply: Reply, start: number): number {
  const text = reply.text;
  const at = reply.at(start);
  // The streaming reader may start reading in the middle of a line: a list must start one.
  const where = at === "call" && !reply.positions.firstOnLine() ? "text" : at;
  if (where === "reasoning") return Math.max(reply.reasoningEnd(), start + 1);
  // The search for the list's end stops at a later line that starts a list. Its tokens are kept:
  // a list is split into tokens once.
  const tokens: PyToken[] = [];
  const end = findPythonBracketEnd(text, start, { stopAtLine: startsList, tokens });
  if (typeof end === "number") {
    const lineEnd = text.indexOf("\n", end);
    if (!blankUntil(text, end, lineEnd < 0 ? text.length : lineEnd) || where !== "call") {
      // Prose that merely starts like a list, or a list where no call stands: text.
      if (where === "text") reply.passed(end);
      return end;
    }
    if (lineEnd < 0) reply.hold(start);
    const read = readCallTokens(
      { source: text, tokens, start, end },
      { shape: "list", endsAtCutOff: false },
    );
    recordBlock(reply, { start, end, closed: true }, read);
    if (lineEnd < 0) reply.open(start);
    return end;
  }
  // A list that never closes is claimed only when it clearly began as calls with named arguments,
  // or when the reply ends right after such a start.
  const claimed =
    matchAt(STRICT_LIST_START, text, start) !== null ||
    (end === "eof" && matchAt(CUT_LIST_START, text, start) !== null);
  if (where !== "call" || end === "mismatch" || !claimed) {
    if (end === "eof") reply.hold(start);
    return start + 1;
  }
  if (typeof end === "object") {
    const read = {
      calls: [],
      refused: [
        refusal(
          "the list of calls is not closed; add the missing ']'",
          text.slice(start, end.stopped),
        ),
      ],
    };
    recordBlock(reply, { start, end: end.stopped, closed: true }, read);
    return end.stopped;
  }
  // The search read every token to the reply's end (within the length limit the reader applies).
  const read = readCallTokens(
    { source: text, tokens, start, end: text.length },
    { shape: "list", endsAtCutOff: true },
  );
  recordBlock(reply, { start, end: text.length, closed: false }, read);
  return text.length;
}

// A line that starts a list of calls (after blanks).
function startsList(text: string, line: number): boolean {
  return matchAt(LIST_AT, text, skipBlank(text, line)) !== null;
}

// True when `text[from, to)` is all white space (what `trim` removes), without copying it.
function blankUntil(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) if (!isSpace(text.charCodeAt(at))) return false;
  return true;
}

function skipBlank(text: string, from: number): number {
  let at = from;
  while (text[at] === " " || text[at] === "\t") at += 1;
  return at;
}

// The calls after one `<|python_tag|>`, up to its end token; returns where reading goes on.
function readTagged(reply: Reply, scan: MarkerScan, start: number): number {
  const text = reply.text;
  const bodyStart = start + PYTHON_TAG.length;
  const where = reply.at(start);
  if (where === "reasoning") return Math.max(reply.reasoningEnd(), bodyStart);
  let bodyEnd = text.length;
  let end = text.length;
  for (const marker of TAG_ENDS) {
    const at = scan.find(marker, bodyStart);
    if (at >= 0 && at < bodyEnd) {
      bodyEnd = at;
      end = at + marker.length;
    }
  }
  const closed = end < text.length || bodyEnd < text.length;
  // JSON after the tag belongs to the llama3-json format.
  if (matchAt(JSON_AFTER_TAG, text, bodyStart) !== null) return end;
  if (where === "text") {
    if (!closed) reply.hold(start);
    reply.passed(end);
    return end;
  }
  const body = text.slice(bodyStart, bodyEnd);
  if (matchAt(TAG_CALL, text, bodyStart) === null) {
    const cut = !closed && matchAt(CUT_TAG_CALL, text, bodyStart) !== null;
    const reason = cut ? CUT_OFF : "after <|python_tag|> write calls as name(arg=value, ...)";
    recordBlock(
      reply,
      { start, end, closed: closed || !cut },
      { calls: [], refused: [refusal(reason, body)] },
    );
    return end;
  }
  const read = readPythonCalls(body, { shape: "list-or-sequence", endsAtCutOff: !closed });
  recordBlock(reply, { start, end, closed }, read);
  return end;
}

// While the text may go on, a last line that starts like a list of calls is not settled.
function holdOpenLine(reply: Reply): void {
  const text = reply.text;
  const lineStart = text.lastIndexOf("\n") + 1;
  if (lineStart >= reply.start && /^[ \t]*\[/.test(text.slice(lineStart, lineStart + 80))) {
    reply.hold(lineStart);
  }
}
