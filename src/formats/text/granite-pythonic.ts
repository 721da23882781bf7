import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { findPythonBracketEnd, readPythonCalls } from "./python-calls.js";
import { buildResult, type CallBlock, CUT_OFF, refusal } from "./text-result.js";

const CALL_LINE = /^[ \t]*[\p{L}_][\p{L}\p{N}_]*(?:[.-][\p{L}\p{N}_]+)*[ \t]*\(/u;

/**
 * Granite 3.3 / 4.0-H-Small's pythonic format (vLLM `granite_pythonic`): each call is a whole line
 * `get_weather(city="Paris", unit="celsius")`; other lines are text. A line that only looks like a
 * call is common in prose, so `"auto"` never picks this format: name it.
 *
 * @example
 * ```ts
 * granitePythonicFormat.parse('Checking.\nget_weather(city="Paris")').calls;
 * // [{ name: "get_weather", arguments: { city: "Paris" } }]
 * ```
 */
export const granitePythonicFormat: ToolCallFormat = {
  name: "granite-pythonic",
  detect: () => false,
  parse: parseGranitePythonic,
};

function parseGranitePythonic(text: string): ParsedToolCalls {
  const blocks: CallBlock[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const block = callLine(line, lineStart, newline < 0);
    if (block !== undefined) blocks.push(block);
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  return buildResult("granite-pythonic", text, blocks);
}

function callLine(line: string, offset: number, last: boolean): CallBlock | undefined {
  const head = CALL_LINE.exec(line);
  if (head === null) return undefined;
  const end = findPythonBracketEnd(line, head[0].length - 1);
  const start = offset + head[0].length - head[0].trimStart().length;
  if (end === "eof" && last) {
    const raw = line.trim();
    return { start, end: offset + line.length, calls: [], refused: [refusal(CUT_OFF, raw)] };
  }
  // Text after the call, or brackets that never pair, make the line prose.
  if (typeof end !== "number" || line.slice(end).trim() !== "") return undefined;
  const read = readPythonCalls(line.slice(0, end).trim(), {
    shape: "sequence",
    endsAtCutOff: false,
  });
  return { start, end: offset + end, ...read };
}
