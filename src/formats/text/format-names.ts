/**
 * Formats that carry calls in another syntax: Python calls, XML parameters, Harmony channels.
 *
 * @example
 * ```ts
 * const format: TextSyntaxFormatName = "pythonic";
 * ```
 */
export type TextSyntaxFormatName =
  | "pythonic"
  | "llama4-pythonic"
  | "qwen3-coder"
  | "qwen3-xml"
  | "glm45"
  | "harmony"
  | "step3"
  | "seed-oss"
  | "minimax-m2"
  | "olmo3"
  | "deepseek-v32"
  | "lfm2"
  | "gemma4"
  | "functiongemma"
  | "kimi-k3"
  | "hy-v3"
  | "hy-v4"
  | "gigachat35"
  | "dots"
  | "step-audio-2"
  | "granite-pythonic"
  | "rwkv"
  | "solar-open2"
  | "plamo3"
  | "iquest-coder-v2"
  | "minimax-m3"
  | "k2-horizon"
  | "minicpm5-xml";
