import { blockFormat } from "./block-format.js";
import { invokeCalls } from "./invoke-tags.js";

/**
 * MiniMax-M2's format (vLLM `minimax_m2`): `<minimax:tool_call><invoke name="f"><parameter
 * name="a">1</parameter></invoke></minimax:tool_call>`, several `<invoke>`s per block.
 *
 * @example
 * ```ts
 * minimaxM2Format.parse('<minimax:tool_call><invoke name="get_weather"><parameter name="city">Seattle</parameter></invoke></minimax:tool_call>').calls;
 * // [{ name: "get_weather", arguments: { city: "Seattle" } }]
 * ```
 */
export const minimaxM2Format = blockFormat({
  name: "minimax-m2",
  open: "<minimax:tool_call>",
  close: "</minimax:tool_call>",
  read: invokeCalls({ prefix: "", stringAttribute: false }),
});
