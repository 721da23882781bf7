import { markedFormat } from "./shared-marked-blocks.js";

// Hunyuan writes Jamba's `<tool_calls>[…]` block inside its `<answer>…</answer>` section; the answer
// tags tell the two apart in auto-detection and are template markup, not text.

/**
 * Hunyuan-A13B: a JSON list of calls in `<tool_calls>[…]</tool_calls>`, inside `<answer>…</answer>`
 * after its `<think>` block.
 *
 * @example
 * ```ts
 * hunyuanFormat.parse('<answer><tool_calls>[{"name": "f", "arguments": {}}]</tool_calls></answer>');
 * ```
 */
export const hunyuanFormat = markedFormat({
  format: "hunyuan",
  detect: (text) =>
    /<tool_calls>\s*\[/.test(text) && (text.includes("<answer>") || text.includes("</answer>")),
  dropTokens: ["<answer>", "</answer>"],
  opens: ["<tool_calls>"],
  close: "</tool_calls>",
  payload: "array",
});
