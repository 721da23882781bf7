/**
 * Formats that carry each call as JSON between markers (special tokens or tags).
 *
 * @example
 * ```ts
 * const format: JsonMarkerFormatName = "mistral";
 * ```
 */
export type JsonMarkerFormatName =
  | "hermes"
  | "mistral"
  | "llama3-json"
  | "deepseek-v3"
  | "deepseek-v31"
  | "kimi-k2"
  | "granite"
  | "internlm"
  | "jamba"
  | "xlam"
  | "minimax"
  | "phi4-mini"
  | "hunyuan"
  | "longcat"
  | "granite-20b-fc"
  | "apertus"
  | "cohere-command"
  | "nemotron-json"
  | "pangu"
  | "gigachat3"
  | "qwen25-coder"
  | "hyperclovax-seed-think-14b"
  | "inkling";
