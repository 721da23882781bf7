import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readInvokes } from "./invoke-tags.js";
import { readBlocks } from "./text-result.js";

const OPEN = "<tool_call>";
const CLOSE = "</tool_call>";
const THINK: readonly (readonly [string, string])[] = [["<think>", "</think>"]];
const SPELLING = { prefix: "", stringAttribute: false };

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
export const rwkvFormat: ToolCallFormat = {
  name: "rwkv",
  detect: (text) => /<tool_call>\s*<invoke[\s>]/.test(text),
  parse: parseRwkv,
};

function parseRwkv(text: string): ParsedToolCalls {
  return readBlocks("rwkv", text, { open: OPEN, close: CLOSE, skip: THINK }, (body, closed) =>
    readInvokes(body.trim(), SPELLING, closed),
  );
}
