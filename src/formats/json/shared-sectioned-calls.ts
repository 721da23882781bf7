import { type Reading, Reply } from "../reply/reply.js";
import { MarkerScan } from "../tag-calls/marker-scan.js";
import { callMiss, readTagCall, type TagCallSyntax } from "../tag-calls/tag-call.js";
import type { FormatReadOptions, ToolCallFormatName } from "../tool-call-format.js";
import { withArguments } from "./shared-call-shape.js";
import { parseJsonSpan, scanJsonValue, skipSpace } from "./shared-json-scan.js";
import { readCutOffValue } from "./shared-payload.js";
import { refusalReasons } from "./shared-reply.js";

/**
 * A special-token format where each call is `begin HEADER separator ARGUMENTS end` inside a section
 * of calls (DeepSeek, Kimi K2). The header names the tool (and may carry an id).
 *
 * @example
 * ```ts
 * const kimi: SectionedCalls = {
 *   format: "kimi-k2", dropTokens: ["<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"],
 *   sectionBegins: ["<|tool_calls_section_begin|>"], sectionEnds: ["<|tool_calls_section_end|>"],
 *   begin: "<|tool_call_begin|>", separator: "<|tool_call_argument_begin|>", end: "<|tool_call_end|>",
 *   readHeader: (header) => ({ name: header }), expected: "…",
 * };
 * ```
 */
export interface SectionedCalls {
  readonly format: ToolCallFormatName;
  /** Section and end-of-turn tokens, removed from the text wherever they are. */
  readonly dropTokens: readonly string[];
  /** The tokens that open the section of calls: a reply that ends on one was cut off. */
  readonly sectionBegins: readonly string[];
  /** The tokens that close it. */
  readonly sectionEnds: readonly string[];
  readonly begin: string;
  readonly separator: string;
  readonly end: string;
  /**
   * DeepSeek V3 puts the name after the separator, on its own line, and the arguments in a
   * `` ```json `` fence; the header before the separator is the call type.
   */
  readonly fenced?: boolean;
  /** The tool's name (and id) from the header, or why it is not one. */
  readonly readHeader: (
    header: string,
  ) => { readonly name: string; readonly id?: string } | { readonly reason: string };
  /** The call's expected form, for refusal reasons. */
  readonly expected: string;
}

const FENCE_OPEN = "```json";
const FENCE_CLOSE = "```";

/**
 * Reads every call of a sectioned format: the complete ones, the refused ones, and the text. A
 * section (or a call outside one) counts only where a call may stand; the calls inside a section
 * are read one after the other.
 *
 * @example
 * ```ts
 * readSectionedCalls("<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{}<|tool_call_end|>", kimi);
 * ```
 */
export function readSectionedCalls(
  text: string,
  spec: SectionedCalls,
  options: FormatReadOptions = {},
): Reading {
  const reply = new Reply(text, spec.format, {}, options);
  for (const token of spec.dropTokens) reply.removeAll(token);
  const scan = new MarkerScan(text);
  const syntax = sectionedSyntax(spec);
  // Calls before `sectionEnd` are inside an accepted section.
  let sectionEnd = reply.start;
  let position = reply.start;
  for (;;) {
    const call = scan.find(spec.begin, position);
    const section = firstOf(scan, spec.sectionBegins, position);
    if (section !== undefined && (call < 0 || section.at < call)) {
      const where = reply.at(section.at);
      const after = section.at + section.token.length;
      const closeAt = firstOf(scan, spec.sectionEnds, after);
      const end = closeAt === undefined ? text.length : closeAt.at + closeAt.token.length;
      if (where === "call") {
        sectionEnd = end;
        reply.took(after);
        if (skipSpace(text, after) >= text.length)
          reply.refuseCutOff(refusalReasons.cutOff, section.at);
        position = after;
      } else if (where === "reasoning") position = reply.reasoningEnd();
      else {
        if (closeAt === undefined) reply.hold(section.at);
        reply.passed(end);
        position = end;
      }
      continue;
    }
    if (call < 0) break;
    if (call >= sectionEnd) {
      const where = reply.at(call);
      if (where !== "call") {
        const end =
          where === "reasoning" ? reply.reasoningEnd() : callExtent(reply, scan, spec, call);
        if (where === "text") reply.passed(end);
        position = Math.max(end, call + 1);
        continue;
      }
    }
    const end = readOneCall(reply, scan, { spec, syntax, start: call });
    reply.remove(call, end);
    reply.took(end);
    if (end >= text.length) break;
    position = end;
  }
  reply.holdPartial([spec.begin, spec.end, ...spec.dropTokens]);
  return reply.reading();
}

function firstOf(
  scan: MarkerScan,
  tokens: readonly string[],
  from: number,
): { readonly at: number; readonly token: string } | undefined {
  let best: { at: number; token: string } | undefined;
  for (const token of tokens) {
    const at = scan.find(token, from);
    if (at >= 0 && (best === undefined || at < best.at)) best = { at, token };
  }
  return best;
}

// Where a call that is only text ends: at its end marker, or, without one, after its begin marker
// (the end marker may still come: not settled).
function callExtent(reply: Reply, scan: MarkerScan, spec: SectionedCalls, start: number): number {
  const close = scan.find(spec.end, start + spec.begin.length);
  if (close < 0) reply.hold(start);
  return close < 0 ? start + spec.begin.length : close + spec.end.length;
}

// Reads the call starting at `start` and returns where its text ends. The call's own text runs to
// the first end marker after its arguments; a cut-off one takes the rest of the reply.
function readOneCall(
  reply: Reply,
  scan: MarkerScan,
  at: { readonly spec: SectionedCalls; readonly syntax: TagCallSyntax; readonly start: number },
): number {
  const { spec, start } = at;
  const text = reply.text;
  const close = scan.find(spec.end, start + spec.begin.length);
  const read = readTagCall(scan, start, at.syntax, close < 0 ? text.length : close);
  if (!("reason" in read)) {
    reply.accept(read.call, read.end);
    // The end marker may still come: the call is complete, its extent not settled.
    if (read.end >= text.length && !text.endsWith(spec.end)) reply.hold(start);
    return read.end;
  }
  if (read.cutValue !== undefined) {
    const { name } = read.cutValue;
    readCutOffValue(reply, read.cutValue, {
      rawStart: start,
      toCall: (value) => withArguments(name, value, undefined),
    });
    return text.length;
  }
  if (read.runsOut === "reply" || (read.runsOut === "call" && close < 0)) {
    reply.refuseCutOff(refusalReasons.cutOff, start);
    return text.length;
  }
  // A JSON string may hold the end marker: the call's text ends at the first one after its value.
  const from = Math.max(read.readTo ?? 0, start + spec.begin.length);
  const closeAfter = close >= from || close < 0 ? close : scan.find(spec.end, from);
  const blockEnd = closeAfter < 0 ? text.length : closeAfter + spec.end.length;
  reply.refuse(read.reason, start, blockEnd);
  return blockEnd;
}

// `begin HEADER separator ARGUMENTS end`: the header names the call; the arguments are one JSON
// value, read over the rest of the reply (a string may hold the end marker).
function sectionedSyntax(spec: SectionedCalls): TagCallSyntax {
  const expected = refusalReasons.notJson(spec.expected);
  return {
    head: (scan, at, end) => {
      const text = scan.text;
      const headerFrom = at + spec.begin.length;
      const separator = scan.find(spec.separator, headerFrom);
      if (separator < 0 || separator > end) return callMiss(expected, true);
      let header = text.slice(headerFrom, separator);
      let argumentsFrom = separator + spec.separator.length;
      if (spec.fenced === true) {
        const newline = scan.find("\n", argumentsFrom);
        if (newline < 0 || newline > end) return callMiss(expected, true);
        header = text.slice(argumentsFrom, newline);
        const fence = text.slice(newline + 1, newline + 1 + FENCE_OPEN.length);
        if (fence !== FENCE_OPEN) return callMiss(expected, FENCE_OPEN.startsWith(fence));
        argumentsFrom = newline + 1 + FENCE_OPEN.length;
      }
      const named = spec.readHeader(header.trim());
      if ("reason" in named) return callMiss(named.reason, true);
      return { ...named, end: argumentsFrom };
    },
    arguments: (scan, from, name) => {
      const text = scan.text;
      const value = scanJsonValue(text, from);
      if (value.kind === "end") return { reason: refusalReasons.cutOff, runsOut: "reply" };
      if (value.kind === "cut-off") {
        // The caller closes the value (when the finish reason allows it) or refuses it.
        return { reason: refusalReasons.cutOff, runsOut: "reply", cutValue: { ...value, name } };
      }
      if (value.kind === "absent") return callMiss(expected);
      let after = skipSpace(text, value.end);
      if (spec.fenced === true && text.startsWith(FENCE_CLOSE, after))
        after = skipSpace(text, after + FENCE_CLOSE.length);
      else if (spec.fenced === true && scan.endsInside(FENCE_CLOSE, after)) after = text.length;
      const readTo = value.end;
      // The reply may stop right after the arguments, or inside the end token (it is not always
      // kept).
      if (after < text.length && scan.endsInside(spec.end, after)) after = text.length;
      if (after < text.length && !text.startsWith(spec.end, after)) {
        return { reason: expected, readTo };
      }
      const parsed = parseJsonSpan(text, value.start, value.end);
      if (!parsed.ok) return { reason: refusalReasons.invalidJson(parsed.message), readTo };
      const reading = withArguments(name, parsed.value, undefined);
      if ("reason" in reading) return { reason: reading.reason, readTo };
      return {
        value: reading.call.arguments,
        end: after < text.length ? after + spec.end.length : text.length,
      };
    },
  };
}
