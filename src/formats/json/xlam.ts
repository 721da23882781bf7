import { Reply } from "../reply/reply.js";
import { find, matchAt } from "../reply/text-search.js";
import { defineFormat, type ToolCallFormat } from "../tool-call-format.js";
import { isPlainObject, nameAndArguments, toCall } from "./shared-call-shape.js";
import { parseJsonSpan, scanJsonValue, skipSpace } from "./shared-json-scan.js";
import { readArrayCalls } from "./shared-payload.js";

const FENCE = "```";
const FENCE_HEAD = /```(?:json)?[ \t]*\n?/y;
const CALL_LIST = /\[\s*\{\s*"(?:name|arguments)"\s*:/y;
const read = (value: unknown) => toCall(value, { ...nameAndArguments, requireArguments: true });

/**
 * Salesforce xLAM: a JSON list of `{"name": …, "arguments": {…}}` as the whole reply (after its
 * reasoning), or in a `` ```json `` fence that starts a line.
 *
 * @example
 * ```ts
 * xlamFormat.parse('[{"name": "f", "arguments": {"x": 1}}]');
 * ```
 */
export const xlamFormat: ToolCallFormat = defineFormat(
  "xlam",
  (text) => /(?:^\s*|```(?:json)?\s*|<\/think>\s*)\[\s*\{\s*"(?:name|arguments)"\s*:/.test(text),
  (text, options) => {
    const reply = new Reply(text, "xlam", { where: "line" }, options);
    readFenced(reply, readBare(reply));
    return reply.reading();
  },
);

// Fenced lists: the fence must start a line where a call may stand.
function readFenced(reply: Reply, from: number): void {
  const text = reply.text;
  for (let start = find(text, FENCE, from); start >= 0; ) {
    const head = matchAt(FENCE_HEAD, text, start);
    const body = start + (head?.[0].length ?? FENCE.length);
    const close = find(text, FENCE, body);
    const blockEnd = close < 0 ? text.length : close + FENCE.length;
    const where = reply.at(start);
    if (where === "reasoning") {
      start = find(text, FENCE, reply.reasoningEnd());
      continue;
    }
    if (where === "text" || !isCallList(text, body)) {
      // A fence of something else (or an example): the whole fence is text.
      if (close < 0) {
        reply.hold(start);
        return;
      }
      reply.passed(blockEnd);
      start = find(text, FENCE, blockEnd);
      continue;
    }
    const outcome = readArrayCalls(reply, { from: body, rawStart: start, toCall: read });
    if (outcome.kind !== "read" || close < 0) {
      reply.remove(start, text.length);
      if (close < 0) reply.hold(start);
      return;
    }
    const end = Math.max(blockEnd, outcome.end);
    reply.remove(start, end);
    reply.took(end);
    start = find(text, FENCE, end);
  }
}

// A bare list that is the whole reply (after its reasoning). Returns where fences are looked for.
function readBare(reply: Reply): number {
  const text = reply.text;
  let start = skipSpace(text, reply.start);
  let where = reply.at(start);
  while (where === "reasoning" && start < text.length) {
    start = skipSpace(text, reply.reasoningEnd());
    where = reply.at(start);
  }
  if (where !== "call" || reply.positions.proseBefore() || text[start] !== "[") return start;
  if (!isCallList(text, start)) {
    if (text.length - start < 200) reply.hold(start);
    return start;
  }
  const outcome = readArrayCalls(reply, { from: start, rawStart: start, toCall: read });
  const end = outcome.kind === "read" ? outcome.end : text.length;
  reply.remove(start, end);
  reply.took(end);
  return end;
}

// A JSON list is only read as calls when its first object has a call's keys: a JSON answer that is a
// list of records with a "name" stays text.
function isCallList(text: string, from: number): boolean {
  const start = skipSpace(text, from);
  if (matchAt(CALL_LIST, text, start) === null) return false;
  const first = scanJsonValue(text, start + 1);
  if (first.kind !== "complete") {
    return /"arguments"\s*:/.test(text.slice(start, Math.min(text.length, start + 2000)));
  }
  const parsed = parseJsonSpan(text, first.start, first.end);
  return (
    parsed.ok &&
    isPlainObject(parsed.value) &&
    "name" in parsed.value &&
    "arguments" in parsed.value
  );
}
