import type { Reading } from "../reply/reply.js";
import type { FormatReadOptions } from "../tool-call-format.js";
import { readSectionedCalls } from "./shared-sectioned-calls.js";

/**
 * DeepSeek's full-width special tokens (`｜` U+FF5C, `▁` U+2581), shared by V3 and V3.1.
 *
 * @example
 * ```ts
 * `${deepSeekTokens.callBegin}get_weather${deepSeekTokens.separator}{}${deepSeekTokens.callEnd}`;
 * ```
 */
export const deepSeekTokens = {
  callsBegin: "<｜tool▁calls▁begin｜>",
  callsEnd: "<｜tool▁calls▁end｜>",
  callBegin: "<｜tool▁call▁begin｜>",
  separator: "<｜tool▁sep｜>",
  callEnd: "<｜tool▁call▁end｜>",
  endOfSentence: "<｜end▁of▁sentence｜>",
} as const;

/**
 * Checks a DeepSeek tool name (one token of the header: no white space, no markup).
 *
 * @example
 * ```ts
 * deepSeekName("get_weather"); // { name: "get_weather" }
 * ```
 */
export function deepSeekName(
  header: string,
): { readonly name: string } | { readonly reason: string } {
  return /^[^\s<>｜]+$/.test(header)
    ? { name: header }
    : {
        reason: `"${header.slice(0, 80)}" is not a tool name; write the name alone before the arguments`,
      };
}

const t = deepSeekTokens;

/**
 * Reads the calls of DeepSeek V3 / R1 (`function<｜tool▁sep｜>name`, the arguments in a `` ```json ``
 * fence) or V3.1 (`name<｜tool▁sep｜>{…}`): the same tokens, a different call between them.
 *
 * @example
 * ```ts
 * readDeepSeekCalls("<｜tool▁call▁begin｜>f<｜tool▁sep｜>{}<｜tool▁call▁end｜>", "deepseek-v31").result.calls;
 * // [{ name: "f", arguments: {} }]
 * ```
 */
export function readDeepSeekCalls(
  text: string,
  format: "deepseek-v3" | "deepseek-v31",
  options?: FormatReadOptions,
): Reading {
  const v3 = format === "deepseek-v3";
  const spec = {
    format,
    dropTokens: [t.callsBegin, t.callsEnd, t.endOfSentence],
    sectionBegins: [t.callsBegin],
    sectionEnds: [t.callsEnd],
    begin: t.callBegin,
    separator: t.separator,
    end: t.callEnd,
    // V3 writes the call type ("function") before the separator and the name after it.
    fenced: v3,
    readHeader: deepSeekName,
    expected: v3
      ? `${t.callBegin}function${t.separator}NAME\\n\`\`\`json\\n{…}\\n\`\`\`${t.callEnd}`
      : `${t.callBegin}NAME${t.separator}{…}${t.callEnd}`,
  };
  return readSectionedCalls(text, spec, options);
}
