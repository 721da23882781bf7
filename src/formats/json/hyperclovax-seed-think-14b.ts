import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { readMarkedBlocks } from "./shared-marked-blocks.js";

const OPEN = "-> tool/function_call";

/**
 * HyperCLOVA X SEED Think 14B (vLLM `hyperclovax_seed_think_14b`): the assistant turn's header
 * `<|im_start|>assistant -> tool/function_call` + newline + a JSON list of calls + `<|im_end|>`.
 *
 * @example
 * ```ts
 * hyperclovaxSeedThink14bFormat.parse('<|im_start|>assistant -> tool/function_call\n[{"name": "f", "arguments": {}}]<|im_end|>');
 * ```
 */
export const hyperclovaxSeedThink14bFormat: ToolCallFormat = {
  name: "hyperclovax-seed-think-14b",
  detect: (text) => text.includes(OPEN),
  parse: (text) =>
    readMarkedBlocks(text, {
      format: "hyperclovax-seed-think-14b",
      opens: [OPEN],
      close: "<|im_end|>",
      payload: "object-or-array",
      toCall: (value) => toCall(value, nameAndArguments),
      dropTokens: ["<|im_start|>assistant", "<|im_end|>"],
    }),
};
