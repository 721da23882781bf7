import { skipSpace } from "../json/shared-json-scan.js";
import type { ParsedToolCall, RefusedToolCall } from "../tool-call-format.js";
import { defineValue } from "./python-literal.js";
import { CUT_OFF, refusal } from "./text-result.js";
import { convertParameterValue } from "./xml-values.js";

/**
 * @internal The tag spelling of an `<invoke name="f"><parameter name="a">1</parameter></invoke>`
 * format: the prefix of its tag names (`""` for MiniMax-M2, `"steptml:"` for Step-3, `"｜DSML｜"`
 * for DeepSeek V3.2, `"｜GCML｜"` for GigaChat 3.5) and how it marks string values.
 *
 * @example
 * ```ts
 * const spelling: InvokeSpelling = { prefix: "steptml:", stringAttribute: false };
 * ```
 */
export interface InvokeSpelling {
  readonly prefix: string;
  /** True when each parameter says `string="true"` (raw text) or `string="false"` (JSON). */
  readonly stringAttribute: boolean;
  /** True when a parameter without `string=` is raw text (GigaChat 3.5); otherwise it is refused. */
  readonly stringByDefault?: boolean;
  /** The call and parameter tag names when not `invoke`/`parameter` (MiniCPM 5: `function`/`param`). */
  readonly tags?: readonly [call: string, parameter: string];
}

const ATTRIBUTES = /\s+(\w+)\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s>]+))/y;

/**
 * @internal Reads the `<invoke>` calls of one block. Values are trimmed and converted where JSON
 * is unambiguous, except `string="true"` values, which stay text exactly as written.
 *
 * @example
 * ```ts
 * readInvokes('<invoke name="f"><parameter name="a">1</parameter></invoke>', { prefix: "", stringAttribute: false }, true);
 * // { calls: [{ name: "f", arguments: { a: 1 } }], refused: [] }
 * ```
 */
export function readInvokes(
  body: string,
  spelling: InvokeSpelling,
  closed: boolean,
): { calls: ParsedToolCall[]; refused: RefusedToolCall[] } {
  const calls: ParsedToolCall[] = [];
  const refused: RefusedToolCall[] = [];
  const [call, parameter] = spelling.tags ?? ["invoke", "parameter"];
  const invokeOpen = `<${spelling.prefix}${call}`;
  const invokeClose = `</${spelling.prefix}${call}>`;
  const parameterOpen = `<${spelling.prefix}${parameter}`;
  const parameterClose = `</${spelling.prefix}${parameter}>`;
  let pos = skipSpace(body, 0);
  while (pos < body.length) {
    const callStart = pos;
    const stop = (reason: string) => {
      refused.push(refusal(reason, body.slice(callStart)));
      return { calls, refused };
    };
    const cutOrMalformed = (reason: string) => stop(closed ? reason : CUT_OFF);
    if (!body.startsWith(invokeOpen, pos)) {
      return cutOrMalformed(`expected ${invokeOpen} name="..."> ... ${invokeClose}`);
    }
    const head = readTag(body, pos + invokeOpen.length);
    if (head === undefined) return cutOrMalformed(`the ${invokeOpen} tag is not closed with ">"`);
    const name = head.attributes.get("name") ?? "";
    if (name === "") return stop(`the call has no name; write ${invokeOpen} name="tool_name">`);
    pos = skipSpace(body, head.end);
    const args: Record<string, unknown> = {};
    for (;;) {
      if (body.startsWith(invokeClose, pos)) {
        pos = skipSpace(body, pos + invokeClose.length);
        calls.push({ name, arguments: args });
        break;
      }
      if (!body.startsWith(parameterOpen, pos)) {
        if (pos >= body.length || !body.slice(pos).includes(">")) {
          return cutOrMalformed(`the call to "${name}" is not closed with ${invokeClose}`);
        }
        return stop(
          `expected ${parameterOpen} name="..."> or ${invokeClose} in the call to "${name}"`,
        );
      }
      const tag = readTag(body, pos + parameterOpen.length);
      if (tag === undefined) return cutOrMalformed(`a ${parameterOpen} tag is not closed with ">"`);
      const key = tag.attributes.get("name") ?? "";
      const valueEnd = body.indexOf(parameterClose, tag.end);
      if (valueEnd < 0)
        return cutOrMalformed(`the parameter "${key}" is not closed with ${parameterClose}`);
      if (key === "") return stop(`a parameter of "${name}" has no name`);
      if (Object.hasOwn(args, key)) return stop(`the parameter "${key}" is given twice`);
      const raw = body.slice(tag.end, valueEnd);
      const value = readValue(raw, spelling, tag.attributes.get("string"));
      if (!value.ok) return stop(`the parameter "${key}" ${value.reason}`);
      defineValue(args, key, value.value);
      pos = skipSpace(body, valueEnd + parameterClose.length);
    }
  }
  return { calls, refused };
}

function readValue(
  raw: string,
  spelling: InvokeSpelling,
  stringFlag: string | undefined,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (!spelling.stringAttribute) return { ok: true, value: convertParameterValue(raw.trim()) };
  if (stringFlag === "true" || (stringFlag === undefined && spelling.stringByDefault === true)) {
    return { ok: true, value: raw };
  }
  if (stringFlag !== "false") return { ok: false, reason: 'needs string="true" or string="false"' };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false, reason: 'is marked string="false" but its value is not JSON' };
  }
}

function readTag(
  body: string,
  from: number,
): { end: number; attributes: Map<string, string> } | undefined {
  const attributes = new Map<string, string>();
  let pos = from;
  for (;;) {
    ATTRIBUTES.lastIndex = pos;
    const match = ATTRIBUTES.exec(body);
    if (match === null) break;
    attributes.set(match[1] as string, match[2] ?? match[3] ?? match[4] ?? "");
    pos = ATTRIBUTES.lastIndex;
  }
  pos = skipSpace(body, pos);
  return body[pos] === ">" ? { end: pos + 1, attributes } : undefined;
}
