import { skipSpace } from "../json/shared-json-scan.js";
import { argumentPairs } from "../tag-calls/argument-pairs.js";
import type { MarkerScan } from "../tag-calls/marker-scan.js";
import { indexOnLine } from "../tag-calls/tag-attributes.js";
import { callMiss, type TagCallSyntax, tagCalls } from "../tag-calls/tag-call.js";
import { convertParameterValue, stripOuterNewlines } from "./xml-values.js";

const FUNCTION_CLOSE = "</function>";

/** `<function=name>` and `<function name="name">`, as Qwen3-Coder and Seed-OSS write a call. */
const functionTags: TagCallSyntax = {
  head: (scan, at) => {
    const open = readNamedTag(scan.text, at, "<function");
    if (open === undefined) {
      return callMiss("expected <function=name> ... </function>", !hasTagEnd(scan, at));
    }
    const name = open.name.trim();
    if (name === "") return callMiss("the function name is empty; write <function=name>");
    return { name, end: open.end };
  },
  arguments: argumentPairs({
    noun: "parameter",
    head: (scan, at, name) => {
      const open = readNamedTag(scan.text, at, "<parameter");
      if (open === undefined) {
        const reason = `expected <parameter=name> or ${FUNCTION_CLOSE} in the call to "${name}"`;
        return callMiss(reason, !hasTagEnd(scan, at));
      }
      return { key: open.name.trim(), end: open.end };
    },
    close: "</parameter>",
    value: (raw) => ({ value: convertParameterValue(stripOuterNewlines(raw)) }),
    noKey: (name) => `a parameter of "${name}" has no name; write <parameter=name>`,
    callClose: {
      marker: FUNCTION_CLOSE,
      missing: (name) => `the call to "${name}" is not closed with ${FUNCTION_CLOSE}`,
    },
  }),
};

/**
 * @internal Reads the `<function=name><parameter=p>value</parameter></function>` calls of one
 * block (Qwen3-Coder, Qwen3 XML, Seed-OSS; `<function name="…">` is read too). `closed` says the
 * block's closing marker was found; without it, a call the text ends inside is refused as cut off.
 *
 * @example
 * ```ts
 * readFunctionTags("<function=f>\n<parameter=a>\n1\n</parameter>\n</function>", true);
 * // { calls: [{ name: "f", arguments: { a: "1" } }], refused: [] }
 * ```
 */
export const readFunctionTags = tagCalls(functionTags);

// Text without any ">" after `at` is a tag the reply was cut inside.
function hasTagEnd(scan: MarkerScan, at: number): boolean {
  return scan.find(">", at) >= 0;
}

// `<tag=name>` (the name up to ">" on the same line) or `<tag name="name">`, at `at`.
function readNamedTag(
  text: string,
  at: number,
  open: string,
): { readonly name: string; readonly end: number } | undefined {
  if (!text.startsWith(open, at)) return undefined;
  const after = at + open.length;
  if (text[after] === "=") {
    const end = indexOnLine(text, after + 1, ">");
    return end < 0 ? undefined : { name: text.slice(after + 1, end), end: end + 1 };
  }
  const key = skipSpace(text, after);
  if (key === after || !text.startsWith("name", key)) return undefined;
  const equals = skipSpace(text, key + "name".length);
  if (text[equals] !== "=") return undefined;
  const quote = skipSpace(text, equals + 1);
  if (text[quote] !== '"') return undefined;
  const quoteEnd = indexOnLine(text, quote + 1, '"');
  if (quoteEnd < 0) return undefined;
  const end = skipSpace(text, quoteEnd + 1);
  return text[end] === ">" ? { name: text.slice(quote + 1, quoteEnd), end: end + 1 } : undefined;
}
