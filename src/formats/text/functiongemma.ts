import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readGemmaCall } from "./gemma-call.js";
import { readBlocks } from "./text-result.js";

const OPEN = "<start_function_call>";
const CLOSE = "<end_function_call>";

/**
 * FunctionGemma's format (vLLM `functiongemma`): `<start_function_call>call:get_weather{city:
 * <escape>Paris<escape>}<end_function_call>`; `<escape>`-quoted values stay text for the schema.
 *
 * @example
 * ```ts
 * functionGemmaFormat.parse("<start_function_call>call:get_weather{city:<escape>Paris<escape>}<end_function_call>").calls;
 * // [{ name: "get_weather", arguments: { city: "Paris" } }]
 * ```
 */
export const functionGemmaFormat: ToolCallFormat = {
  name: "functiongemma",
  detect: (text) => text.includes(OPEN),
  parse: parseFunctionGemma,
};

function parseFunctionGemma(text: string): ParsedToolCalls {
  return readBlocks("functiongemma", text, { open: OPEN, close: CLOSE }, (body, closed) =>
    readGemmaCall(body, { quote: "<escape>", closed: closed }),
  );
}
