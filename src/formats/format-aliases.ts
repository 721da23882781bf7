import type { FormatAliasName } from "./alias-names.js";
import { hermesFormat } from "./json/hermes.js";
import { internlmFormat } from "./json/internlm.js";
import { nemotronJsonFormat } from "./json/nemotron-json.js";
import { panguFormat } from "./json/pangu.js";
import { glm45Format } from "./text/glm45.js";
import { qwen3CoderFormat } from "./text/qwen3-coder.js";
import { defineFormat, neverDetected, type ToolCallFormat } from "./tool-call-format.js";

const targets: Readonly<Record<FormatAliasName, ToolCallFormat>> = {
  granite4: hermesFormat,
  ernie45: hermesFormat,
  glm47: glm45Format,
  "poolside-v1": glm45Format,
  "qwen35-coder": qwen3CoderFormat,
  step3p5: qwen3CoderFormat,
  "openpangu-v2": panguFormat,
  spark3: glm45Format,
  "intern-s1": internlmFormat,
  "iquest-coder": qwen3CoderFormat,
  "hyperclovax-seed-think": glm45Format,
  "nemotron-nano-v2": nemotronJsonFormat,
  ling3: glm45Format,
  mimo: qwen3CoderFormat,
  "mimov2-flash": qwen3CoderFormat,
};

/**
 * @internal The alias formats: each reads with its target's parser and reports its own name. They
 * are never auto-detected (the target is, under its own name), so they detect nothing.
 *
 * @example
 * ```ts
 * aliasFormats.find((format) => format.name === "granite4")?.parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>').format;
 * // "granite4"
 * ```
 */
export const aliasFormats: readonly ToolCallFormat[] = (
  Object.entries(targets) as [FormatAliasName, ToolCallFormat][]
).map(([name, target]) =>
  defineFormat(name, neverDetected, (text, options) => {
    const reading = target.read(text, options);
    const { result } = reading;
    return {
      ...reading,
      result: { ...result, format: result.format === undefined ? undefined : name },
    };
  }),
);

/**
 * @internal The format an alias reads with.
 *
 * @example
 * ```ts
 * aliasTarget("granite4"); // "hermes"
 * ```
 */
export function aliasTarget(name: FormatAliasName): ToolCallFormat["name"] {
  return targets[name].name;
}
