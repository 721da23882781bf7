import { blockFormat } from "./block-format.js";
import { readGemmaCall } from "./gemma-call.js";

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
export const functionGemmaFormat = blockFormat({
  name: "functiongemma",
  open: "<start_function_call>",
  close: "<end_function_call>",
  read: (body, closed) => readGemmaCall(body, { quote: "<escape>", closed }),
});
