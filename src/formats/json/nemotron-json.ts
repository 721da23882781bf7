import { markedFormat } from "./shared-marked-blocks.js";

/**
 * NVIDIA Nemotron (JSON): a call or a list of calls in `<TOOLCALL>…</TOOLCALL>`.
 *
 * @example
 * ```ts
 * nemotronJsonFormat.parse('<TOOLCALL>[{"name": "f", "arguments": {}}]</TOOLCALL>');
 * ```
 */
export const nemotronJsonFormat = markedFormat({
  format: "nemotron-json",
  opens: ["<TOOLCALL>"],
  close: "</TOOLCALL>",
  payload: "object-or-array",
});
