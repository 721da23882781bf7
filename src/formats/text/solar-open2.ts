import { skipSpace } from "../json/shared-json-scan.js";
import type { ToolCallFormat } from "../tool-call-format.js";
import { defineValue } from "./python-literal.js";
import { type BlockRead, CUT_OFF, readBlocks, refusal } from "./text-result.js";
import { convertParameterValue } from "./xml-values.js";

const OPEN = "<|tool_call:start|>";
const CLOSE = "<|tool_call:end|>";
const ARG_OPEN = "<|tool_arg:start|>";
const ARG_VALUE = "<|tool_arg:value|>";
const ARG_CLOSE = "<|tool_arg:end|>";

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
export const solarOpen2Format: ToolCallFormat = {
  name: "solar-open2",
  detect: (text) => text.includes(OPEN),
  parse: (text) => readBlocks("solar-open2", text, { open: OPEN, close: CLOSE }, readCall),
};

function readCall(body: string, closed: boolean): BlockRead {
  const refuse = (reason: string) => ({ calls: [], refused: [refusal(reason, body)] });
  // Only the closing token ends a call: without it, more arguments may have been coming.
  if (!closed) return refuse(CUT_OFF);
  const newline = body.indexOf("\n");
  const name = (newline < 0 ? body : body.slice(0, newline)).trim();
  if (name === "" || /[\s<>{}[\]"]/.test(name)) {
    return refuse(`expected the function name on the line of ${OPEN}`);
  }
  const args: Record<string, unknown> = {};
  let pos = skipSpace(body, newline < 0 ? body.length : newline);
  while (pos < body.length) {
    if (!body.startsWith(ARG_OPEN, pos)) return refuse(`expected ${ARG_OPEN} in "${name}"`);
    const valueMark = body.indexOf(ARG_VALUE, pos);
    const end = body.indexOf(ARG_CLOSE, pos);
    if (valueMark < 0 || end < 0 || valueMark > end) {
      return refuse(`expected ${ARG_OPEN}name${ARG_VALUE}value${ARG_CLOSE} in "${name}"`);
    }
    const key = body.slice(pos + ARG_OPEN.length, valueMark);
    if (key === "" || key.includes("<|")) return refuse(`an argument of "${name}" has no name`);
    if (Object.hasOwn(args, key)) return refuse(`the argument "${key}" is given twice`);
    const value = body.slice(valueMark + ARG_VALUE.length, end);
    if (value.includes(ARG_OPEN))
      return refuse(`the argument "${key}" is not closed with ${ARG_CLOSE}`);
    defineValue(args, key, convertParameterValue(value));
    pos = skipSpace(body, end + ARG_CLOSE.length);
  }
  return { calls: [{ name, arguments: args }], refused: [] };
}
