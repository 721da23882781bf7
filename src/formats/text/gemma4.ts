import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readGemmaCall } from "./gemma-call.js";
import { readBlocks } from "./text-result.js";

const OPEN = "<|tool_call>";
const CLOSE = "<tool_call|>";
const QUOTE = '<|"|>';

/**
 * Gemma 4's format (vLLM `gemma4`): `<|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3}
 * <tool_call|>`, one call per block; text values between `<|"|>` tokens, bare numbers and booleans.
 *
 * @example
 * ```ts
 * gemma4Format.parse('<|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3}<tool_call|>').calls;
 * // [{ name: "get_weather", arguments: { city: "Paris", days: 3 } }]
 * ```
 */
export const gemma4Format: ToolCallFormat = {
  name: "gemma4",
  detect: (text) => text.includes(OPEN),
  parse: parseGemma4,
};

function parseGemma4(text: string): ParsedToolCalls {
  return readBlocks("gemma4", text, { open: OPEN, close: CLOSE }, (body, closed) =>
    readGemmaCall(body, { quote: QUOTE, closed: closed }),
  );
}
