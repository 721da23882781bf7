import { argumentPairs } from "../tag-calls/argument-pairs.js";
import { blockCall, callMiss, type TagCallSyntax } from "../tag-calls/tag-call.js";
import type { BlockReader } from "./text-result.js";
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

/**
 * @internal The reader of one spelling's call blocks: the function name, then `<arg_key>`/`<arg_value>`
 * pairs. Values stay the text written. Only the block's closing tag ends a call, so an unclosed block
 * is always refused (more arguments may have been coming).
 *
 * @example
 * ```ts
 * argPairCall({ suffix: "", trimValues: true })("f\n<arg_key>a</arg_key><arg_value>1</arg_value>", true);
 * // { calls: [{ name: "f", arguments: { a: "1" } }], refused: [] }
 * ```
 */
export function argPairCall(spelling: ArgPairSpelling): BlockReader {
  return blockCall(argPairSyntax(spelling));
}

function argPairSyntax(spelling: ArgPairSpelling): TagCallSyntax {
  const tag = (name: string, close = false) =>
    `<${close ? "/" : ""}${spelling.prefix ?? ""}${name}${spelling.suffix}>`;
  const [keyOpen, keyClose] = [tag("arg_key"), tag("arg_key", true)];
  const [typeOpen, typeClose] = [tag("arg_type"), tag("arg_type", true)];
  const [valueOpen, valueClose] = [tag("arg_value"), tag("arg_value", true)];
  const { separator } = spelling;
  return {
    head: (scan, at) => {
      const firstKey = scan.find(keyOpen, at);
      const end = firstKey < 0 ? scan.text.length : firstKey;
      let name = scan.text.slice(at, end).trim();
      if (separator !== undefined && name.endsWith(separator)) {
        name = name.slice(0, -separator.length).trim();
      }
      if (name === "" || /[\s<>{}[\]"]/.test(name)) {
        return callMiss(`expected the function name first, then ${keyOpen}/${valueOpen} pairs`);
      }
      return { name, end };
    },
    arguments: argumentPairs({
      noun: "argument",
      head: (scan, at, name) => {
        const expected = callMiss(`expected ${keyOpen}k${keyClose} and its value in "${name}"`);
        if (!scan.startsWith(keyOpen, at)) return expected;
        const keyEnd = scan.find(keyClose, at + keyOpen.length);
        if (keyEnd < 0) return expected;
        let valueAt = scan.skipSpace(keyEnd + keyClose.length);
        if (spelling.typeTag === true && scan.startsWith(typeOpen, valueAt)) {
          const typeEnd = scan.find(typeClose, valueAt + typeOpen.length);
          if (typeEnd < 0) return expected;
          valueAt = scan.skipSpace(typeEnd + typeClose.length);
        }
        const valueStart = valueAt + valueOpen.length;
        // A pair is one piece: without its closing tag the value is not there.
        if (!scan.startsWith(valueOpen, valueAt) || scan.find(valueClose, valueStart) < 0) {
          return expected;
        }
        return { key: scan.text.slice(at + keyOpen.length, keyEnd).trim(), end: valueStart };
      },
      close: valueClose,
      value: (raw) => ({ value: convertParameterValue(spelling.trimValues ? raw.trim() : raw) }),
      noKey: (name) => `an argument of "${name}" has an empty ${keyOpen}`,
    }),
  };
}
