import { markedFormat } from "./shared-marked-blocks.js";

/**
 * granite-20b-functioncalling: each call is `<function_call> {"name": …, "arguments": {…}}`, no closing marker.
 *
 * @example
 * ```ts
 * granite20bFcFormat.parse('<function_call> {"name": "f", "arguments": {}}');
 * ```
 */
export const granite20bFcFormat = markedFormat({
  format: "granite-20b-fc",
  opens: ["<function_call>"],
  payload: "object",
});
