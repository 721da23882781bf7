import { blockFormat } from "./block-format.js";
import { readPythonCalls } from "./python-calls.js";

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
export const lfm2Format = blockFormat({
  name: "lfm2",
  open: "<|tool_call_start|>",
  close: "<|tool_call_end|>",
  // JSON after the marker is openPangu's, which shares it.
  detect: (text) => /<\|tool_call_start\|>(?!\s*(?:\{|\[\s*\{))/.test(text),
  read: (body, closed) =>
    readPythonCalls(body, { shape: "list-or-sequence", endsAtCutOff: !closed }),
});
