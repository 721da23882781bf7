import type { ParsedToolCall, RefusedToolCall } from "../tool-call-format.js";
import { defineValue } from "./python-literal.js";
import { CUT_OFF, refusal } from "./text-result.js";
import { convertParameterValue } from "./xml-values.js";

/**
 * @internal How a `name<arg_key>k</arg_key><arg_value>v</arg_value>` call is spelled: the suffix of
 * its tag names (Hunyuan V4 checkpoints write `<arg_key:6124c78e>`), the separator that may follow
 * the name (Hunyuan V3's `<tool_sep>`), and whether values are trimmed (GLM).
 *
 * @example
 * ```ts
 * const glm: ArgPairSpelling = { suffix: "", trimValues: true };
 * ```
 */
export interface ArgPairSpelling {
  readonly suffix: string;
  readonly separator?: string;
  readonly trimValues: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * @internal Reads one call block's body: the function name, then `<arg_key>`/`<arg_value>` pairs.
 * Values stay the text written. Only the block's closing tag ends a call, so an unclosed block is
 * always refused (more arguments may have been coming).
 *
 * @example
 * ```ts
 * readArgPairCall("f\n<arg_key>a</arg_key><arg_value>1</arg_value>", true, { suffix: "", trimValues: true });
 * // { calls: [{ name: "f", arguments: { a: "1" } }], refused: [] }
 * ```
 */
export function readArgPairCall(
  body: string,
  closed: boolean,
  spelling: ArgPairSpelling,
): { calls: ParsedToolCall[]; refused: RefusedToolCall[] } {
  const refuse = (reason: string) => ({ calls: [], refused: [refusal(reason, body)] });
  const keyOpen = `<arg_key${spelling.suffix}>`;
  const firstKey = body.indexOf(keyOpen);
  let name = (firstKey < 0 ? body : body.slice(0, firstKey)).trim();
  if (spelling.separator !== undefined && name.endsWith(spelling.separator)) {
    name = name.slice(0, -spelling.separator.length).trim();
  }
  if (!closed) return refuse(CUT_OFF);
  if (name === "" || /[\s<>{}[\]"]/.test(name)) {
    return refuse(
      `expected the function name first, then ${keyOpen}/<arg_value${spelling.suffix}> pairs`,
    );
  }
  const s = escapeRegExp(spelling.suffix);
  const pair = new RegExp(
    `<arg_key${s}>([\\s\\S]*?)</arg_key${s}>\\s*<arg_value${s}>([\\s\\S]*?)</arg_value${s}>\\s*`,
    "y",
  );
  const args: Record<string, unknown> = {};
  let pos = firstKey < 0 ? body.length : firstKey;
  while (pos < body.length) {
    pair.lastIndex = pos;
    const match = pair.exec(body);
    if (match === null) {
      return refuse(`expected ${keyOpen}k</arg_key${spelling.suffix}> and its value in "${name}"`);
    }
    const key = (match[1] as string).trim();
    if (key === "") return refuse(`an argument of "${name}" has an empty ${keyOpen}`);
    if (Object.hasOwn(args, key)) return refuse(`the argument "${key}" is given twice`);
    const value = match[2] as string;
    defineValue(args, key, convertParameterValue(spelling.trimValues ? value.trim() : value));
    pos = pair.lastIndex;
  }
  return { calls: [{ name, arguments: args }], refused: [] };
}
