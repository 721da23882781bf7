import { skipSpace } from "../json/shared-json-scan.js";
import type { ParsedToolCall, RefusedToolCall } from "../tool-call-format.js";
import { defineValue } from "./python-literal.js";
import { CUT_OFF, refusal } from "./text-result.js";
import { convertParameterValue, stripOuterNewlines } from "./xml-values.js";

const FUNCTION_OPEN = /<function(?:=([^>\n]*)|\s+name\s*=\s*"([^"\n]*)"\s*)>/y;
const PARAMETER_OPEN = /<parameter(?:=([^>\n]*)|\s+name\s*=\s*"([^"\n]*)"\s*)>/y;
const FUNCTION_CLOSE = "</function>";
const PARAMETER_CLOSE = "</parameter>";

/**
 * @internal Reads the `<function=name><parameter=p>value</parameter></function>` calls of one
 * block (Qwen3-Coder, Qwen3 XML, Seed-OSS; `<function name="…">` is read too). `closed` says the
 * block's closing marker was found; without it, a call the text ends inside is refused as cut off.
 *
 * @example
 * ```ts
 * readFunctionTags("<function=f>\n<parameter=a>\n1\n</parameter>\n</function>", true);
 * // { calls: [{ name: "f", arguments: { a: 1 } }], refused: [] }
 * ```
 */
export function readFunctionTags(
  body: string,
  closed: boolean,
): { calls: ParsedToolCall[]; refused: RefusedToolCall[] } {
  const calls: ParsedToolCall[] = [];
  const refused: RefusedToolCall[] = [];
  let pos = skipSpace(body, 0);
  while (pos < body.length) {
    const callStart = pos;
    const stop = (reason: string) => {
      refused.push(refusal(reason, body.slice(callStart)));
      return { calls, refused };
    };
    FUNCTION_OPEN.lastIndex = pos;
    const open = FUNCTION_OPEN.exec(body);
    if (open === null) {
      const partial = !closed && !body.slice(pos).includes(">");
      return stop(partial ? CUT_OFF : "expected <function=name> ... </function>");
    }
    const name = (open[1] ?? open[2] ?? "").trim();
    if (name === "") return stop("the function name is empty; write <function=name>");
    pos = skipSpace(body, FUNCTION_OPEN.lastIndex);
    const args: Record<string, unknown> = {};
    for (;;) {
      if (body.startsWith(FUNCTION_CLOSE, pos)) {
        pos = skipSpace(body, pos + FUNCTION_CLOSE.length);
        calls.push({ name, arguments: args });
        break;
      }
      if (pos >= body.length || (!closed && isPrefixAtEnd(body, pos))) {
        return stop(closed ? `the call to "${name}" is not closed with </function>` : CUT_OFF);
      }
      PARAMETER_OPEN.lastIndex = pos;
      const parameter = PARAMETER_OPEN.exec(body);
      if (parameter === null)
        return stop(`expected <parameter=name> or </function> in the call to "${name}"`);
      const key = (parameter[1] ?? parameter[2] ?? "").trim();
      const valueStart = PARAMETER_OPEN.lastIndex;
      const valueEnd = body.indexOf(PARAMETER_CLOSE, valueStart);
      if (valueEnd < 0) {
        return stop(closed ? `the parameter "${key}" is not closed with </parameter>` : CUT_OFF);
      }
      if (key === "") return stop(`a parameter of "${name}" has no name; write <parameter=name>`);
      if (Object.hasOwn(args, key)) return stop(`the parameter "${key}" is given twice`);
      defineValue(
        args,
        key,
        convertParameterValue(stripOuterNewlines(body.slice(valueStart, valueEnd))),
      );
      pos = skipSpace(body, valueEnd + PARAMETER_CLOSE.length);
    }
  }
  return { calls, refused };
}

// Text without any ">" at the end of an unclosed block is a tag the reply was cut inside.
function isPrefixAtEnd(body: string, pos: number): boolean {
  return !body.slice(pos).includes(">");
}
