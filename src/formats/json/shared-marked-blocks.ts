import type { ParsedToolCalls, ToolCallFormat, ToolCallFormatName } from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { skipSpace } from "./shared-json-scan.js";
import {
  type PayloadOutcome,
  readArrayCalls,
  readCallSequence,
  readObjectCall,
  type ToCall,
} from "./shared-payload.js";
import { ReplyReader, refusalReasons } from "./shared-reply.js";

/**
 * A format whose calls are JSON between an opening marker and an optional closing one.
 *
 * @example
 * ```ts
 * const hermes: MarkedBlocks = {
 *   format: "hermes", opens: ["<tool_call>"], close: "</tool_call>", payload: "object",
 *   toCall: (value) => toCall(value, nameAndArguments),
 * };
 * ```
 */
export interface MarkedBlocks {
  readonly format: ToolCallFormatName;
  /** The opening markers (any of them starts a block). */
  readonly opens: readonly string[];
  /** The closing marker; when the reply ends right after the JSON it may be missing. */
  readonly close?: string;
  /**
   * One object, a JSON list of objects, objects one after another, an object or a list, or a list or
   * objects one after another (separated by white space or commas).
   */
  readonly payload: "object" | "array" | "objects" | "object-or-array" | "objects-or-array";
  readonly toCall: ToCall;
  /** Template tokens around the blocks, removed from the text wherever they are (Hunyuan's `<answer>`). */
  readonly dropTokens?: readonly string[];
  /** How many characters at the end of the opening marker already belong to the payload (`functools[`). */
  readonly markerEndsInPayload?: number;
}

/**
 * A {@link MarkedBlocks} format as `parseToolCalls` uses it. By default its calls are
 * `{"name": …, "arguments": {…}}` objects and auto-detection looks for one of its opening markers.
 *
 * @example
 * ```ts
 * const longcat: MarkedFormat = {
 *   format: "longcat", opens: ["<longcat_tool_call>"], close: "</longcat_tool_call>", payload: "object",
 * };
 * ```
 */
export interface MarkedFormat extends Omit<MarkedBlocks, "toCall"> {
  readonly toCall?: ToCall;
  readonly detect?: (text: string) => boolean;
}

const readNameAndArguments: ToCall = (value) => toCall(value, nameAndArguments);

/**
 * The {@link ToolCallFormat} of a {@link MarkedFormat}.
 *
 * @example
 * ```ts
 * export const longcatFormat = markedFormat(longcat);
 * ```
 */
export function markedFormat(format: MarkedFormat): ToolCallFormat {
  const { detect, toCall: read, ...rest } = format;
  const spec: MarkedBlocks = { ...rest, toCall: read ?? readNameAndArguments };
  return {
    name: format.format,
    detect: detect ?? ((text) => format.opens.some((open) => text.includes(open))),
    parse: (text) => readMarkedBlocks(text, spec),
  };
}

/**
 * Reads every block of `spec` in `text`: the calls, the refusals, and the text around them.
 *
 * @example
 * ```ts
 * readMarkedBlocks('Hi <tool_call>{"name": "f", "arguments": {}}</tool_call>', hermes);
 * // { calls: [{ name: "f", arguments: {} }], text: "Hi", format: "hermes", refused: [] }
 * ```
 */
export function readMarkedBlocks(text: string, spec: MarkedBlocks): ParsedToolCalls {
  const reader = new ReplyReader(text, spec.format);
  for (const token of spec.dropTokens ?? []) reader.removeAll(token);
  let position = 0;
  for (;;) {
    const found = nextOpen(reader, spec.opens, position);
    if (found === undefined) break;
    const { start, open } = found;
    const from = start + open.length - (spec.markerEndsInPayload ?? 0);
    const outcome = readPayload(reader, spec, { from, rawStart: start, toCall: spec.toCall });
    if (outcome.kind === "cut-off") {
      reader.remove(start, text.length);
      break;
    }
    position =
      outcome.kind === "read"
        ? blockEnd(text, spec, outcome.end)
        : refuseBlock(reader, spec, start, from);
    reader.remove(start, position);
  }
  return reader.result();
}

function nextOpen(
  reader: ReplyReader,
  opens: readonly string[],
  from: number,
): { readonly start: number; readonly open: string } | undefined {
  let best: { start: number; open: string } | undefined;
  for (const open of opens) {
    const start = reader.find(open, from);
    if (start >= 0 && (best === undefined || start < best.start)) best = { start, open };
  }
  return best;
}

function readPayload(
  reader: ReplyReader,
  spec: MarkedBlocks,
  at: { readonly from: number; readonly rawStart: number; readonly toCall: ToCall },
): PayloadOutcome {
  const next = skipSpace(reader.text, at.from);
  if (next >= reader.text.length) {
    reader.refuse(refusalReasons.cutOff, at.rawStart, reader.text.length);
    return { kind: "cut-off" };
  }
  switch (spec.payload) {
    case "object":
      return readObjectCall(reader, at);
    case "array":
      return readArrayCalls(reader, at);
    case "objects":
      return readCallSequence(reader, at);
    case "object-or-array":
      return reader.text[next] === "[" ? readArrayCalls(reader, at) : readObjectCall(reader, at);
    case "objects-or-array":
      return reader.text[next] === "["
        ? readArrayCalls(reader, at)
        : readCallSequence(reader, at, ",");
  }
}

function blockEnd(text: string, spec: MarkedBlocks, payloadEnd: number): number {
  if (spec.close === undefined) return payloadEnd;
  const next = skipSpace(text, payloadEnd);
  if (text.startsWith(spec.close, next)) return next + spec.close.length;
  return payloadEnd;
}

// The marker is there but no JSON follows: the model meant a call it did not write as one.
function refuseBlock(reader: ReplyReader, spec: MarkedBlocks, start: number, from: number): number {
  const text = reader.text;
  const close = spec.close === undefined ? -1 : text.indexOf(spec.close, from);
  const closed = close >= 0 ? close + (spec.close?.length ?? 0) : undefined;
  // Without a closing marker the block's extent is unknown: only the marker is removed.
  const end = closed ?? (spec.close === undefined ? from : text.length);
  const what = spec.payload === "array" ? "a JSON list of calls" : 'a JSON object {"name": …}';
  const open = spec.opens[0] ?? "";
  reader.refuse(
    refusalReasons.notJson(`${what} after ${open}`),
    start,
    closed ?? Math.min(text.length, from + 200),
  );
  return end;
}
