import type { CallShape } from "./shared-call-shape.js";
import { toCall } from "./shared-call-shape.js";
import { markedFormat } from "./shared-marked-blocks.js";

const OPEN = "<|content_invoke_tool_json|>";
const NAME_AND_ARGS: CallShape = {
  nameKey: "name",
  argumentKeys: ["args", "arguments", "parameters"],
};

/**
 * Inkling's format (vLLM `inkling`): typed blocks, the call block being
 * `<|message_model|><|content_invoke_tool_json|>{"name": "f", "args": {…}}<|end_message|>`; the
 * block tokens of text blocks are removed from the text.
 *
 * @example
 * ```ts
 * inklingFormat.parse('<|message_model|><|content_invoke_tool_json|>{"name": "f", "args": {}}<|end_message|>');
 * ```
 */
export const inklingFormat = markedFormat({
  format: "inkling",
  opens: [OPEN],
  close: "<|end_message|>",
  payload: "object",
  toCall: (value) => toCall(value, NAME_AND_ARGS),
  dropTokens: [
    "<|message_model|>",
    "<|content_text|>",
    "<|end_message|>",
    "<|content_model_end_sampling|>",
  ],
});
