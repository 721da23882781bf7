import type { ToolCallFormat } from "../tool-call-format.js";
import { isPlainObject, nameAndArguments, toCall } from "./shared-call-shape.js";
import { parseJson, scanJsonValue, skipSpace } from "./shared-json-scan.js";
import { readArrayCalls } from "./shared-payload.js";
import { ReplyReader } from "./shared-reply.js";

const FENCE = /```(?:json)?[ \t]*\n?/g;
const THINK_END = "</think>";
const CALL_LIST = /^\[\s*\{\s*"(?:name|arguments)"\s*:/;
const read = (value: unknown) => toCall(value, { ...nameAndArguments, requireArguments: true });

/**
 * Salesforce xLAM: a JSON list of `{"name": …, "arguments": {…}}` as the whole reply, after the
 * thinking (`</think>`), or in a `` ```json `` fence.
 *
 * @example
 * ```ts
 * xlamFormat.parse('[{"name": "f", "arguments": {"x": 1}}]');
 * ```
 */
export const xlamFormat: ToolCallFormat = {
  name: "xlam",
  detect: (text) =>
    /(?:^\s*|```(?:json)?\s*|<\/think>\s*)\[\s*\{\s*"(?:name|arguments)"\s*:/.test(text),
  parse: (text) => {
    const reader = new ReplyReader(text, "xlam");
    if (!readFenced(reader)) readBare(reader);
    return reader.result();
  },
};

function readFenced(reader: ReplyReader): boolean {
  const text = reader.text;
  const fence = new RegExp(FENCE.source, "g");
  let found = false;
  for (let match = fence.exec(text); match !== null; match = fence.exec(text)) {
    const start = match.index;
    const from = start + match[0].length;
    const close = text.indexOf("```", from);
    if (
      reader.thinkingAt(start) !== undefined ||
      !CALL_LIST.test(text.slice(skipSpace(text, from)))
    ) {
      if (close < 0) break;
      fence.lastIndex = close + 3;
      continue;
    }
    found = true;
    const outcome = readArrayCalls(reader, { from, rawStart: start, toCall: read });
    if (outcome.kind !== "read" || close < 0) {
      reader.remove(start, text.length);
      break;
    }
    reader.remove(start, Math.max(close + 3, outcome.end));
    fence.lastIndex = Math.max(close + 3, outcome.end);
  }
  return found;
}

function readBare(reader: ReplyReader): void {
  const text = reader.text;
  const thinkEnd = text.lastIndexOf(THINK_END);
  const start = skipSpace(text, thinkEnd < 0 ? 0 : thinkEnd + THINK_END.length);
  if (!isCallList(text, start)) return;
  const outcome = readArrayCalls(reader, { from: start, rawStart: start, toCall: read });
  reader.remove(start, outcome.kind === "read" ? outcome.end : text.length);
}

// A JSON list is only read as calls when its first object has a call's keys: a JSON answer that is a
// list of records with a "name" stays text.
function isCallList(text: string, from: number): boolean {
  const start = skipSpace(text, from);
  if (!CALL_LIST.test(text.slice(start, start + 200))) return false;
  const first = scanJsonValue(text, start + 1);
  if (first.kind !== "complete") return /"arguments"\s*:/.test(text.slice(start));
  const parsed = parseJson(text.slice(first.start, first.end));
  return (
    parsed.ok &&
    isPlainObject(parsed.value) &&
    "name" in parsed.value &&
    "arguments" in parsed.value
  );
}
