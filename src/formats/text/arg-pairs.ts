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
  /** Before the tag names (K2 Horizon's `<ifm|arg_key>`). */
  readonly prefix?: string;
  readonly suffix: string;
  /** True when an `<arg_type>` tag may stand between key and value (its type is not used). */
  readonly typeTag?: boolean;
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
  const tag = (name: string, close = false) =>
    `<${close ? "/" : ""}${spelling.prefix ?? ""}${name}${spelling.suffix}>`;
  const keyOpen = tag("arg_key");
  const firstKey = body.indexOf(keyOpen);
  let name = (firstKey < 0 ? body : body.slice(0, firstKey)).trim();
  if (spelling.separator !== undefined && name.endsWith(spelling.separator)) {
    name = name.slice(0, -spelling.separator.length).trim();
  }
  if (!closed) return refuse(CUT_OFF);
  if (name === "" || /[\s<>{}[\]"]/.test(name)) {
    return refuse(`expected the function name first, then ${keyOpen}/${tag("arg_value")} pairs`);
  }
  const [key, type, value] = ["arg_key", "arg_type", "arg_value"].map(
    (name) => `${escapeRegExp(tag(name))}([\\s\\S]*?)${escapeRegExp(tag(name, true))}\\s*`,
  ) as [string, string, string];
  const pair = new RegExp(`${key}${spelling.typeTag === true ? `(?:${type})?` : ""}${value}`, "y");
  const args: Record<string, unknown> = {};
  let pos = firstKey < 0 ? body.length : firstKey;
  while (pos < body.length) {
    pair.lastIndex = pos;
    const match = pair.exec(body);
    if (match === null) {
      return refuse(`expected ${keyOpen}k${tag("arg_key", true)} and its value in "${name}"`);
    }
    const argName = (match[1] as string).trim();
    if (argName === "") return refuse(`an argument of "${name}" has an empty ${keyOpen}`);
    if (Object.hasOwn(args, argName)) return refuse(`the argument "${argName}" is given twice`);
    const text = match[spelling.typeTag === true ? 3 : 2] as string;
    defineValue(args, argName, convertParameterValue(spelling.trimValues ? text.trim() : text));
    pos = pair.lastIndex;
  }
  return { calls: [{ name, arguments: args }], refused: [] };
}
