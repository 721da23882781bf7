import { argumentPairs } from "../tag-calls/argument-pairs.js";
import { blockCall, callMiss, type TagCallSyntax } from "../tag-calls/tag-call.js";
import { blockFormat } from "./block-format.js";
import { convertParameterValue } from "./xml-values.js";

const OPEN = "<|tool_call:start|>";
const ARG_OPEN = "<|tool_arg:start|>";
const ARG_VALUE = "<|tool_arg:value|>";
const ARG_CLOSE = "<|tool_arg:end|>";

const solarCall: TagCallSyntax = {
  head: (scan, at) => {
    const newline = scan.find("\n", at);
    const end = newline < 0 ? scan.text.length : newline;
    const name = scan.text.slice(at, end).trim();
    if (name === "" || /[\s<>{}[\]"]/.test(name)) {
      return callMiss(`expected the function name on the line of ${OPEN}`);
    }
    return { name, end };
  },
  arguments: argumentPairs({
    noun: "argument",
    head: (scan, at, name) => {
      if (!scan.startsWith(ARG_OPEN, at)) return callMiss(`expected ${ARG_OPEN} in "${name}"`);
      const valueMark = scan.find(ARG_VALUE, at);
      const end = scan.find(ARG_CLOSE, at);
      if (valueMark < 0 || end < 0 || valueMark > end) {
        return callMiss(`expected ${ARG_OPEN}name${ARG_VALUE}value${ARG_CLOSE} in "${name}"`);
      }
      const key = scan.text.slice(at + ARG_OPEN.length, valueMark);
      if (key === "" || key.includes("<|")) return callMiss(`an argument of "${name}" has no name`);
      return { key, end: valueMark + ARG_VALUE.length };
    },
    close: ARG_CLOSE,
    value: (raw) =>
      raw.includes(ARG_OPEN)
        ? { reason: `is not closed with ${ARG_CLOSE}` }
        : { value: convertParameterValue(raw) },
    noKey: (name) => `an argument of "${name}" has no name`,
  }),
};

/**
 * Solar Open 2's format (vLLM `solar_open2`): `<|tool_call:start|>name` + newline +
 * `<|tool_arg:start|>k<|tool_arg:value|>v<|tool_arg:end|>`… + `<|tool_call:end|>`; values stay text.
 *
 * @example
 * ```ts
 * solarOpen2Format.parse("<|tool_call:start|>f\n<|tool_arg:start|>a<|tool_arg:value|>1<|tool_arg:end|><|tool_call:end|>").calls;
 * // [{ name: "f", arguments: { a: "1" } }]
 * ```
 */
export const solarOpen2Format = blockFormat({
  name: "solar-open2",
  open: OPEN,
  close: "<|tool_call:end|>",
  // Only the closing token ends a call: without it, more arguments may have been coming.
  read: blockCall(solarCall),
});
