import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readArgPairCall } from "./arg-pairs.js";
import { readBlocks } from "./text-result.js";

const OPEN = "<tool_call>";
const CLOSE = "</tool_call>";
const THINK: readonly (readonly [string, string])[] = [["<think>", "</think>"]];
const DETECT = /<tool_call>\s*[^\s<>{}[\]"]+\s*(?:<arg_key>|<\/tool_call>)/;
const GLM = { suffix: "", trimValues: true };

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
export const glm45Format: ToolCallFormat = {
  name: "glm45",
  detect: (text) => DETECT.test(text),
  parse: parseGlm45,
};

function parseGlm45(text: string): ParsedToolCalls {
  return readBlocks("glm45", text, { open: OPEN, close: CLOSE, skip: THINK }, (body, closed) =>
    readArgPairCall(body, closed, GLM),
  );
}
