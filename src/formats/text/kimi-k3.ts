import { skipSpace } from "../json/shared-json-scan.js";
import type {
  ParsedToolCall,
  ParsedToolCalls,
  RefusedToolCall,
  ToolCallFormat,
} from "../tool-call-format.js";
import { defineValue } from "./python-literal.js";
import { CUT_OFF, readBlocks, refusal } from "./text-result.js";

const OPEN = "<|open|>tools<|sep|>";
const CLOSE = "<|close|>tools<|sep|>";
const CALL_OPEN = "<|open|>call";
const CALL_CLOSE = "<|close|>call<|sep|>";
const ARG_OPEN = "<|open|>argument";
const ARG_CLOSE = "<|close|>argument<|sep|>";
const SEP = "<|sep|>";
// The reply's own text sits in a response channel; its markers are not part of the text.
const CHANNEL_TOKENS = [
  "<|open|>response<|sep|>",
  "<|close|>response<|sep|>",
  "<|close|>message<|sep|>",
];
const ATTRIBUTE = /(\w+)="([^"]*)"/g;

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
export const kimiK3Format: ToolCallFormat = {
  name: "kimi-k3",
  detect: (text) => text.includes(OPEN),
  parse: parseKimiK3,
};

function parseKimiK3(text: string): ParsedToolCalls {
  const result = readBlocks("kimi-k3", text, { open: OPEN, close: CLOSE }, (body, closed) =>
    readCalls(body, closed),
  );
  let rest = result.text;
  for (const token of CHANNEL_TOKENS) rest = rest.replaceAll(token, "");
  return { ...result, text: rest.trim() };
}

function readCalls(
  body: string,
  closed: boolean,
): { calls: ParsedToolCall[]; refused: RefusedToolCall[] } {
  const calls: ParsedToolCall[] = [];
  const refused: RefusedToolCall[] = [];
  let pos = skipSpace(body, 0);
  while (pos < body.length) {
    const callStart = pos;
    const stop = (reason: string, cutOff = false) => {
      refused.push(refusal(cutOff && !closed ? CUT_OFF : reason, body.slice(callStart)));
      return { calls, refused };
    };
    if (!body.startsWith(CALL_OPEN, pos)) {
      return stop(`expected ${CALL_OPEN} tool="name"${SEP}`, CALL_OPEN.startsWith(body.slice(pos)));
    }
    const head = readHead(body, pos + CALL_OPEN.length);
    if (head === undefined) return stop(`the call's header is not closed with ${SEP}`, true);
    const name = head.attributes.get("tool") ?? "";
    if (name === "") return stop(`the call has no tool name; write ${CALL_OPEN} tool="name"${SEP}`);
    pos = skipSpace(body, head.end);
    const args: Record<string, unknown> = {};
    for (;;) {
      if (body.startsWith(CALL_CLOSE, pos)) {
        calls.push({ name, arguments: args });
        pos = skipSpace(body, pos + CALL_CLOSE.length);
        break;
      }
      if (!body.startsWith(ARG_OPEN, pos)) {
        const rest = body.slice(pos);
        const partial = ARG_OPEN.startsWith(rest) || CALL_CLOSE.startsWith(rest);
        return stop(`expected ${ARG_OPEN} key="..."${SEP} or ${CALL_CLOSE} in "${name}"`, partial);
      }
      const arg = readHead(body, pos + ARG_OPEN.length);
      if (arg === undefined) return stop(`an argument's header is not closed with ${SEP}`, true);
      const key = arg.attributes.get("key") ?? "";
      const valueEnd = body.indexOf(ARG_CLOSE, arg.end);
      if (valueEnd < 0) return stop(`the argument "${key}" is not closed with ${ARG_CLOSE}`, true);
      if (key === "") return stop(`an argument of "${name}" has no key`);
      if (Object.hasOwn(args, key)) return stop(`the argument "${key}" is given twice`);
      const raw = body.slice(arg.end, valueEnd);
      const type = arg.attributes.get("type") ?? "string";
      if (type === "string") defineValue(args, key, raw);
      else {
        try {
          defineValue(args, key, JSON.parse(raw));
        } catch {
          return stop(`the argument "${key}" has type="${type}" but its value is not JSON`);
        }
      }
      pos = skipSpace(body, valueEnd + ARG_CLOSE.length);
    }
  }
  return { calls, refused };
}

// Attribute values are escaped when encoded (`&quot;`, `&amp;`); read them back in reverse order.
function readHead(
  body: string,
  from: number,
): { end: number; attributes: Map<string, string> } | undefined {
  const sep = body.indexOf(SEP, from);
  if (sep < 0) return undefined;
  const attributes = new Map<string, string>();
  for (const match of body.slice(from, sep).matchAll(ATTRIBUTE)) {
    const value = (match[2] as string).replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    attributes.set(match[1] as string, value);
  }
  return { end: sep + SEP.length, attributes };
}
