import type { ToolCallFormat } from "../tool-call-format.js";
import { type CallShape, nameAndArguments, toCall } from "./shared-call-shape.js";
import { parseJson, scanJsonValue, skipSpace } from "./shared-json-scan.js";
import { readCallSequence } from "./shared-payload.js";
import { ReplyReader, refusalReasons } from "./shared-reply.js";

const PYTHON_TAG = "<|python_tag|>";
const END_TOKENS = ["<|eom_id|>", "<|eot_id|>"];
const CALL_START = /\{\s*"name"\s*:/;
const ARGUMENTS_KEY = /"(?:parameters|arguments)"\s*:/;
// Without the tag a call is bare JSON in the text: it must carry its arguments key to be told from
// data that merely has a "name".
const bareCall: CallShape = { ...nameAndArguments, requireArguments: true };

/**
 * Llama 3.1 / 3.2 / 4 (JSON): `{"name": …, "parameters": {…}}`, optionally after `<|python_tag|>`,
 * several separated by `;`. Without the tag, calls may stand in text; a complete JSON object that is
 * not a call (no arguments key) stays text.
 *
 * @example
 * ```ts
 * llama3JsonFormat.parse('{"name": "a", "parameters": {}}; {"name": "b", "parameters": {"x": 1}}');
 * ```
 */
export const llama3JsonFormat: ToolCallFormat = {
  name: "llama3-json",
  // A Python call after the tag (`<|python_tag|>fn(a=1)`) is the pythonic format's, not this one's.
  detect: (text) => (text.includes(PYTHON_TAG) && jsonAfterTag(text)) || CALL_START.test(text),
  parse: (text) => {
    const reader = new ReplyReader(text, "llama3-json");
    for (const token of END_TOKENS) reader.removeAll(token);
    const tag = reader.find(PYTHON_TAG, 0);
    if (tag >= 0) readTagged(reader, tag);
    else readBare(reader);
    return reader.result();
  },
};

function jsonAfterTag(text: string): boolean {
  const at = text.indexOf(PYTHON_TAG) + PYTHON_TAG.length;
  return text.charAt(skipSpace(text, at)) === "{";
}

function readTagged(reader: ReplyReader, tag: number): void {
  const text = reader.text;
  const from = tag + PYTHON_TAG.length;
  reader.remove(tag, from);
  const outcome = readCallSequence(
    reader,
    { from, rawStart: from, toCall: (value) => toCall(value, nameAndArguments) },
    ";",
  );
  if (outcome.kind === "read") reader.remove(from, outcome.end);
  else if (outcome.kind === "cut-off") reader.remove(from, text.length);
  else {
    const expected = `a JSON call {"name": …, "parameters": {…}} after ${PYTHON_TAG}`;
    reader.refuse(refusalReasons.notJson(expected), tag, Math.min(text.length, from + 200));
  }
}

function readBare(reader: ReplyReader): void {
  const text = reader.text;
  const read = (value: unknown) => toCall(value, bareCall);
  const callStart = new RegExp(CALL_START.source, "g");
  for (let match = callStart.exec(text); match !== null; match = callStart.exec(text)) {
    const start = match.index;
    if (reader.thinkingAt(start) !== undefined) continue;
    const scan = scanJsonValue(text, start);
    // Bare JSON is only a call when it says so: a JSON answer that merely has a "name" stays text.
    const meant = ARGUMENTS_KEY.test(
      text.slice(start, scan.kind === "complete" ? scan.end : undefined),
    );
    if (scan.kind !== "complete") {
      if (meant) {
        reader.refuse(refusalReasons.cutOff, start, text.length);
        reader.remove(start, text.length);
      }
      return;
    }
    const parsed = parseJson(text.slice(scan.start, scan.end));
    if (!parsed.ok || "reason" in read(parsed.value)) {
      // Prose may quote broken JSON; only a reply that opens with a call-shaped one meant a call.
      if (!parsed.ok && meant && skipSpace(text, 0) === start) {
        reader.refuse(refusalReasons.invalidJson(parsed.message), start, scan.end);
        reader.remove(start, scan.end);
      }
      callStart.lastIndex = scan.end;
      continue;
    }
    const outcome = readCallSequence(reader, { from: start, rawStart: start, toCall: read }, ";");
    if (outcome.kind !== "read") {
      reader.remove(start, text.length);
      return;
    }
    reader.remove(start, outcome.end);
    callStart.lastIndex = outcome.end;
  }
}
