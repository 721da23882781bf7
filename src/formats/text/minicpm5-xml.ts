import type { ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";
import { invokeCalls } from "./invoke-tags.js";
import { buildResult, type CallBlock, skipSpans, THINKING } from "./text-result.js";

const START = /<function\s+name\s*=/g;
const CLOSE = "</function>";
const DETECT = /<function\s+name\s*=\s*["'][^"'<>]+["']\s*>\s*(?:<param[\s>]|<\/function>)/;
const readFunctions = invokeCalls({
  prefix: "",
  stringAttribute: false,
  tags: ["function", "param"],
});

/**
 * MiniCPM 5's XML format (vLLM `minicpm5xml`): `<function name="f"><param name="a">1</param>
 * </function>`, one block per call; values are trimmed text for the schema.
 *
 * @example
 * ```ts
 * minicpm5XmlFormat.parse('<function name="f"><param name="a">1</param></function>').calls;
 * // [{ name: "f", arguments: { a: "1" } }]
 * ```
 */
export const minicpm5XmlFormat: ToolCallFormat = {
  name: "minicpm5-xml",
  detect: (text) => DETECT.test(text),
  parse: parseMinicpm5Xml,
};

function parseMinicpm5Xml(text: string): ParsedToolCalls {
  const skipped = skipSpans(text, THINKING);
  const blocks: CallBlock[] = [];
  let from = 0;
  for (const match of text.matchAll(START)) {
    const start = match.index ?? 0;
    if (start < from || skipped.some(([s, e]) => start >= s && start < e)) continue;
    const close = text.indexOf(CLOSE, start);
    const end = close < 0 ? text.length : close + CLOSE.length;
    blocks.push({ start, end, ...readFunctions(text.slice(start, end), close >= 0) });
    from = end;
  }
  return buildResult("minicpm5-xml", text, blocks);
}
