import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";
/**
 * LongCat-Flash: each call is `<longcat_tool_call>{"name": …, "arguments": {…}}</longcat_tool_call>`.
 *
 * @example
 * ```ts
 * longcatFormat.parse('<longcat_tool_call>{"name": "f", "arguments": {}}</longcat_tool_call>');
 * ```
 */
export const longcatFormat: ToolCallFormat = {
  name: "longcat",
  detect: (text) => text.includes("<longcat_tool_call>"),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "longcat",
      opens: ["<longcat_tool_call>"],
      close: "</longcat_tool_call>",
      payload: "object",
      toCall: (value) => toCall(value, nameAndArguments),
    }),
};
