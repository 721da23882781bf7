import { Reply } from "../reply/reply.js";
import { MarkerScan } from "../tag-calls/marker-scan.js";
import { defineFormat, type ToolCallFormat } from "../tool-call-format.js";
import { readPythonCalls } from "./python-calls.js";
import { nextList, readList } from "./pythonic.js";
import { recordBlock } from "./text-result.js";

const OPEN = "<|python_start|>";
const CLOSE = "<|python_end|>";

/**
 * Llama 4's pythonic format (vLLM `llama4_pythonic`): a list of calls between
 * `<|python_start|>` and `<|python_end|>`; a bare list on its own lines is read too.
 *
 * @example
 * ```ts
 * llama4PythonicFormat.parse("<|python_start|>[get_weather(city='LA')]<|python_end|>").calls;
 * // [{ name: "get_weather", arguments: { city: "LA" } }]
 * ```
 */
export const llama4PythonicFormat: ToolCallFormat = defineFormat(
  "llama4-pythonic",
  (text) => text.includes(OPEN),
  (text, options) => {
    const reply = new Reply(text, "llama4-pythonic", {}, options);
    const scan = new MarkerScan(text);
    let position = reply.start;
    for (;;) {
      const tag = scan.find(OPEN, position);
      const list = nextList(scan, position, tag);
      if (list < 0 && tag < 0) break;
      position = list >= 0 ? readList(reply, list) : readTagged(reply, scan, tag);
    }
    reply.holdPartial([OPEN, CLOSE]);
    return reply.reading();
  },
);

function readTagged(reply: Reply, scan: MarkerScan, start: number): number {
  const text = reply.text;
  const bodyStart = start + OPEN.length;
  const where = reply.at(start);
  if (where === "reasoning") return Math.max(reply.reasoningEnd(), bodyStart);
  const close = scan.find(CLOSE, bodyStart);
  const end = close < 0 ? text.length : close + CLOSE.length;
  if (where === "text") {
    if (close < 0) reply.hold(start);
    reply.passed(close < 0 ? bodyStart : end);
    return close < 0 ? bodyStart : end;
  }
  const body = text.slice(bodyStart, close < 0 ? text.length : close);
  const read = readPythonCalls(body, { shape: "list-or-sequence", endsAtCutOff: close < 0 });
  recordBlock(reply, { start, end, closed: close >= 0 }, read);
  return end;
}
