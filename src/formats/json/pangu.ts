import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";

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
export const panguFormat: ToolCallFormat = {
  name: "pangu",
  detect: (text) => DETECT.test(text),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "pangu",
      opens: ["<|tool_call_start|>", "[unused11]"],
      close: "<|tool_call_end|>",
      payload: "object-or-array",
      toCall: (value) => toCall(value, nameAndArguments),
      dropTokens: ["[unused12]"],
    }),
};
