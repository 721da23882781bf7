import { markedFormat } from "./shared-marked-blocks.js";

/**
 * LongCat-Flash: each call is `<longcat_tool_call>{"name": …, "arguments": {…}}</longcat_tool_call>`.
 *
 * @example
 * ```ts
 * longcatFormat.parse('<longcat_tool_call>{"name": "f", "arguments": {}}</longcat_tool_call>');
 * ```
 */
export const longcatFormat = markedFormat({
  format: "longcat",
  opens: ["<longcat_tool_call>"],
  close: "</longcat_tool_call>",
  payload: "object",
});
