import { markedFormat } from "./shared-marked-blocks.js";

// openPangu writes JSON right after the marker; LFM2 shares the marker but writes Python calls.
const DETECT = /(?:<\|tool_call_start\|>|\[unused11\])\s*(?:\{|\[\s*\{)/;

/**
 * Huawei openPangu (vLLM `pangu`, `openpangu_v2`): a JSON list of calls between
 * `<|tool_call_start|>` and `<|tool_call_end|>` (older checkpoints: `[unused11]` … `[unused12]`).
 *
 * @example
 * ```ts
 * panguFormat.parse('<|tool_call_start|>[{"name": "f", "arguments": {}}]<|tool_call_end|>');
 * ```
 */
export const panguFormat = markedFormat({
  format: "pangu",
  detect: (text) => DETECT.test(text),
  opens: ["<|tool_call_start|>", "[unused11]"],
  close: "<|tool_call_end|>",
  payload: "object-or-array",
  dropTokens: ["[unused12]"],
});
