import { MarkerScan } from "../tag-calls/marker-scan.js";
import { callMiss, readTagCall, type TagCallSyntax } from "../tag-calls/tag-call.js";
import type { ParsedToolCalls, ToolCallFormatName } from "../tool-call-format.js";
import { withArguments } from "./shared-call-shape.js";
import { parseJson, scanJsonValue, skipSpace } from "./shared-json-scan.js";
import { ReplyReader, refusalReasons } from "./shared-reply.js";

/**
 * A special-token format where each call is `begin HEADER separator ARGUMENTS end` inside a section
 * of calls (DeepSeek, Kimi K2). The header names the tool (and may carry an id).
 *
 * @example
 * ```ts
 * const kimi: SectionedCalls = {
 *   format: "kimi-k2", dropTokens: ["<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"],
 *   sectionBegins: ["<|tool_calls_section_begin|>"],
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
 * Reads every call of a sectioned format: the complete ones, the refused ones, and the text.
 *
 * @example
 * ```ts
 * readSectionedCalls("<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{}<|tool_call_end|>", kimi);
 * ```
 */
export function readSectionedCalls(text: string, spec: SectionedCalls): ParsedToolCalls {
  const reader = new ReplyReader(text, spec.format);
  for (const token of spec.dropTokens) reader.removeAll(token);
  const scan = new MarkerScan(text);
  const syntax = sectionedSyntax(spec);
  let position = 0;
  for (;;) {
    const start = reader.find(spec.begin, position);
    if (start < 0) break;
    const end = readOneCall(reader, scan, { spec, syntax, start });
    reader.remove(start, end);
    if (end >= text.length) break;
    position = end;
  }
  const tail = text.trimEnd();
  const openSection = spec.sectionBegins.find((token) => tail.endsWith(token));
  if (openSection !== undefined)
    reader.refuse(refusalReasons.cutOff, tail.length - openSection.length, tail.length);
  return reader.result();
}

// Reads the call starting at `start` and returns where its text ends. The call's own text runs to
// the first end marker; a refused call takes it all, a cut-off one the rest of the reply.
function readOneCall(
  reader: ReplyReader,
  scan: MarkerScan,
  at: { readonly spec: SectionedCalls; readonly syntax: TagCallSyntax; readonly start: number },
): number {
  const { spec, start } = at;
  const text = reader.text;
  const close = scan.find(spec.end, start + spec.begin.length);
  const read = readTagCall(scan, start, at.syntax, close < 0 ? text.length : close);
  if (!("reason" in read)) {
    reader.accept(read.call);
    return read.end;
  }
  if (read.runsOut === "reply" || (read.runsOut === "call" && close < 0)) {
    reader.refuse(refusalReasons.cutOff, start, text.length);
    return text.length;
  }
  const blockEnd = close < 0 ? text.length : close + spec.end.length;
  reader.refuse(read.reason, start, blockEnd);
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
        if (newline < 0) return callMiss(expected, true);
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
      if (value.kind === "cut-off" || value.kind === "end") {
        return { reason: refusalReasons.cutOff, runsOut: "reply" };
      }
      if (value.kind === "absent") return callMiss(expected);
      let after = skipSpace(text, value.end);
      if (spec.fenced === true && text.startsWith(FENCE_CLOSE, after))
        after = skipSpace(text, after + FENCE_CLOSE.length);
      // The reply may stop right after the arguments (the end token is not always kept).
      if (after < text.length && !text.startsWith(spec.end, after)) return callMiss(expected);
      const parsed = parseJson(text.slice(value.start, value.end));
      if (!parsed.ok) return callMiss(refusalReasons.invalidJson(parsed.message));
      const reading = withArguments(name, parsed.value, undefined);
      if ("reason" in reading) return callMiss(reading.reason);
      return {
        value: reading.call.arguments,
        end: after < text.length ? after + spec.end.length : text.length,
      };
    },
  };
}
