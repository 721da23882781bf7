import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readPythonCalls } from "./python-calls.js";
import { readBlocks } from "./text-result.js";

const OPEN = "<function_calls>";
const CLOSE = "</function_calls>";

/**
 * OLMo 3's format (vLLM `olmo3`): Python calls one per line between `<function_calls>` and
 * `</function_calls>`; JSON's `true`/`false`/`null` are read as well as Python's.
 *
 * @example
 * ```ts
 * olmo3Format.parse("<function_calls>get_weather(city='Paris', metric=null)</function_calls>").calls;
 * // [{ name: "get_weather", arguments: { city: "Paris", metric: null } }]
 * ```
 */
export const olmo3Format: ToolCallFormat = {
  name: "olmo3",
  detect: (text) => text.includes(OPEN),
  parse: parseOlmo3,
};

function parseOlmo3(text: string): ParsedToolCalls {
  return readBlocks("olmo3", text, { open: OPEN, close: CLOSE }, (body, closed) =>
    readPythonCalls(body, {
      shape: "sequence",
      endsAtCutOff: !closed,
      jsonLiterals: true,
    }),
  );
}
