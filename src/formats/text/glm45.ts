import type {
  ParsedToolCall,
  ParsedToolCalls,
  RefusedToolCall,
  ToolCallFormat,
} from "../tool-call-format.js";
import { defineValue } from "./python-literal.js";
import { buildResult, CUT_OFF, markerBlocks, refusal } from "./text-result.js";
import { convertParameterValue } from "./xml-values.js";

const OPEN = "<tool_call>";
const CLOSE = "</tool_call>";
const THINK: readonly (readonly [string, string])[] = [["<think>", "</think>"]];
const DETECT = /<tool_call>\s*[^\s<>{}[\]"]+\s*(?:<arg_key>|<\/tool_call>)/;
const PAIR = /<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)<\/arg_value>\s*/y;

/**
 * GLM-4.5/4.6/4.7's format (vLLM `glm45`, `glm47`): `<tool_call>name\n<arg_key>k</arg_key>\n
 * <arg_value>v</arg_value></tool_call>`; values are trimmed and converted where JSON is unambiguous.
 *
 * @example
 * ```ts
 * glm45Format.parse("<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>").calls;
 * // [{ name: "get_weather", arguments: { city: "Beijing" } }]
 * ```
 */
export const glm45Format: ToolCallFormat = {
  name: "glm45",
  detect: (text) => DETECT.test(text),
  parse: parseGlm45,
};

function parseGlm45(text: string): ParsedToolCalls {
  const blocks = markerBlocks(text, { open: OPEN, close: CLOSE, skip: THINK }).map((block) => ({
    start: block.start,
    end: block.end,
    ...readGlmCall(block.body, block.closed),
  }));
  return buildResult("glm45", text, blocks);
}

function readGlmCall(
  body: string,
  closed: boolean,
): { calls: ParsedToolCall[]; refused: RefusedToolCall[] } {
  const refuse = (reason: string) => ({ calls: [], refused: [refusal(reason, body)] });
  const firstKey = body.indexOf("<arg_key>");
  const name = (firstKey < 0 ? body : body.slice(0, firstKey)).trim();
  // Only </tool_call> ends a call: without it, more arguments may have been coming.
  if (!closed) return refuse(CUT_OFF);
  if (name === "" || /[\s<>{}[\]"]/.test(name)) {
    return refuse(
      "expected the function name right after <tool_call>, then <arg_key>/<arg_value> pairs",
    );
  }
  const args: Record<string, unknown> = {};
  let pos = firstKey < 0 ? body.length : firstKey;
  while (pos < body.length) {
    PAIR.lastIndex = pos;
    const pair = PAIR.exec(body);
    if (pair === null) {
      return refuse(
        `expected <arg_key>k</arg_key><arg_value>v</arg_value> in the call to "${name}"`,
      );
    }
    const key = (pair[1] as string).trim();
    if (key === "") return refuse(`an argument of "${name}" has an empty <arg_key>`);
    if (Object.hasOwn(args, key)) return refuse(`the argument "${key}" is given twice`);
    defineValue(args, key, convertParameterValue((pair[2] as string).trim()));
    pos = PAIR.lastIndex;
  }
  return { calls: [{ name, arguments: args }], refused: [] };
}
