import type { ParsedToolCalls, ToolCallFormat, ToolCallFormatName } from "../tool-call-format.js";
import { readFunctionTags } from "./function-tags.js";
import { readBlocks } from "./text-result.js";

const OPEN = "<tool_call>";
const CLOSE = "</tool_call>";
const THINK: readonly (readonly [string, string])[] = [["<think>", "</think>"]];
const DETECT = /<tool_call>\s*<function[=\s]/;

function parseQwen3(format: ToolCallFormatName, text: string): ParsedToolCalls {
  return readBlocks(format, text, { open: OPEN, close: CLOSE, skip: THINK }, (body, closed) =>
    readFunctionTags(body, closed),
  );
}

/**
 * Qwen3-Coder's XML format (vLLM `qwen3_coder`): `<tool_call><function=name><parameter=a>1
 * </parameter></function></tool_call>`; values are text, converted only where JSON is unambiguous.
 *
 * @example
 * ```ts
 * qwen3CoderFormat.parse("<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>").calls;
 * // [{ name: "get_weather", arguments: { city: "Paris" } }]
 * ```
 */
export const qwen3CoderFormat: ToolCallFormat = {
  name: "qwen3-coder",
  detect: (text) => DETECT.test(text),
  parse: (text) => parseQwen3("qwen3-coder", text),
};

/**
 * Qwen3's XML format as vLLM's `qwen3_xml` parser reads it: the same syntax as Qwen3-Coder
 * (auto-detection reports such replies as `qwen3-coder`).
 *
 * @example
 * ```ts
 * qwen3XmlFormat.parse("<tool_call><function=f><parameter=a>1</parameter></function></tool_call>").calls;
 * // [{ name: "f", arguments: { a: 1 } }]
 * ```
 */
export const qwen3XmlFormat: ToolCallFormat = {
  name: "qwen3-xml",
  detect: (text) => DETECT.test(text),
  parse: (text) => parseQwen3("qwen3-xml", text),
};
