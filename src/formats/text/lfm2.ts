import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readPythonCalls } from "./python-calls.js";
import { readBlocks } from "./text-result.js";

const OPEN = "<|tool_call_start|>";
const CLOSE = "<|tool_call_end|>";
const THINK: readonly (readonly [string, string])[] = [["<think>", "</think>"]];

/**
 * Liquid AI LFM2's format (vLLM `lfm2`): a Python list of calls between `<|tool_call_start|>` and
 * `<|tool_call_end|>`, e.g. `<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>`.
 *
 * @example
 * ```ts
 * lfm2Format.parse('<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>').calls;
 * // [{ name: "get_weather", arguments: { city: "Paris" } }]
 * ```
 */
export const lfm2Format: ToolCallFormat = {
  name: "lfm2",
  // JSON after the marker is openPangu's, which shares it.
  detect: (text) => /<\|tool_call_start\|>(?!\s*(?:\{|\[\s*\{))/.test(text),
  parse: parseLfm2,
};

function parseLfm2(text: string): ParsedToolCalls {
  return readBlocks("lfm2", text, { open: OPEN, close: CLOSE, skip: THINK }, (body, closed) =>
    readPythonCalls(body, { shape: "list-or-sequence", endsAtCutOff: !closed }),
  );
}
