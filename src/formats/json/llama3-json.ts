import { Reply } from "../reply/reply.js";
import { find, matchAt } from "../reply/text-search.js";
import { defineFormat, type ToolCallFormat } from "../tool-call-format.js";
import { type CallShape, nameAndArguments, toCall } from "./shared-call-shape.js";
import { parseJsonSpan, scanJsonValue, skipSpace } from "./shared-json-scan.js";
import { readCallSequence } from "./shared-payload.js";
import { refusalReasons } from "./shared-reply.js";

const PYTHON_TAG = "<|python_tag|>";
const END_TOKENS = ["<|eom_id|>", "<|eot_id|>"];
const ARGUMENTS_KEY = /"(?:parameters|arguments)"\s*:/;
// A Python call after the tag (`<|python_tag|>fn(a=1)`) belongs to the pythonic format.
const PYTHON_CALL = /\s*\[?\s*[\p{L}_][\p{L}\p{N}_]*(?:[.-][\p{L}\p{N}_]+)*\s*\(/uy;
// A tool name, as a call names one: `Ada Lovelace` is a person, not a tool.
const TOOL_NAME = /^[\p{L}_][\p{L}\p{N}_]*(?:[.:/-][\p{L}\p{N}_]+)*$/u;
// Without the tag a call is bare JSON: it must carry its arguments key and a tool's name to be told
// from data that merely has a "name".
const bareCall: CallShape = { ...nameAndArguments, requireArguments: true };

/**
 * Llama 3.1 / 3.2 / 4 (JSON): `{"name": …, "parameters": {…}}`, after `<|python_tag|>` or as the
 * whole reply (after its reasoning), several separated by `;`. A JSON object elsewhere in the text,
 * or one that is not a call (no arguments key, a name that is not a tool's), stays text.
 *
 * @example
 * ```ts
 * llama3JsonFormat.parse('{"name": "a", "parameters": {}}; {"name": "b", "parameters": {"x": 1}}');
 * ```
 */
export const llama3JsonFormat: ToolCallFormat = defineFormat(
  "llama3-json",
  (text) => jsonAfterTag(text) || /^\s*(?:<think>[\s\S]*?<\/think>\s*)?\{\s*"name"\s*:/.test(text),
  (text, options) => {
    const reply = new Reply(text, "llama3-json", {}, options);
    for (const token of END_TOKENS) reply.removeAll(token);
    const position = readBare(reply);
    readTagged(reply, position);
    reply.holdPartial([PYTHON_TAG, ...END_TOKENS]);
    return reply.reading();
  },
);

function jsonAfterTag(text: string): boolean {
  const tag = text.indexOf(PYTHON_TAG);
  return tag >= 0 && text.charAt(skipSpace(text, tag + PYTHON_TAG.length)) === "{";
}

// The calls after each `<|python_tag|>` that stands where a call may.
function readTagged(reply: Reply, from: number): void {
  const text = reply.text;
  for (let tag = find(text, PYTHON_TAG, from); tag >= 0; ) {
    const after = tag + PYTHON_TAG.length;
    const where = reply.at(tag);
    if (where !== "call") {
      tag = find(text, PYTHON_TAG, where === "reasoning" ? reply.reasoningEnd() : after);
      continue;
    }
    const next = skipSpace(text, after);
    if (next < text.length && text[next] !== "{") {
      // A Python call is the pythonic format's; anything else is not a call at all.
      if (matchAt(PYTHON_CALL, text, after) === null) {
        const expected = `a JSON call {"name": …, "parameters": {…}} after ${PYTHON_TAG}`;
        reply.refuse(refusalReasons.notJson(expected), tag, Math.min(text.length, after + 200));
        reply.remove(tag, after);
      }
      reply.took(after);
      tag = find(text, PYTHON_TAG, after);
      continue;
    }
    reply.remove(tag, after);
    const read = (value: unknown) => toCall(value, nameAndArguments);
    const outcome = readCallSequence(reply, { from: after, rawStart: after, toCall: read }, ";");
    if (outcome.kind !== "read") {
      reply.remove(after, text.length);
      return;
    }
    reply.remove(after, outcome.end);
    reply.took(outcome.end);
    tag = find(text, PYTHON_TAG, outcome.end);
  }
}

// Bare calls: JSON that opens the reply (after its reasoning) and says it is a call. Returns where
// the tagged calls are looked for from.
function readBare(reply: Reply): number {
  const text = reply.text;
  let start = skipSpace(text, reply.start);
  let where = reply.at(start);
  while (where === "reasoning" && start < text.length) {
    start = skipSpace(text, reply.reasoningEnd());
    where = reply.at(start);
  }
  if (text[start] !== "{" || where !== "call" || reply.positions.proseBefore()) return start;
  const scan = scanJsonValue(text, start);
  const meant = ARGUMENTS_KEY.test(text.slice(start, Math.min(text.length, start + 400)));
  if (scan.kind !== "complete") {
    if (meant) {
      // The reply opens with a call the text ends inside.
      readCallSequence(reply, { from: start, rawStart: start, toCall: bare }, ";");
      reply.remove(start, text.length);
    }
    return text.length;
  }
  const parsed = parseJsonSpan(text, scan.start, scan.end);
  if (!parsed.ok) {
    // Only a reply that opens with call-shaped JSON meant a call; it is refused, not guessed.
    if (meant) {
      reply.refuse(refusalReasons.invalidJson(parsed.message), start, scan.end);
      reply.remove(start, scan.end);
      reply.took(scan.end);
    }
    return scan.end;
  }
  if ("reason" in bare(parsed.value)) return scan.end;
  const outcome = readCallSequence(reply, { from: start, rawStart: start, toCall: bare }, ";");
  if (outcome.kind !== "read") {
    reply.remove(start, text.length);
    return text.length;
  }
  reply.remove(start, outcome.end);
  reply.took(outcome.end);
  return outcome.end;
}

function bare(value: unknown) {
  const reading = toCall(value, bareCall);
  if ("call" in reading && !TOOL_NAME.test(reading.call.name)) {
    return { reason: `"${reading.call.name.slice(0, 80)}" is not a tool name` };
  }
  return reading;
}
