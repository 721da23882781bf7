import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";

const OPEN = "function call<|role_sep|>";

/**
 * GigaChat 3 (vLLM `gigachat3`): the text, `<|message_sep|>`, then `function call<|role_sep|>` and
 * one `{"name": …, "arguments": {…}}` object.
 *
 * @example
 * ```ts
 * gigachat3Format.parse('Sure<|message_sep|>function call<|role_sep|>\n{"name": "f", "arguments": {}}');
 * ```
 */
export const gigachat3Format: ToolCallFormat = {
  name: "gigachat3",
  detect: (text) => text.includes(OPEN),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "gigachat3",
      opens: [OPEN],
      payload: "object",
      toCall: (value) => toCall(value, nameAndArguments),
      dropTokens: ["<|message_sep|>"],
    }),
};
