import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readInvokes } from "./invoke-tags.js";
import { readBlocks } from "./text-result.js";

const OPEN = "<minimax:tool_call>";
const CLOSE = "</minimax:tool_call>";
const THINK: readonly (readonly [string, string])[] = [["<think>", "</think>"]];

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
export const minimaxM2Format: ToolCallFormat = {
  name: "minimax-m2",
  detect: (text) => text.includes(OPEN),
  parse: parseMinimaxM2,
};

function parseMinimaxM2(text: string): ParsedToolCalls {
  const spelling = { prefix: "", stringAttribute: false };
  return readBlocks("minimax-m2", text, { open: OPEN, close: CLOSE, skip: THINK }, (body, closed) =>
    readInvokes(body, spelling, closed),
  );
}
