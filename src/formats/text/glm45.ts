import { argPairCall } from "./arg-pairs.js";
import { blockFormat } from "./block-format.js";

const DETECT = /<tool_call>\s*[^\s<>{}[\]"]+\s*(?:<arg_key>|<\/tool_call>)/;

/**
 * GLM-4.5/4.6/4.7's format (vLLM `glm45`; `glm47` and `poolside_v1` read the same syntax):
 * `<tool_call>name\n<arg_key>k</arg_key>\n<arg_value>v</arg_value></tool_call>`; values are trimmed
 * text.
 *
 * @example
 * ```ts
 * glm45Format.parse("<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>").calls;
 * // [{ name: "get_weather", arguments: { city: "Beijing" } }]
 * ```
 */
export const glm45Format = blockFormat({
  name: "glm45",
  open: "<tool_call>",
  close: "</tool_call>",
  detect: (text) => DETECT.test(text),
  read: argPairCall({ suffix: "", trimValues: true }),
});
