import type { ToolCallFormat } from "../tool-call-format.js";
import { nameAndArguments, toCall, withArguments } from "./shared-call-shape.js";
import { parseJson, scanJsonValue, skipSpace } from "./shared-json-scan.js";
import { type PayloadOutcome, readArrayCalls, readObjectCall } from "./shared-payload.js";
import { ReplyReader, refusalReasons } from "./shared-reply.js";

const BOT = "[TOOL_CALLS]";
// v11+: `name`, then `[CALL_ID]id` (v13+) and `[ARGS]` (v11+ with an HF tokenizer), then the JSON.
const NAMED_CALL = /^([A-Za-z0-9_.-]+)(?:\[CALL_ID\]([A-Za-z0-9]*))?(\[ARGS\])?/;
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
export const mistralFormat: ToolCallFormat = {
  name: "mistral",
  detect: (text) => text.includes(BOT),
  parse: (text) => {
    const reader = new ReplyReader(text, "mistral");
    const read = (value: unknown) => toCall(value, nameAndArguments);
    for (let start = reader.find(BOT, 0); start >= 0; ) {
      const from = start + BOT.length;
      const next = skipSpace(text, from);
      const at = { from, rawStart: start, toCall: read };
      const outcome: PayloadOutcome =
        text[next] === "["
          ? readArrayCalls(reader, at)
          : text[next] === "{"
            ? readObjectCall(reader, at)
            : readNamedCall(reader, start, from);
      if (outcome.kind !== "read") {
        if (outcome.kind === "absent")
          reader.refuse(refusalReasons.notJson(EXPECTED), start, Math.min(text.length, from + 200));
        reader.remove(start, outcome.kind === "absent" ? from : text.length);
        if (outcome.kind === "cut-off") break;
        start = reader.find(BOT, from);
        continue;
      }
      reader.remove(start, outcome.end);
      start = reader.find(BOT, outcome.end);
    }
    return reader.result();
  },
};

function readNamedCall(reader: ReplyReader, start: number, from: number): PayloadOutcome {
  const text = reader.text;
  const match = NAMED_CALL.exec(text.slice(from));
  if (match === null) {
    if (skipSpace(text, from) < text.length) return { kind: "absent", start: from };
    reader.refuse(refusalReasons.cutOff, start, text.length);
    return { kind: "cut-off" };
  }
  const [header, name = "", id] = match;
  const scan = scanJsonValue(text, from + header.length);
  if (scan.kind === "end" || scan.kind === "cut-off") {
    reader.refuse(refusalReasons.cutOff, start, text.length);
    return { kind: "cut-off" };
  }
  if (scan.kind === "absent") return { kind: "absent", start: from };
  const parsed = parseJson(text.slice(scan.start, scan.end));
  const reading = parsed.ok
    ? withArguments(name, parsed.value, id === undefined || id === "" ? undefined : id)
    : { reason: refusalReasons.invalidJson(parsed.message) };
  if ("call" in reading) reader.accept(reading.call);
  else reader.refuse(reading.reason, start, scan.end);
  return { kind: "read", end: scan.end };
}
