import type { ToolCallFormat } from "../tool-call-format.js";
import { deepSeekName, deepSeekTokens as t } from "./shared-deepseek.js";
import { readSectionedCalls } from "./shared-sectioned-calls.js";

/**
 * DeepSeek V3.1: `<｜tool▁call▁begin｜>name<｜tool▁sep｜>{…}<｜tool▁call▁end｜>` (no type, no fence),
 * inside `<｜tool▁calls▁begin｜>…<｜tool▁calls▁end｜>`.
 *
 * @example
 * ```ts
 * deepseekV31Format.parse("<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>");
 * ```
 */
export const deepseekV31Format: ToolCallFormat = {
  name: "deepseek-v31",
  detect: (text) => text.includes(t.callsBegin) || text.includes(t.callBegin),
  parse: (text) =>
    readSectionedCalls(text, {
      format: "deepseek-v31",
      dropTokens: [t.callsBegin, t.callsEnd, t.endOfSentence],
      sectionBegins: [t.callsBegin],
      begin: t.callBegin,
      separator: t.separator,
      end: t.callEnd,
      readHeader: deepSeekName,
      expected: `${t.callBegin}NAME${t.separator}{…}${t.callEnd}`,
    }),
};
