import { markedFormat } from "./shared-marked-blocks.js";

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
export const gigachat3Format = markedFormat({
  format: "gigachat3",
  opens: [OPEN],
  payload: "object",
  dropTokens: ["<|message_sep|>"],
});
