import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { readFunctionTags } from "./function-tags.js";
import { readBlocks } from "./text-result.js";

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
  return readBlocks("seed-oss", text, { open: OPEN, close: CLOSE, skip: THINK }, (body, closed) =>
    readFunctionTags(body, closed),
  );
}
