import { nameAndArguments, toCall } from "../json/shared-call-shape.js";
import { argPairCall } from "./arg-pairs.js";
import { blockFormat } from "./block-format.js";
import { type BlockRead, CUT_OFF, refusal, sectionCalls } from "./text-result.js";

const readArgPairs = argPairCall({ prefix: "ifm|", suffix: "", typeTag: true, trimValues: false });

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
export const k2HorizonFormat = blockFormat({
  name: "k2-horizon",
  open: "<ifm|tool_calls>",
  close: "</ifm|tool_calls>",
  read: sectionCalls({ open: "<ifm|tool_call>", close: "</ifm|tool_call>" }, readCall),
});

function readCall(body: string, closed: boolean): BlockRead {
  if (!body.trim().startsWith("{")) return readArgPairs(body, closed);
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
