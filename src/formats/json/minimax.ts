import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";
/**
 * MiniMax-M1: `<tool_calls>` then one JSON call per line, then `</tool_calls>`.
 *
 * @example
 * ```ts
 * minimaxFormat.parse('<tool_calls>\n{"name": "f", "arguments": {}}\n</tool_calls>');
 * ```
 */
export const minimaxFormat: ToolCallFormat = {
  name: "minimax",
  detect: (text) => /<tool_calls>\s*\{/.test(text),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "minimax",
      opens: ["<tool_calls>"],
      close: "</tool_calls>",
      payload: "objects",
      toCall: (value) => toCall(value, nameAndArguments),
    }),
};
