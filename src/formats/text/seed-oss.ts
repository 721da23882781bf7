import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readFunctionTags } from "./function-tags.js";
import { buildResult, markerBlocks } from "./text-result.js";

const OPEN = "<seed:tool_call>";
const CLOSE = "</seed:tool_call>";
// Seed-OSS often spells a call out while thinking; only calls outside the thinking are meant.
const THINK: readonly (readonly [string, string])[] = [["<seed:think>", "</seed:think>"]];

/**
 * Seed-OSS's format (vLLM `seed_oss`): `<seed:tool_call><function=name><parameter=a>1</parameter>
 * </function></seed:tool_call>`; calls written inside `<seed:think>` are text, not calls.
 *
 * @example
 * ```ts
 * seedOssFormat.parse("<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona</parameter>\n</function>\n</seed:tool_call>").calls;
 * // [{ name: "get_weather", arguments: { location: "Barcelona" } }]
 * ```
 */
export const seedOssFormat: ToolCallFormat = {
  name: "seed-oss",
  detect: (text) => text.includes(OPEN),
  parse: parseSeedOss,
};

function parseSeedOss(text: string): ParsedToolCalls {
  const blocks = markerBlocks(text, { open: OPEN, close: CLOSE, skip: THINK }).map((block) => ({
    start: block.start,
    end: block.end,
    ...readFunctionTags(block.body, block.closed),
  }));
  return buildResult("seed-oss", text, blocks);
}
