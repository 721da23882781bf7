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
  let position = 0;
  for (;;) {
    const start = reader.find(spec.begin, position);
    if (start < 0) break;
    const end = readOneCall(reader, spec, start);
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

// Reads the call starting at `start` and returns where its text ends.
function readOneCall(reader: ReplyReader, spec: SectionedCalls, start: number): number {
  const text = reader.text;
  const headerFrom = start + spec.begin.length;
  const close = text.indexOf(spec.end, headerFrom);
  const blockEnd = close < 0 ? text.length : close + spec.end.length;
  const refuse = (reason: string): number => {
    reader.refuse(reason, start, blockEnd);
    return blockEnd;
  };
  const cutOff = (): number => {
    reader.refuse(refusalReasons.cutOff, start, text.length);
    return text.length;
  };
  const separator = text.indexOf(spec.separator, headerFrom);
  if (separator < 0 || (close >= 0 && separator > close))
    return close < 0 ? cutOff() : refuse(refusalReasons.notJson(spec.expected));
  let header = text.slice(headerFrom, separator);
  let argumentsFrom = separator + spec.separator.length;
  if (spec.fenced === true) {
    const newline = text.indexOf("\n", argumentsFrom);
    if (newline < 0) return close < 0 ? cutOff() : refuse(refusalReasons.notJson(spec.expected));
    header = text.slice(argumentsFrom, newline);
    const fence = text.slice(newline + 1, newline + 1 + FENCE_OPEN.length);
    if (fence !== FENCE_OPEN)
      return close < 0 && FENCE_OPEN.startsWith(fence)
        ? cutOff()
        : refuse(refusalReasons.notJson(spec.expected));
    argumentsFrom = newline + 1 + FENCE_OPEN.length;
  }
  const named = spec.readHeader(header.trim());
  if ("reason" in named) return close < 0 ? cutOff() : refuse(named.reason);
  const scan = scanJsonValue(text, argumentsFrom);
  if (scan.kind === "cut-off" || scan.kind === "end") return cutOff();
  if (scan.kind === "absent") return refuse(refusalReasons.notJson(spec.expected));
  let after = skipSpace(text, scan.end);
  if (spec.fenced === true && text.startsWith(FENCE_CLOSE, after))
    after = skipSpace(text, after + FENCE_CLOSE.length);
  // The reply may stop right after the arguments (the end token is not always kept).
  if (after < text.length && !text.startsWith(spec.end, after))
    return refuse(refusalReasons.notJson(spec.expected));
  const parsed = parseJson(text.slice(scan.start, scan.end));
  if (!parsed.ok) return refuse(refusalReasons.invalidJson(parsed.message));
  const reading = withArguments(named.name, parsed.value, named.id);
  if ("reason" in reading) return refuse(reading.reason);
  reader.accept(reading.call);
  return after < text.length ? after + spec.end.length : text.length;
}
