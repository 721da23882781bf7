import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";
/**
 * Hermes / Qwen2.5 / Qwen3 (and ERNIE 4.5): each call is `<tool_call>{"name": …, "arguments": {…}}</tool_call>`.
 *
 * @example
 * ```ts
 * hermesFormat.parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>');
 * ```
 */
export const hermesFormat: ToolCallFormat = {
  name: "hermes",
  detect: (text) => /<tool_call>\s*(?:\{|$)/.test(text),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "hermes",
      opens: ["<tool_call>"],
      close: "</tool_call>",
      payload: "object",
      toCall: (value) => toCall(value, nameAndArguments),
    }),
};
