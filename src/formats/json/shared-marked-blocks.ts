import type { PositionRules } from "../reply/call-positions.js";
import { type Reading, Reply } from "../reply/reply.js";
import { MarkerScan } from "../tag-calls/marker-scan.js";
import {
  defineFormat,
  type FormatReadOptions,
  type ToolCallFormat,
  type ToolCallFormatName,
} from "../tool-call-format.js";
import { nameAndArguments, toCall } from "./shared-call-shape.js";
import { scanJsonValue, skipSpace } from "./shared-json-scan.js";
import {
  type PayloadOutcome,
  readArrayCalls,
  readCallSequence,
  readObjectCall,
  type ToCall,
} from "./shared-payload.js";
import { refusalReasons } from "./shared-reply.js";

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
  /**
   * Template tokens around the blocks, removed from the text wherever they are (Hunyuan's `<answer>`);
   * right before a block they stand where a call may (the format's own framing).
   */
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
  return defineFormat(
    format.format,
    detect ?? ((text) => format.opens.some((open) => text.includes(open))),
    (text, options) => readMarkedBlocks(text, spec, options),
  );
}

/**
 * Reads every block of `spec` in `text` that stands where a call may: the calls, the refusals, and
 * the text around them. A block elsewhere (in a quotation, a code example, after "for example") is
 * text.
 *
 * @example
 * ```ts
 * readMarkedBlocks('Hi.<tool_call>{"name": "f", "arguments": {}}</tool_call>', hermes).result;
 * // { calls: [{ name: "f", arguments: {} }], text: "Hi.", format: "hermes", refused: [] }
 * ```
 */
export function readMarkedBlocks(
  text: string,
  spec: MarkedBlocks,
  options: FormatReadOptions = {},
): Reading {
  const rules: PositionRules = { frames: spec.dropTokens ?? [] };
  const reply = new Reply(text, spec.format, rules, options);
  for (const token of spec.dropTokens ?? []) reply.removeAll(token);
  const markers = new MarkerScan(text);
  let position = reply.start;
  for (;;) {
    const found = nextOpen(markers, spec.opens, position);
    if (found === undefined) break;
    const { start, open } = found;
    const from = start + open.length - (spec.markerEndsInPayload ?? 0);
    const where = reply.at(start);
    if (where !== "call") {
      position = where === "reasoning" ? reply.reasoningEnd() : passBlock(reply, spec, start, from);
      if (where === "text") reply.passed(position);
      position = Math.max(position, start + 1);
      continue;
    }
    const outcome = readPayload(reply, spec, { from, rawStart: start, toCall: spec.toCall });
    if (outcome.kind === "cut-off") {
      reply.remove(start, text.length);
      break;
    }
    position =
      outcome.kind === "read"
        ? blockEnd(reply, spec, { start, payloadEnd: outcome.end })
        : refuseBlock(reply, spec, markers, { start, from });
    reply.remove(start, position);
    reply.took(position);
  }
  reply.holdPartial([
    ...spec.opens,
    ...(spec.dropTokens ?? []),
    ...(spec.close === undefined ? [] : [spec.close]),
  ]);
  return reply.reading();
}

// The next opening marker at or after `from`, of any of `opens`; the marker scan remembers each
// marker's next place, so the reply is searched once per marker in all.
function nextOpen(
  markers: MarkerScan,
  opens: readonly string[],
  from: number,
): { readonly start: number; readonly open: string } | undefined {
  let best: { start: number; open: string } | undefined;
  for (const open of opens) {
    const start = markers.find(open, from);
    if (start >= 0 && (best === undefined || start < best.start)) best = { start, open };
  }
  return best;
}

function readPayload(
  reply: Reply,
  spec: MarkedBlocks,
  at: { readonly from: number; readonly rawStart: number; readonly toCall: ToCall },
): PayloadOutcome {
  const next = skipSpace(reply.text, at.from);
  if (next >= reply.text.length) {
    reply.refuseCutOff(refusalReasons.cutOff, at.rawStart);
    return { kind: "cut-off" };
  }
  switch (spec.payload) {
    case "object":
      return readObjectCall(reply, at);
    case "array":
      return readArrayCalls(reply, at);
    case "objects":
      return readCallSequence(reply, at);
    case "object-or-array":
      return reply.text[next] === "[" ? readArrayCalls(reply, at) : readObjectCall(reply, at);
    case "objects-or-array":
      return reply.text[next] === "["
        ? readArrayCalls(reply, at)
        : readCallSequence(reply, at, ",");
  }
}

function blockEnd(
  reply: Reply,
  spec: MarkedBlocks,
  { start, payloadEnd }: { readonly start: number; readonly payloadEnd: number },
): number {
  if (spec.close === undefined) return payloadEnd;
  const text = reply.text;
  const next = skipSpace(text, payloadEnd);
  if (text.startsWith(spec.close, next)) return next + spec.close.length;
  // The text may still bring the closing marker: the block's extent is not settled (its calls are).
  if (text.length - next < spec.close.length && spec.close.startsWith(text.slice(next))) {
    reply.hold(start);
  }
  return payloadEnd;
}

// Where a block that is only text ends: after its JSON and closing marker when they are there, so
// the JSON's quotes are not read as prose and a block right after it is part of the same example.
function passBlock(reply: Reply, spec: MarkedBlocks, start: number, from: number): number {
  const scan = scanJsonValue(reply.text, from);
  if (scan.kind === "complete") return blockEnd(reply, spec, { start, payloadEnd: scan.end });
  // The JSON may still be coming: how far the example runs is not settled.
  if (scan.kind !== "absent") reply.hold(start);
  return from;
}

// The marker is there but no JSON follows: the model meant a call it did not write as one.
function refuseBlock(
  reply: Reply,
  spec: MarkedBlocks,
  markers: MarkerScan,
  { start, from }: { readonly start: number; readonly from: number },
): number {
  const text = reply.text;
  const close = spec.close === undefined ? -1 : markers.find(spec.close, from);
  const closed = close >= 0 ? close + (spec.close?.length ?? 0) : undefined;
  // Without a closing marker the block's extent is unknown: only the marker is removed.
  const end = closed ?? (spec.close === undefined ? from : text.length);
  const what = spec.payload === "array" ? "a JSON list of calls" : 'a JSON object {"name": …}';
  const open = spec.opens[0] ?? "";
  reply.refuse(
    refusalReasons.notJson(`${what} after ${open}`),
    start,
    closed ?? Math.min(text.length, from + 200),
  );
  if (closed === undefined && spec.close !== undefined) reply.open(start);
  return end;
}
