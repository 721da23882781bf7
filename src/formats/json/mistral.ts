import { Reply } from "../reply/reply.js";
import { matchAt } from "../reply/text-search.js";
import { MarkerScan } from "../tag-calls/marker-scan.js";
import { defineFormat, type ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall, withArguments } from "./shared-call-shape.js";
import { parseJsonSpan, scanJsonValue, skipSpace } from "./shared-json-scan.js";
import {
  type PayloadOutcome,
  readArrayCalls,
  readCutOffValue,
  readObjectCall,
} from "./shared-payload.js";
import { refusalReasons } from "./shared-reply.js";

const BOT = "[TOOL_CALLS]";
// v11+: `name`, then `[CALL_ID]id` (v13+) and `[ARGS]` (v11+ with an HF tokenizer), then the JSON.
const NAMED_CALL = /([A-Za-z0-9_.-]+)(?:\[CALL_ID\]([A-Za-z0-9]*))?(\[ARGS\])?/y;
const EXPECTED = "a tool name and its JSON arguments: [TOOL_CALLS]name[ARGS]{…}";

/**
 * Mistral: the old form `[TOOL_CALLS][{"name": …, "arguments": {…}}, …]` (tokenizers before v11) and
 * the newer `[TOOL_CALLS]name[ARGS]{…}` one per call (v11+), with `[CALL_ID]id` when the model
 * writes one (it goes to `id`).
 *
 * @example
 * ```ts
 * mistralFormat.parse('[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}');
 * // calls: [{ name: "get_weather", arguments: { city: "Paris" } }]
 * ```
 */
export const mistralFormat: ToolCallFormat = defineFormat(
  "mistral",
  (text) => text.includes(BOT),
  (text, options) => {
    const reply = new Reply(text, "mistral", {}, options);
    const read = (value: unknown) => toCall(value, nameAndArguments);
    const markers = new MarkerScan(text);
    for (let start = markers.find(BOT, reply.start); start >= 0; ) {
      const from = start + BOT.length;
      const where = reply.at(start);
      if (where !== "call") {
        start = markers.find(BOT, where === "reasoning" ? reply.reasoningEnd() : from);
        continue;
      }
      const next = skipSpace(text, from);
      const at = { from, rawStart: start, toCall: read };
      const outcome: PayloadOutcome =
        text[next] === "["
          ? readArrayCalls(reply, at)
          : text[next] === "{"
            ? readObjectCall(reply, at)
            : readNamedCall(reply, start, from);
      if (outcome.kind !== "read") {
        if (outcome.kind === "absent")
          reply.refuse(refusalReasons.notJson(EXPECTED), start, Math.min(text.length, from + 200));
        reply.remove(start, outcome.kind === "absent" ? from : text.length);
        if (outcome.kind === "cut-off") break;
        reply.took(from);
        start = markers.find(BOT, from);
        continue;
      }
      reply.remove(start, outcome.end);
      reply.took(outcome.end);
      start = markers.find(BOT, outcome.end);
    }
    reply.holdPartial([BOT]);
    return reply.reading();
  },
);

function readNamedCall(reply: Reply, start: number, from: number): PayloadOutcome {
  const text = reply.text;
  const match = matchAt(NAMED_CALL, text, from);
  if (match === null) {
    if (skipSpace(text, from) < text.length) return { kind: "absent", start: from };
    reply.refuseCutOff(refusalReasons.cutOff, start);
    return { kind: "cut-off" };
  }
  const [header, name = "", id] = match;
  const scan = scanJsonValue(text, from + header.length);
  if (scan.kind === "end") {
    reply.refuseCutOff(refusalReasons.cutOff, start);
    return { kind: "cut-off" };
  }
  const callId = id === undefined || id === "" ? undefined : id;
  const readArguments = (value: unknown) => withArguments(name, value, callId);
  if (scan.kind === "cut-off") {
    readCutOffValue(reply, scan, { rawStart: start, toCall: readArguments });
    return { kind: "cut-off" };
  }
  if (scan.kind === "absent") return { kind: "absent", start: from };
  const parsed = parseJsonSpan(text, scan.start, scan.end);
  const reading = parsed.ok
    ? readArguments(parsed.value)
    : { reason: refusalReasons.invalidJson(parsed.message) };
  if ("call" in reading) reply.accept(reading.call, scan.end);
  else reply.refuse(reading.reason, start, scan.end);
  return { kind: "read", end: scan.end };
}
