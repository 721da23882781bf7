import { blockFormat } from "./block-format.js";
import { readPythonCalls } from "./python-calls.js";

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
export const olmo3Format = blockFormat({
  name: "olmo3",
  open: "<function_calls>",
  close: "</function_calls>",
  read: (body, closed) =>
    readPythonCalls(body, { shape: "sequence", endsAtCutOff: !closed, jsonLiterals: true }),
});
