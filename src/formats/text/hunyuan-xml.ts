import { search } from "../reply/text-search.js";
import {
  defineFormat,
  type FormatReadOptions,
  type ToolCallFormat,
  type ToolCallFormatName,
} from "../tool-call-format.js";
import { argPairCall } from "./arg-pairs.js";
import { readBlocks, sectionCalls } from "./text-result.js";

// Hunyuan V4 checkpoints suffix their structural tags (`<tool_calls:6124c78e>`); V3's have none.
const SECTION = /<tool_calls(:[^\s>]+)?>\s*<tool_call\1>/;
const FIRST_SECTION = new RegExp(SECTION.source, "g");

function readHunyuanXml(format: ToolCallFormatName, text: string, options?: FormatReadOptions) {
  const suffix = search(FIRST_SECTION, text, 0)?.[1] ?? "";
  const section = { open: `<tool_calls${suffix}>`, close: `</tool_calls${suffix}>` };
  const call = { open: `<tool_call${suffix}>`, close: `</tool_call${suffix}>` };
  const readCall = argPairCall({ suffix, separator: "<tool_sep>", trimValues: false });
  return readBlocks(format, text, section, sectionCalls(call, readCall), options);
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
export const hyV3Format: ToolCallFormat = defineFormat(
  "hy-v3",
  (text) => SECTION.test(text) && text.includes("<tool_sep>"),
  (text, options) => readHunyuanXml("hy-v3", text, options),
);

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
export const hyV4Format: ToolCallFormat = defineFormat(
  "hy-v4",
  (text) => SECTION.test(text) && !text.includes("<tool_sep>"),
  (text, options) => readHunyuanXml("hy-v4", text, options),
);
