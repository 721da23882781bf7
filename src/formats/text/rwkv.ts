import { blockFormat } from "./block-format.js";
import { invokeCalls } from "./invoke-tags.js";

const readInvokes = invokeCalls({ prefix: "", stringAttribute: false });

/**
 * RWKV's format (vLLM `rwkv`): `<tool_call><invoke name="f"><parameter name="a">1</parameter>
 * </invoke></tool_call>`; parameter values stay text for the schema.
 *
 * @example
 * ```ts
 * rwkvFormat.parse('<tool_call><invoke name="f"><parameter name="a">1</parameter></invoke></tool_call>').calls;
 * // [{ name: "f", arguments: { a: "1" } }]
 * ```
 */
export const rwkvFormat = blockFormat({
  name: "rwkv",
  open: "<tool_call>",
  close: "</tool_call>",
  detect: (text) => /<tool_call>\s*<invoke[\s>]/.test(text),
  read: (body, closed) => readInvokes(body.trim(), closed),
});
