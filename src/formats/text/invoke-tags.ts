import { argumentPairs } from "../tag-calls/argument-pairs.js";
import { readTagAttributes } from "../tag-calls/tag-attributes.js";
import { callMiss, type TagCallSyntax, tagCalls } from "../tag-calls/tag-call.js";
import type { BlockReader } from "./text-result.js";
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

/**
 * @internal The reader of one spelling's `<invoke>` calls in a block. Values are trimmed text, except
 * where the spelling marks them: `string="true"` values stay text exactly as written, `string="false"`
 * values must be JSON.
 *
 * @example
 * ```ts
 * const read = invokeCalls({ prefix: "", stringAttribute: false });
 * read('<invoke name="f"><parameter name="a">1</parameter></invoke>', true);
 * // { calls: [{ name: "f", arguments: { a: "1" } }], refused: [] }
 * ```
 */
export function invokeCalls(spelling: InvokeSpelling): BlockReader {
  return tagCalls(invokeSyntax(spelling));
}

function invokeSyntax(spelling: InvokeSpelling): TagCallSyntax {
  const [call, parameter] = spelling.tags ?? ["invoke", "parameter"];
  const invokeOpen = `<${spelling.prefix}${call}`;
  const invokeClose = `</${spelling.prefix}${call}>`;
  const parameterOpen = `<${spelling.prefix}${parameter}`;
  const unclosed = (name: string) => `the call to "${name}" is not closed with ${invokeClose}`;
  return {
    head: (scan, at) => {
      if (!scan.startsWith(invokeOpen, at)) {
        return callMiss(`expected ${invokeOpen} name="..."> ... ${invokeClose}`, true);
      }
      const tag = readTagAttributes(scan.text, at + invokeOpen.length);
      if (tag === undefined) return callMiss(`the ${invokeOpen} tag is not closed with ">"`, true);
      const name = tag.attributes.get("name") ?? "";
      if (name === "")
        return callMiss(`the call has no name; write ${invokeOpen} name="tool_name">`);
      return { name, end: tag.end };
    },
    arguments: argumentPairs({
      noun: "parameter",
      head: (scan, at, name) => {
        if (!scan.startsWith(parameterOpen, at)) {
          if (scan.find(">", at) < 0) return callMiss(unclosed(name), true);
          return callMiss(
            `expected ${parameterOpen} name="..."> or ${invokeClose} in the call to "${name}"`,
          );
        }
        const tag = readTagAttributes(scan.text, at + parameterOpen.length);
        if (tag === undefined)
          return callMiss(`a ${parameterOpen} tag is not closed with ">"`, true);
        return { key: tag.attributes.get("name") ?? "", end: tag.end, attributes: tag.attributes };
      },
      close: `</${spelling.prefix}${parameter}>`,
      value: (raw, head) => readValue(raw, spelling, head.attributes?.get("string")),
      noKey: (name) => `a parameter of "${name}" has no name`,
      callClose: { marker: invokeClose, missing: unclosed },
    }),
  };
}

function readValue(
  raw: string,
  spelling: InvokeSpelling,
  stringFlag: string | undefined,
): { value: unknown } | { reason: string } {
  if (!spelling.stringAttribute) return { value: convertParameterValue(raw.trim()) };
  if (stringFlag === "true" || (stringFlag === undefined && spelling.stringByDefault === true)) {
    return { value: raw };
  }
  if (stringFlag !== "false") return { reason: 'needs string="true" or string="false"' };
  try {
    return { value: JSON.parse(raw) };
  } catch {
    return { reason: 'is marked string="false" but its value is not JSON' };
  }
}
