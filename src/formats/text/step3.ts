import type { ParsedToolCall, RefusedToolCall } from "../tool-call-format.js";
import { blockFormat } from "./block-format.js";
import { invokeCalls } from "./invoke-tags.js";
import { type BlockRead, CUT_OFF, refusal } from "./text-result.js";

const CALL_OPEN = "<｜tool_call_begin｜>";
const CALL_CLOSE = "<｜tool_call_end｜>";
const SEP = "<｜tool_sep｜>";
const readInvokes = invokeCalls({ prefix: "steptml:", stringAttribute: false });

/**
 * Step-3's format (vLLM `step3`): `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>
 * <steptml:invoke name="f"><steptml:parameter name="a">1</steptml:parameter></steptml:invoke>
 * <｜tool_call_end｜><｜tool_calls_end｜>`.
 *
 * @example
 * ```ts
 * step3Format.parse('<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="f"><steptml:parameter name="a">1</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>').calls;
 * // [{ name: "f", arguments: { a: "1" } }]
 * ```
 */
export const step3Format = blockFormat({
  name: "step3",
  open: "<｜tool_calls_begin｜>",
  close: "<｜tool_calls_end｜>",
  read: readStep3Block,
});

function readStep3Block(body: string, closed: boolean): BlockRead {
  const calls: ParsedToolCall[] = [];
  const refused: RefusedToolCall[] = [];
  let pos = 0;
  for (;;) {
    while (pos < body.length && /\s/.test(body[pos] as string)) pos++;
    if (pos >= body.length) return { calls, refused };
    if (!body.startsWith(CALL_OPEN, pos)) {
      const partial = !closed && CALL_OPEN.startsWith(body.slice(pos));
      refused.push(refusal(partial ? CUT_OFF : `expected ${CALL_OPEN}`, body.slice(pos)));
      return { calls, refused };
    }
    const inner = pos + CALL_OPEN.length;
    const end = body.indexOf(CALL_CLOSE, inner);
    const callClosed = end >= 0;
    const content = body.slice(inner, callClosed ? end : body.length);
    const raw = body.slice(pos, callClosed ? end + CALL_CLOSE.length : body.length);
    pos = callClosed ? end + CALL_CLOSE.length : body.length;
    const sep = content.indexOf(SEP);
    if (sep < 0) {
      const reason = !callClosed && !closed ? CUT_OFF : `expected function${SEP} before the call`;
      refused.push(refusal(reason, raw));
      return { calls, refused };
    }
    const type = content.slice(0, sep).trim();
    if (type !== "function") {
      refused.push(refusal(`only function calls can be run (got "${type}")`, raw));
      continue;
    }
    if (!callClosed && closed) {
      refused.push(refusal(`the call is not closed with ${CALL_CLOSE}`, raw));
      return { calls, refused };
    }
    const read = readInvokes(content.slice(sep + SEP.length), callClosed);
    calls.push(...read.calls);
    refused.push(...read.refused.map((entry) => refusal(entry.reason, raw)));
    if (read.refused.length > 0 && !callClosed) return { calls, refused };
  }
}
