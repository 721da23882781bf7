import { markedFormat } from "./shared-marked-blocks.js";

/**
 * MiniMax-M1: `<tool_calls>` then one JSON call per line, then `</tool_calls>`.
 *
 * @example
 * ```ts
 * minimaxFormat.parse('<tool_calls>\n{"name": "f", "arguments": {}}\n</tool_calls>');
 * ```
 */
export const minimaxFormat = markedFormat({
  format: "minimax",
  detect: (text) => /<tool_calls>\s*\{/.test(text),
  opens: ["<tool_calls>"],
  close: "</tool_calls>",
  payload: "objects",
});
