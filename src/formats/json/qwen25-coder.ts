import { markedFormat } from "./shared-marked-blocks.js";

/**
 * Qwen2.5-Coder prompted with `<tools>` examples (vLLM `qwen2_5_coder`): `<tools>` + a call object,
 * a JSON list, or objects one per line + `</tools>`.
 *
 * @example
 * ```ts
 * qwen25CoderFormat.parse('<tools>{"name": "f", "arguments": {}}</tools>');
 * ```
 */
export const qwen25CoderFormat = markedFormat({
  format: "qwen25-coder",
  detect: (text) => /<tools>\s*[[{]/.test(text),
  opens: ["<tools>"],
  close: "</tools>",
  payload: "objects-or-array",
});
