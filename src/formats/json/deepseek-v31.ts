import { defineFormat, type ToolCallFormat } from "../tool-call-format.js";
import { readDeepSeekCalls, deepSeekTokens as t } from "./shared-deepseek.js";

/**
 * DeepSeek V3.1: `<｜tool▁call▁begin｜>name<｜tool▁sep｜>{…}<｜tool▁call▁end｜>` (no type, no fence),
 * inside `<｜tool▁calls▁begin｜>…<｜tool▁calls▁end｜>`.
 *
 * @example
 * ```ts
 * deepseekV31Format.parse("<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>");
 * ```
 */
export const deepseekV31Format: ToolCallFormat = defineFormat(
  "deepseek-v31",
  (text) => text.includes(t.callsBegin) || text.includes(t.callBegin),
  (text, options) => readDeepSeekCalls(text, "deepseek-v31", options),
);
