import { defineFormat, type ToolCallFormat } from "../tool-call-format.js";
import { readDeepSeekCalls, deepSeekTokens as t } from "./shared-deepseek.js";

// V3 writes the call type ("function") before the separator; V3.1 writes the name there.
const v3Header = `${t.callBegin}function${t.separator}`;

/**
 * DeepSeek V3 / R1: `<｜tool▁call▁begin｜>function<｜tool▁sep｜>name` then the arguments in a
 * `` ```json `` fence, then `<｜tool▁call▁end｜>`, inside `<｜tool▁calls▁begin｜>…<｜tool▁calls▁end｜>`.
 *
 * @example
 * ```ts
 * deepseekV3Format.parse("<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>");
 * ```
 */
export const deepseekV3Format: ToolCallFormat = defineFormat(
  "deepseek-v3",
  (text) => text.includes(v3Header),
  (text, options) => readDeepSeekCalls(text, "deepseek-v3", options),
);
