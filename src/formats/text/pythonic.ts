import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { findPythonBracketEnd, readPythonCalls } from "./python-calls.js";
import { buildResult, type CallBlock, refusal } from "./text-result.js";

const PYTHON_TAG = "<|python_tag|>";
const TAG_ENDS = ["<|eom_id|>", "<|eot_id|>"] as const;
// A list of calls must start a line: "[name(" followed by ")" or "arg=" — prose such as
// "[see above]" or "[f(x) is ...]" never matches.
// Names may hold "-" and "." between identifier parts (`get-weather`), never at either end.
const NAME = String.raw`[\p{L}_][\p{L}\p{N}_]*(?:[.-][\p{L}\p{N}_]+)*`;
const LIST_START = new RegExp(String.raw`(?:^|\n)[ \t]*(\[)\s*${NAME}\s*\(`, "gu");
const STRICT_LIST_START = new RegExp(
  String.raw`^\[\s*${NAME}\s*\(\s*(?:\)|[\p{L}_][\p{L}\p{N}_]*\s*=(?!=))`,
  "u",
);
const TAG_CALL = new RegExp(String.raw`^\s*\[?\s*${NAME}\s*\(`, "u");

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
export const pythonicFormat: ToolCallFormat = {
  name: "pythonic",
  detect: (text) => hasTaggedCall(text) || new RegExp(LIST_START.source, "u").test(text),
  parse: parsePythonic,
};

function hasTaggedCall(text: string): boolean {
  const at = text.indexOf(PYTHON_TAG);
  return at >= 0 && TAG_CALL.test(text.slice(at + PYTHON_TAG.length, at + PYTHON_TAG.length + 200));
}

function parsePythonic(text: string): ParsedToolCalls {
  const tagged = [...taggedBlocks(text)];
  const blocks = [...tagged, ...pythonListBlocks(text, tagged)];
  blocks.sort((a, b) => a.start - b.start);
  return buildResult("pythonic", text, blocks);
}

/**
 * @internal The bare lists of calls in a reply: each starts a line with `[name(` and, when it
 * closes, ends its line; spans in `exclude` (already read) are skipped.
 *
 * @example
 * ```ts
 * pythonListBlocks("Sure.\n[f(a=1)]", []).length; // 1
 * ```
 */
export function pythonListBlocks(text: string, exclude: readonly CallBlock[]): CallBlock[] {
  const blocks: CallBlock[] = [];
  for (const match of text.matchAll(LIST_START)) {
    const start = (match.index ?? 0) + match[0].indexOf("[");
    const taken = [...exclude, ...blocks];
    if (taken.some((block) => start >= block.start && start < block.end)) continue;
    const block = listBlock(text, start);
    if (block !== undefined) blocks.push(block);
  }
  return blocks;
}

function* taggedBlocks(text: string): Generator<CallBlock> {
  let from = 0;
  for (;;) {
    const start = text.indexOf(PYTHON_TAG, from);
    if (start < 0) return;
    const bodyStart = start + PYTHON_TAG.length;
    let bodyEnd = text.length;
    let end = text.length;
    for (const marker of TAG_ENDS) {
      const at = text.indexOf(marker, bodyStart);
      if (at >= 0 && at < bodyEnd) {
        bodyEnd = at;
        end = at + marker.length;
      }
    }
    from = end;
    const body = text.slice(bodyStart, bodyEnd);
    // JSON after the tag belongs to the llama3-json format.
    if (/^\s*(?:\{|\[\s*\{)/.test(body)) continue;
    if (!TAG_CALL.test(body)) {
      const reason = "after <|python_tag|> write calls as name(arg=value, ...)";
      yield { start, end, calls: [], refused: [refusal(reason, body)] };
      continue;
    }
    const read = readPythonCalls(body, {
      shape: "list-or-sequence",
      endsAtCutOff: end === text.length,
    });
    yield { start, end, ...read };
  }
}

function listBlock(text: string, start: number): CallBlock | undefined {
  const end = findPythonBracketEnd(text, start);
  if (typeof end === "number") {
    const lineEnd = text.indexOf("\n", end);
    const after = text.slice(end, lineEnd < 0 ? text.length : lineEnd);
    if (after.trim() !== "") return undefined;
    const read = readPythonCalls(text.slice(start, end), { shape: "list", endsAtCutOff: false });
    return { start, end, ...read };
  }
  // A list that never closes is claimed only when it clearly began as calls with named arguments.
  if (!STRICT_LIST_START.test(text.slice(start, start + 400))) return undefined;
  const read = readPythonCalls(text.slice(start), { shape: "list", endsAtCutOff: end === "eof" });
  return { start, end: text.length, ...read };
}
