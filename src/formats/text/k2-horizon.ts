import { nameAndArguments, toCall } from "../json/shared-call-shape.js";
import type {
  ParsedToolCall,
  ParsedToolCalls,
  RefusedToolCall,
  ToolCallFormat,
} from "../tool-call-format.js";
import { readArgPairCall } from "./arg-pairs.js";
import {
  buildResult,
  type CallBlock,
  CUT_OFF,
  markerBlocks,
  outsideBlocks,
  refusal,
} from "./text-result.js";

const OPEN = "<ifm|tool_calls>";
const CLOSE = "</ifm|tool_calls>";
const CALL_OPEN = "<ifm|tool_call>";
const CALL_CLOSE = "</ifm|tool_call>";
const THINK: readonly (readonly [string, string])[] = [["<think>", "</think>"]];
const SPELLING = { prefix: "ifm|", suffix: "", typeTag: true, trimValues: false };

/**
 * K2 Horizon's IFM format (vLLM `k2_horizon`): `<ifm|tool_calls><ifm|tool_call>name<ifm|arg_key>k
 * </ifm|arg_key><ifm|arg_value>v</ifm|arg_value></ifm|tool_call></ifm|tool_calls>`, an optional
 * `<ifm|arg_type>` before each value; a call may also be one `{"name": …, "arguments": {…}}` object.
 * Values stay text for the schema.
 *
 * @example
 * ```ts
 * k2HorizonFormat.parse("<ifm|tool_calls><ifm|tool_call>f<ifm|arg_key>a</ifm|arg_key><ifm|arg_value>1</ifm|arg_value></ifm|tool_call></ifm|tool_calls>").calls;
 * // [{ name: "f", arguments: { a: "1" } }]
 * ```
 */
export const k2HorizonFormat: ToolCallFormat = {
  name: "k2-horizon",
  detect: (text) => text.includes(OPEN),
  parse: parseK2Horizon,
};

function parseK2Horizon(text: string): ParsedToolCalls {
  const blocks: CallBlock[] = [];
  for (const section of markerBlocks(text, { open: OPEN, close: CLOSE, skip: THINK })) {
    const calls = markerBlocks(section.body, { open: CALL_OPEN, close: CALL_CLOSE });
    const read = calls.map((call) => readCall(call.body, call.closed));
    const refused = read.flatMap((entry) => entry.refused);
    const stray = outsideBlocks(section.body, calls);
    if (stray !== "") {
      refused.push(refusal(`expected only ${CALL_OPEN}…${CALL_CLOSE} blocks here`, stray));
    }
    blocks.push({ ...section, calls: read.flatMap((entry) => entry.calls), refused });
  }
  return buildResult("k2-horizon", text, blocks);
}

function readCall(
  body: string,
  closed: boolean,
): { calls: ParsedToolCall[]; refused: RefusedToolCall[] } {
  if (!body.trim().startsWith("{")) return readArgPairCall(body, closed, SPELLING);
  const refuse = (reason: string) => ({ calls: [], refused: [refusal(reason, body.trim())] });
  if (!closed) return refuse(CUT_OFF);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return refuse("the call is not valid JSON; send it again as standard JSON");
  }
  const reading = toCall(value, nameAndArguments);
  return "call" in reading ? { calls: [reading.call], refused: [] } : refuse(reading.reason);
}
