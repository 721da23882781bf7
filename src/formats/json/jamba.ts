import { markedFormat } from "./shared-marked-blocks.js";

/**
 * AI21 Jamba: a JSON list of calls in `<tool_calls>[…]</tool_calls>` (also the fallback for any other `<tool_calls>` block).
 *
 * @example
 * ```ts
 * jambaFormat.parse('<tool_calls>[{"name": "f", "arguments": {}}]</tool_calls>');
 * ```
 */
export const jambaFormat = markedFormat({
  format: "jamba",
  opens: ["<tool_calls>"],
  close: "</tool_calls>",
  payload: "array",
});
