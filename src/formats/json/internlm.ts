import { markedFormat } from "./shared-marked-blocks.js";

/**
 * InternLM2 / 2.5: `<|action_start|><|plugin|>{"name": …, "parameters": {…}}<|action_end|>`.
 *
 * @example
 * ```ts
 * internlmFormat.parse('<|action_start|><|plugin|>\n{"name": "f", "parameters": {}}<|action_end|>');
 * ```
 */
export const internlmFormat = markedFormat({
  format: "internlm",
  opens: ["<|action_start|><|plugin|>"],
  close: "<|action_end|>",
  payload: "object",
});
