import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readArgPairCall } from "./arg-pairs.js";
import { readBlocks } from "./text-result.js";

const OPEN = "<iquestcoder_tool_call>";
const CLOSE = "</iquestcoder_tool_call>";
const THINK: readonly (readonly [string, string])[] = [["<think>", "</think>"]];
const SPELLING = { suffix: "", trimValues: false };

/**
 * iQuest Coder V2's format (vLLM `iquest_coder_v2`): `<iquestcoder_tool_call>name<arg_key>k</arg_key>
 * <arg_value>v</arg_value></iquestcoder_tool_call>`; values stay the text written.
 *
 * @example
 * ```ts
 * iquestCoderV2Format.parse("<iquestcoder_tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value></iquestcoder_tool_call>").calls;
 * // [{ name: "f", arguments: { a: "1" } }]
 * ```
 */
export const iquestCoderV2Format: ToolCallFormat = {
  name: "iquest-coder-v2",
  detect: (text) => text.includes(OPEN),
  parse: parseIquestCoderV2,
};

function parseIquestCoderV2(text: string): ParsedToolCalls {
  return readBlocks(
    "iquest-coder-v2",
    text,
    { open: OPEN, close: CLOSE, skip: THINK },
    (body, closed) => readArgPairCall(body, closed, SPELLING),
  );
}
