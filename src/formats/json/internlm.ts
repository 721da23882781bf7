import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";
/**
 * InternLM2 / 2.5: `<|action_start|><|plugin|>{"name": …, "parameters": {…}}<|action_end|>`.
 *
 * @example
 * ```ts
 * internlmFormat.parse('<|action_start|><|plugin|>\n{"name": "f", "parameters": {}}<|action_end|>');
 * ```
 */
export const internlmFormat: ToolCallFormat = {
  name: "internlm",
  detect: (text) => text.includes("<|action_start|><|plugin|>"),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "internlm",
      opens: ["<|action_start|><|plugin|>"],
      close: "<|action_end|>",
      payload: "object",
      toCall: (value) => toCall(value, nameAndArguments),
    }),
};
