import type { ToolCallFormatName } from "../tool-call-format.js";
import { blockFormat } from "./block-format.js";
import { readFunctionTags } from "./function-tags.js";

const DETECT = /<tool_call>\s*<function[=\s]/;

const qwen3 = (name: ToolCallFormatName) =>
  blockFormat({
    name,
    open: "<tool_call>",
    close: "</tool_call>",
    detect: (text) => DETECT.test(text),
    read: readFunctionTags,
  });

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
export const qwen3CoderFormat = qwen3("qwen3-coder");

/**
 * Qwen3's XML format as vLLM's `qwen3_xml` parser reads it: the same syntax as Qwen3-Coder
 * (auto-detection reports such replies as `qwen3-coder`).
 *
 * @example
 * ```ts
 * qwen3XmlFormat.parse("<tool_call><function=f><parameter=a>1</parameter></function></tool_call>").calls;
 * // [{ name: "f", arguments: { a: "1" } }]
 * ```
 */
export const qwen3XmlFormat = qwen3("qwen3-xml");
