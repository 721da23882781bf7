import { Reply } from "../reply/reply.js";
import { search } from "../reply/text-search.js";
import { MarkerScan } from "../tag-calls/marker-scan.js";
import { defineFormat, type ToolCallFormat } from "../tool-call-format.js";
import { invokeCalls } from "./invoke-tags.js";
import { recordBlock } from "./text-result.js";

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
export const minicpm5XmlFormat: ToolCallFormat = defineFormat(
  "minicpm5-xml",
  (text) => DETECT.test(text),
  (text, options) => {
    const reply = new Reply(text, "minicpm5-xml", {}, options);
    const scan = new MarkerScan(text);
    for (let match = search(START, text, reply.start); match !== null; ) {
      const start = match.index;
      const where = reply.at(start);
      const close = scan.find(CLOSE, start);
      const end = close < 0 ? text.length : close + CLOSE.length;
      if (where === "call") {
        recordBlock(
          reply,
          { start, end, closed: close >= 0 },
          readFunctions(text.slice(start, end), close >= 0),
        );
        if (close < 0) break;
      } else if (where === "text") {
        if (close < 0) reply.hold(start);
        reply.passed(close < 0 ? start + match[0].length : end);
      }
      const next =
        where === "reasoning"
          ? reply.reasoningEnd()
          : where === "text" && close < 0
            ? start + 1
            : end;
      match = search(START, text, Math.max(next, start + 1));
    }
    reply.holdPartial(["<function"]);
    return reply.reading();
  },
);
