import type { ParsedToolCalls, ToolCallFormat, ToolCallFormatName } from "../tool-call-format.js";
import { readArgPairCall } from "./arg-pairs.js";
import {
  buildResult,
  type CallBlock,
  markerBlocks,
  outsideBlocks,
  refusal,
} from "./text-result.js";

// Hunyuan V4 checkpoints suffix their structural tags (`<tool_calls:6124c78e>`); V3's have none.
const SECTION = /<tool_calls(:[^\s>]+)?>\s*<tool_call\1>/;
const THINK: readonly (readonly [string, string])[] = [["<think>", "</think>"]];

function parseHunyuanXml(format: ToolCallFormatName, text: string): ParsedToolCalls {
  const suffix = SECTION.exec(text)?.[1] ?? "";
  const callOpen = `<tool_call${suffix}>`;
  const callClose = `</tool_call${suffix}>`;
  const spelling = { suffix, separator: "<tool_sep>", trimValues: false };
  const blocks: CallBlock[] = [];
  const sections = markerBlocks(text, {
    open: `<tool_calls${suffix}>`,
    close: `</tool_calls${suffix}>`,
    skip: THINK,
  });
  for (const section of sections) {
    const calls = markerBlocks(section.body, { open: callOpen, close: callClose });
    const read = calls.map((call) => readArgPairCall(call.body, call.closed, spelling));
    const refused = read.flatMap((entry) => entry.refused);
    const stray = outsideBlocks(section.body, calls);
    if (stray !== "") {
      refused.push(refusal(`expected only ${callOpen}…${callClose} blocks here`, stray));
    }
    blocks.push({
      start: section.start,
      end: section.end,
      calls: read.flatMap((entry) => entry.calls),
      refused,
    });
  }
  return buildResult(format, text, blocks);
}

/**
 * Hunyuan V3's format (vLLM `hy_v3`): `<tool_calls><tool_call>name<tool_sep><arg_key>k</arg_key>
 * <arg_value>v</arg_value></tool_call></tool_calls>`; values stay text for the schema.
 *
 * @example
 * ```ts
 * hyV3Format.parse("<tool_calls><tool_call>f<tool_sep><arg_key>a</arg_key><arg_value>1</arg_value></tool_call></tool_calls>").calls;
 * // [{ name: "f", arguments: { a: "1" } }]
 * ```
 */
export const hyV3Format: ToolCallFormat = {
  name: "hy-v3",
  detect: (text) => SECTION.test(text) && text.includes("<tool_sep>"),
  parse: (text) => parseHunyuanXml("hy-v3", text),
};

/**
 * Hunyuan V4's format (vLLM `hy_v4`): as V3 without `<tool_sep>`, and with a checkpoint's suffix on
 * every tag when it has one (`<tool_calls:6124c78e>…<arg_key:6124c78e>…`).
 *
 * @example
 * ```ts
 * hyV4Format.parse("<tool_calls><tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value></tool_call></tool_calls>").calls;
 * // [{ name: "f", arguments: { a: "1" } }]
 * ```
 */
export const hyV4Format: ToolCallFormat = {
  name: "hy-v4",
  detect: (text) => SECTION.test(text) && !text.includes("<tool_sep>"),
  parse: (text) => parseHunyuanXml("hy-v4", text),
};
