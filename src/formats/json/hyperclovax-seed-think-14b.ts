import { markedFormat } from "./shared-marked-blocks.js";

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
export const hyperclovaxSeedThink14bFormat = markedFormat({
  format: "hyperclovax-seed-think-14b",
  opens: [OPEN],
  close: "<|im_end|>",
  payload: "object-or-array",
  dropTokens: ["<|im_start|>assistant", "<|im_end|>"],
});
