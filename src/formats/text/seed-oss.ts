import { blockFormat } from "./block-format.js";
import { readFunctionTags } from "./function-tags.js";

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
export const seedOssFormat = blockFormat({
  name: "seed-oss",
  open: "<seed:tool_call>",
  close: "</seed:tool_call>",
  // Seed-OSS often spells a call out while thinking; only calls outside the thinking are meant.
  reasoning: [
    ["<seed:think>", "</seed:think>"],
    ["<think>", "</think>"],
  ],
  read: readFunctionTags,
});
