/**
 * vLLM tool-parser names whose models write the same syntax as another format: each reads with
 * that format's parser (`granite4` and `ernie45` are Hermes' `<tool_call>{…}</tool_call>`, …).
 *
 * @example
 * ```ts
 * const format: FormatAliasName = "granite4";
 * ```
 */
export type FormatAliasName =
  | "granite4"
  | "ernie45"
  | "glm47"
  | "poolside-v1"
  | "qwen35-coder"
  | "step3p5"
  | "openpangu-v2"
  | "spark3"
  | "intern-s1"
  | "iquest-coder"
  | "hyperclovax-seed-think"
  | "nemotron-nano-v2"
  | "ling3"
  | "mimo"
  | "mimov2-flash";
