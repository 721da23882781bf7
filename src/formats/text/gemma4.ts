import { blockFormat } from "./block-format.js";
import { readGemmaCall } from "./gemma-call.js";

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
export const gemma4Format = blockFormat({
  name: "gemma4",
  open: "<|tool_call>",
  close: "<tool_call|>",
  read: (body, closed) => readGemmaCall(body, { quote: '<|"|>', closed }),
});
