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
