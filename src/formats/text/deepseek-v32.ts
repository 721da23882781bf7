import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readInvokes } from "./invoke-tags.js";
import { readBlocks } from "./text-result.js";

const OPEN = "<｜DSML｜function_calls>";
const CLOSE = "</｜DSML｜function_calls>";
const THINK: readonly (readonly [string, string])[] = [["<think>", "</think>"]];

/**
 * DeepSeek V3.2's DSML format (vLLM `deepseek_v32`): `<｜DSML｜function_calls><｜DSML｜invoke
 * name="f"><｜DSML｜parameter name="a" string="true">text</｜DSML｜parameter>…`; `string="true"`
 * values stay text, `string="false"` values must be JSON.
 *
 * @example
 * ```ts
 * deepseekV32Format.parse('<｜DSML｜function_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="n" string="false">3</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>').calls;
 * // [{ name: "f", arguments: { n: 3 } }]
 * ```
 */
export const deepseekV32Format: ToolCallFormat = {
  name: "deepseek-v32",
  detect: (text) => text.includes(OPEN),
  parse: parseDeepseekV32,
};

function parseDeepseekV32(text: string): ParsedToolCalls {
  const spelling = { prefix: "｜DSML｜", stringAttribute: true };
  return readBlocks(
    "deepseek-v32",
    text,
    { open: OPEN, close: CLOSE, skip: THINK },
    (body, closed) => readInvokes(body, spelling, closed),
  );
}
