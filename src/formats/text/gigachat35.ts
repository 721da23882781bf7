import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readInvokes } from "./invoke-tags.js";
import { readBlocks } from "./text-result.js";

const OPEN = "<｜GCML｜tool_calls>";
const CLOSE = "</｜GCML｜tool_calls>";
const SPELLING = { prefix: "｜GCML｜", stringAttribute: true, stringByDefault: true };

/**
 * GigaChat 3.5's GCML format (vLLM `gigachat35`): `<｜GCML｜tool_calls><｜GCML｜invoke name="f">
 * <｜GCML｜parameter name="a" string="false">1</｜GCML｜parameter></｜GCML｜invoke>…`; values are text
 * unless marked `string="false"`, then they must be JSON.
 *
 * @example
 * ```ts
 * gigachat35Format.parse('<｜GCML｜tool_calls><｜GCML｜invoke name="f"><｜GCML｜parameter name="n" string="false">3</｜GCML｜parameter></｜GCML｜invoke></｜GCML｜tool_calls>').calls;
 * // [{ name: "f", arguments: { n: 3 } }]
 * ```
 */
export const gigachat35Format: ToolCallFormat = {
  name: "gigachat35",
  detect: (text) => text.includes(OPEN),
  parse: parseGigachat35,
};

function parseGigachat35(text: string): ParsedToolCalls {
  return readBlocks("gigachat35", text, { open: OPEN, close: CLOSE }, (body, closed) =>
    readInvokes(body, SPELLING, closed),
  );
}
