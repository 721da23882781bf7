import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";
/**
 * NVIDIA Nemotron (JSON): a call or a list of calls in `<TOOLCALL>…</TOOLCALL>`.
 *
 * @example
 * ```ts
 * nemotronJsonFormat.parse('<TOOLCALL>[{"name": "f", "arguments": {}}]</TOOLCALL>');
 * ```
 */
export const nemotronJsonFormat: ToolCallFormat = {
  name: "nemotron-json",
  detect: (text) => text.includes("<TOOLCALL>"),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "nemotron-json",
      opens: ["<TOOLCALL>"],
      close: "</TOOLCALL>",
      payload: "object-or-array",
      toCall: (value) => toCall(value, nameAndArguments),
    }),
};
