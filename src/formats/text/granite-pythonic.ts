import { Reply } from "../reply/reply.js";
import { find } from "../reply/text-search.js";
import { defineFormat, neverDetected, type ToolCallFormat } from "../tool-call-format.js";
import { findPythonBracketEnd, readCallTokens } from "./python-calls.js";
import { tokenizePython } from "./python-tokenizer.js";
import { CUT_OFF, recordBlock, refusal } from "./text-result.js";

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
export const granitePythonicFormat: ToolCallFormat = defineFormat(
  "granite-pythonic",
  neverDetected,
  (text, options) => {
    const reply = new Reply(text, "granite-pythonic", { where: "line" }, options);
    for (let lineStart = reply.start; lineStart <= text.length; ) {
      const newline = find(text, "\n", lineStart);
      const lineEnd = newline < 0 ? text.length : newline;
      readLine(reply, { start: lineStart, end: lineEnd, last: newline < 0 });
      if (newline < 0) break;
      lineStart = newline + 1;
    }
    return reply.reading();
  },
);

function readLine(
  reply: Reply,
  line: { readonly start: number; readonly end: number; readonly last: boolean },
): void {
  const text = reply.text.slice(line.start, line.end);
  const head = CALL_LINE.exec(text);
  if (head === null) {
    if (line.last && /^[ \t]*[\p{L}_][\p{L}\p{N}_.-]*$/u.test(text)) reply.hold(line.start);
    return;
  }
  const start = line.start + head[0].length - head[0].trimStart().length;
  const where = reply.at(start);
  if (where !== "call") return;
  // The name's tokens, then the bracket search's: the call is split into tokens once.
  const nameStart = start - line.start;
  const open = head[0].length - 1;
  const tokens = tokenizePython(text.slice(0, open));
  const end = findPythonBracketEnd(text, open, { tokens });
  if (end === "eof" && line.last) {
    const raw = text.trim();
    reply.hold(start);
    recordBlock(
      reply,
      { start, end: line.end, closed: false },
      { calls: [], refused: [refusal(CUT_OFF, raw)] },
    );
    return;
  }
  // Text after the call, or brackets that never pair, make the line prose.
  if (typeof end !== "number" || text.slice(end).trim() !== "") return;
  if (line.last) {
    reply.hold(start);
    reply.open(start);
  }
  const read = readCallTokens(
    { source: text, tokens, start: nameStart, end },
    { shape: "sequence", endsAtCutOff: false },
  );
  recordBlock(reply, { start, end: line.start + end, closed: true }, read);
}
