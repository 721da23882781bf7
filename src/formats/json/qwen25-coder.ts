import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";

/**
 * Qwen2.5-Coder prompted with `<tools>` examples (vLLM `qwen2_5_coder`): `<tools>` + a call object,
 * a JSON list, or objects one per line + `</tools>`.
 *
 * @example
 * ```ts
 * qwen25CoderFormat.parse('<tools>{"name": "f", "arguments": {}}</tools>');
 * ```
 */
export const qwen25CoderFormat: ToolCallFormat = {
  name: "qwen25-coder",
  detect: (text) => /<tools>\s*[[{]/.test(text),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "qwen25-coder",
      opens: ["<tools>"],
      close: "</tools>",
      payload: "objects-or-array",
      toCall: (value) => toCall(value, nameAndArguments),
    }),
};
