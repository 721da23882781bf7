import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";
/**
 * AI21 Jamba: a JSON list of calls in `<tool_calls>[…]</tool_calls>` (also the fallback for any other `<tool_calls>` block).
 *
 * @example
 * ```ts
 * jambaFormat.parse('<tool_calls>[{"name": "f", "arguments": {}}]</tool_calls>');
 * ```
 */
export const jambaFormat: ToolCallFormat = {
  name: "jamba",
  detect: (text) => text.includes("<tool_calls>"),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "jamba",
      opens: ["<tool_calls>"],
      close: "</tool_calls>",
      payload: "array",
      toCall: (value) => toCall(value, nameAndArguments),
    }),
};
