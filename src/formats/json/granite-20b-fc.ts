import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";
/**
 * granite-20b-functioncalling: each call is `<function_call> {"name": …, "arguments": {…}}`, no closing marker.
 *
 * @example
 * ```ts
 * granite20bFcFormat.parse('<function_call> {"name": "f", "arguments": {}}');
 * ```
 */
export const granite20bFcFormat: ToolCallFormat = {
  name: "granite-20b-fc",
  detect: (text) => text.includes("<function_call>"),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "granite-20b-fc",
      opens: ["<function_call>"],
      payload: "object",
      toCall: (value) => toCall(value, nameAndArguments),
    }),
};
