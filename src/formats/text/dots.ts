import { isPlainObject, nameAndArguments, toCall } from "../json/shared-call-shape.js";
import type {
  ParsedToolCall,
  ParsedToolCalls,
  RefusedToolCall,
  ToolCallFormat,
} from "../tool-call-format.js";
import { readInvokes } from "./invoke-tags.js";
import { CUT_OFF, readBlocks, refusal } from "./text-result.js";

const OPEN = "<dots_function_call>";
const CLOSE = "</dots_function_call>";
const THINK: readonly (readonly [string, string])[] = [["<think>", "</think>"]];
const SPELLING = { prefix: "", stringAttribute: false };

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
export const dotsFormat: ToolCallFormat = {
  name: "dots",
  detect: (text) => text.includes(OPEN),
  parse: parseDots,
};

function parseDots(text: string): ParsedToolCalls {
  return readBlocks("dots", text, { open: OPEN, close: CLOSE, skip: THINK }, (body, closed) =>
    readBlock(body, closed),
  );
}

function readBlock(
  body: string,
  closed: boolean,
): { calls: ParsedToolCall[]; refused: RefusedToolCall[] } {
  if (!body.trim().startsWith("{")) return readInvokes(body.trim(), SPELLING, closed);
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
