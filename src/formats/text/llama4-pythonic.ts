import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readPythonCalls } from "./python-calls.js";
import { pythonListBlocks } from "./pythonic.js";
import { buildResult, type CallBlock, markerBlocks } from "./text-result.js";

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
export const llama4PythonicFormat: ToolCallFormat = {
  name: "llama4-pythonic",
  detect: (text) => text.includes(OPEN),
  parse: parseLlama4,
};

function parseLlama4(text: string): ParsedToolCalls {
  const tagged: CallBlock[] = markerBlocks(text, { open: OPEN, close: CLOSE }).map((block) => ({
    start: block.start,
    end: block.end,
    ...readPythonCalls(block.body, { shape: "list-or-sequence", endsAtCutOff: !block.closed }),
  }));
  const blocks = [...tagged, ...pythonListBlocks(text, tagged)].sort((a, b) => a.start - b.start);
  return buildResult("llama4-pythonic", text, blocks);
}
