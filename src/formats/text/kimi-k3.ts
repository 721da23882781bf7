import { argumentPairs } from "../tag-calls/argument-pairs.js";
import type { MarkerScan } from "../tag-calls/marker-scan.js";
import { quotedAttributes } from "../tag-calls/tag-attributes.js";
import { callMiss, type TagCallSyntax, tagCalls } from "../tag-calls/tag-call.js";
import { blockFormat } from "./block-format.js";

const CALL_OPEN = "<|open|>call";
const CALL_CLOSE = "<|close|>call<|sep|>";
const ARG_OPEN = "<|open|>argument";
const SEP = "<|sep|>";
const expectedArgument = (name: string) =>
  `expected ${ARG_OPEN} key="..."${SEP} or ${CALL_CLOSE} in "${name}"`;

const kimiK3Calls: TagCallSyntax = {
  head: (scan, at) => {
    if (!scan.startsWith(CALL_OPEN, at)) {
      return callMiss(`expected ${CALL_OPEN} tool="name"${SEP}`, scan.endsInside(CALL_OPEN, at));
    }
    const head = readHead(scan, at + CALL_OPEN.length);
    if (head === undefined) return callMiss(`the call's header is not closed with ${SEP}`, true);
    const name = head.attributes.get("tool") ?? "";
    if (name === "")
      return callMiss(`the call has no tool name; write ${CALL_OPEN} tool="name"${SEP}`);
    return { name, end: head.end };
  },
  arguments: argumentPairs({
    noun: "argument",
    head: (scan, at, name) => {
      if (!scan.startsWith(ARG_OPEN, at)) {
        const partial = scan.endsInside(ARG_OPEN, at) || scan.endsInside(CALL_CLOSE, at);
        return callMiss(expectedArgument(name), partial);
      }
      const head = readHead(scan, at + ARG_OPEN.length);
      if (head === undefined)
        return callMiss(`an argument's header is not closed with ${SEP}`, true);
      return { key: head.attributes.get("key") ?? "", end: head.end, attributes: head.attributes };
    },
    close: "<|close|>argument<|sep|>",
    value: (raw, head) => {
      const type = head.attributes?.get("type") ?? "string";
      if (type === "string") return { value: raw };
      try {
        return { value: JSON.parse(raw) };
      } catch {
        return { reason: `has type="${type}" but its value is not JSON` };
      }
    },
    noKey: (name) => `an argument of "${name}" has no key`,
    callClose: { marker: CALL_CLOSE, missing: expectedArgument },
  }),
};

/**
 * Kimi K3's XTML format (vLLM `kimi_k3`): `<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|>
 * <|open|>argument key="a" type="string"<|sep|>text<|close|>argument<|sep|><|close|>call<|sep|>
 * <|close|>tools<|sep|>`; `type="string"` values stay text, other types must be JSON.
 *
 * @example
 * ```ts
 * kimiK3Format.parse('<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|><|open|>argument key="n" type="integer"<|sep|>3<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>').calls;
 * // [{ name: "f", arguments: { n: 3 } }]
 * ```
 */
export const kimiK3Format = blockFormat({
  name: "kimi-k3",
  open: "<|open|>tools<|sep|>",
  close: "<|close|>tools<|sep|>",
  read: tagCalls(kimiK3Calls),
  // The reply's own text sits in a response channel; its markers are not part of the text.
  dropTokens: ["<|open|>response<|sep|>", "<|close|>response<|sep|>", "<|close|>message<|sep|>"],
});

// A header runs to <|sep|>; its attribute values are escaped when encoded (`&quot;`, `&amp;`), so
// they are read back in reverse order.
function readHead(
  scan: MarkerScan,
  from: number,
): { end: number; attributes: Map<string, string> } | undefined {
  const sep = scan.find(SEP, from);
  if (sep < 0) return undefined;
  const attributes = quotedAttributes(scan.text, from, sep);
  for (const [key, value] of attributes) {
    attributes.set(key, value.replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
  }
  return { end: sep + SEP.length, attributes };
}
