import { markedFormat } from "./shared-marked-blocks.js";

/**
 * Hermes / Qwen2.5 / Qwen3 (and ERNIE 4.5): each call is `<tool_call>{"name": …, "arguments": {…}}</tool_call>`.
 *
 * @example
 * ```ts
 * hermesFormat.parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>');
 * ```
 */
export const hermesFormat = markedFormat({
  format: "hermes",
  detect: (text) => /<tool_call>\s*(?:\{|$)/.test(text),
  opens: ["<tool_call>"],
  close: "</tool_call>",
  payload: "object",
});
