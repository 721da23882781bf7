import { markedFormat } from "./shared-marked-blocks.js";

/**
 * IBM Granite 3.x: a JSON list of calls after `<|tool_call|>` (3.0) or `<tool_call>` (3.1+), no closing marker.
 *
 * @example
 * ```ts
 * graniteFormat.parse('<|tool_call|>[{"name": "f", "arguments": {}}]');
 * ```
 */
export const graniteFormat = markedFormat({
  format: "granite",
  detect: (text) => text.includes("<|tool_call|>") || /<tool_call>\s*\[/.test(text),
  opens: ["<|tool_call|>", "<tool_call>"],
  payload: "array",
});
