import { argPairCall } from "./arg-pairs.js";
import { blockFormat } from "./block-format.js";

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
export const iquestCoderV2Format = blockFormat({
  name: "iquest-coder-v2",
  open: "<iquestcoder_tool_call>",
  close: "</iquestcoder_tool_call>",
  read: argPairCall({ suffix: "", trimValues: false }),
});
