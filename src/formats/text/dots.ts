import { isPlainObject, nameAndArguments, toCall } from "../json/shared-call-shape.js";
import { blockFormat } from "./block-format.js";
import { invokeCalls } from "./invoke-tags.js";
import { type BlockRead, CUT_OFF, refusal } from "./text-result.js";

const readInvokes = invokeCalls({ prefix: "", stringAttribute: false });

/**
 * dots.llm's format (vLLM `dots`): `<dots_function_call><invoke name="f"><parameter name="a">1
 * </parameter></invoke></dots_function_call>`, several `<invoke>`s per block; a block holding one
 * `{"name": …, "arguments": {…}}` object is read too. Parameter values stay text for the schema.
 *
 * @example
 * ```ts
 * dotsFormat.parse('<dots_function_call><invoke name="f"><parameter name="a">1</parameter></invoke></dots_function_call>').calls;
 * // [{ name: "f", arguments: { a: "1" } }]
 * ```
 */
export const dotsFormat = blockFormat({
  name: "dots",
  open: "<dots_function_call>",
  close: "</dots_function_call>",
  read: readBlock,
});

function readBlock(body: string, closed: boolean): BlockRead {
  if (!body.trim().startsWith("{")) return readInvokes(body.trim(), closed);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    const reason = closed ? "the call is not valid JSON; send it again as standard JSON" : CUT_OFF;
    return { calls: [], refused: [refusal(reason, body.trim())] };
  }
  const reading = isPlainObject(value) ? toCall(value, nameAndArguments) : undefined;
  if (reading !== undefined && "call" in reading) return { calls: [reading.call], refused: [] };
  const reason = reading?.reason ?? 'send {"name": …, "arguments": {…}}';
  return { calls: [], refused: [refusal(reason, body.trim())] };
}
