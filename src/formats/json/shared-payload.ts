import type { Reply } from "../reply/reply.js";
import { type CallReading, withClosedBrackets } from "./shared-call-shape.js";
import { parseJson, parseJsonSpan, scanJsonValue, skipSpace } from "./shared-json-scan.js";
import { refusalReasons } from "./shared-reply.js";

/**
 * How reading a payload ended: `read` up to `end`; `cut-off` (the reply ended inside it, already
 * refused or closed); `absent` (no JSON where a call should start, nothing recorded).
 *
 * @example
 * ```ts
 * const outcome: PayloadOutcome = { kind: "read", end: 42 };
 * ```
 */
export type PayloadOutcome =
  | { readonly kind: "read"; readonly end: number }
  | { readonly kind: "cut-off" }
  | { readonly kind: "absent"; readonly start: number };

/**
 * Reads one format's call object from a parsed JSON value.
 *
 * @example
 * ```ts
 * const read: ToCall = (value) => toCall(value, nameAndArguments);
 * ```
 */
export type ToCall = (value: unknown) => CallReading;

/**
 * Where a payload starts (`from`), where its call's text starts for refusals (`rawStart`, usually the
 * opening marker) and how to read each call.
 *
 * @example
 * ```ts
 * const at: PayloadAt = { from: 11, rawStart: 0, toCall: (value) => toCall(value, nameAndArguments) };
 * ```
 */
export interface PayloadAt {
  readonly from: number;
  readonly rawStart: number;
  readonly toCall: ToCall;
}

/**
 * Reads the complete JSON value `[start, end)` as one call and records it (or its refusal).
 *
 * @example
 * ```ts
 * recordCall(reply, { start: 11, end: 40 }, read);
 * ```
 */
export function recordCall(
  reply: Reply,
  span: { readonly start: number; readonly end: number },
  read: ToCall,
): void {
  const parsed = parseJsonSpan(reply.text, span.start, span.end);
  const reading: CallReading = parsed.ok
    ? read(parsed.value)
    : { reason: refusalReasons.invalidJson(parsed.message) };
  if ("call" in reading) reply.accept(reading.call, span.end);
  else reply.refuse(reading.reason, span.start, span.end);
}

/**
 * The reply ends inside the JSON value at `start`. When only closing brackets are missing after a
 * whole inner value and the caller's finish reason allows it, the value is closed and read;
 * otherwise the call is refused as cut off.
 *
 * @example
 * ```ts
 * readCutOffValue(reply, { start: 11, closing: "}}" }, { rawStart: 0, toCall: read });
 * ```
 */
export function readCutOffValue(
  reply: Reply,
  scan: { readonly start: number; readonly closing?: string | undefined },
  at: { readonly rawStart: number; readonly toCall: ToCall; readonly reason?: string },
  outer = "",
): void {
  const { closing } = scan;
  if (closing !== undefined && reply.closesCutOff()) {
    const parsed = parseJson(reply.text.slice(scan.start) + closing);
    const reading = parsed.ok ? at.toCall(parsed.value) : undefined;
    if (reading !== undefined && "call" in reading) {
      reply.accept(withClosedBrackets(reading.call, closing + outer), reply.text.length);
      return;
    }
  }
  reply.refuseCutOff(at.reason ?? refusalReasons.cutOff, at.rawStart);
}

/**
 * Reads one JSON object call at `at.from`.
 *
 * @example
 * ```ts
 * readObjectCall(reply, { from: 11, rawStart: 0, toCall: read });
 * ```
 */
export function readObjectCall(reply: Reply, at: PayloadAt): PayloadOutcome {
  const scan = scanJsonValue(reply.text, at.from);
  if (scan.kind === "complete") {
    recordCall(reply, scan, at.toCall);
    return { kind: "read", end: scan.end };
  }
  if (scan.kind === "absent") return { kind: "absent", start: scan.start };
  if (scan.kind === "cut-off") readCutOffValue(reply, scan, at);
  else reply.refuseCutOff(refusalReasons.cutOff, at.rawStart);
  return { kind: "cut-off" };
}

/**
 * Reads a JSON list of call objects at `at.from`, element by element, so the complete calls before a
 * cut-off or malformed one are kept and only that one is refused.
 *
 * @example
 * ```ts
 * readArrayCalls(reply, { from: 13, rawStart: 0, toCall: read });
 * ```
 */
export function readArrayCalls(reply: Reply, at: PayloadAt): PayloadOutcome {
  const text = reply.text;
  const open = skipSpace(text, at.from);
  if (open >= text.length) {
    reply.refuseCutOff(refusalReasons.cutOff, at.rawStart);
    return { kind: "cut-off" };
  }
  if (text[open] !== "[") return { kind: "absent", start: open };
  let position = skipSpace(text, open + 1);
  if (text[position] === "]") return { kind: "read", end: position + 1 };
  for (;;) {
    const scan = scanJsonValue(text, position);
    if (scan.kind === "end") {
      reply.refuseCutOff(refusalReasons.cutOff, at.rawStart, scan.start);
      return { kind: "cut-off" };
    }
    if (scan.kind === "cut-off") {
      // The list's own "]" is one more closing bracket of the same cut.
      readCutOffValue(reply, scan, { ...at, rawStart: scan.start }, "]");
      return { kind: "cut-off" };
    }
    if (scan.kind === "absent") {
      reply.refuse(refusalReasons.notJson("a call object in the list"), scan.start, text.length);
      return { kind: "read", end: text.length };
    }
    recordCall(reply, scan, at.toCall);
    position = skipSpace(text, scan.end);
    if (text[position] === ",") {
      position += 1;
      continue;
    }
    if (text[position] === "]") return { kind: "read", end: position + 1 };
    if (position >= text.length) {
      // The list stopped right after a whole call: the call is complete; whether more were coming
      // is what the finish reason says.
      if (!reply.closesCutOff()) {
        reply.refuseCutOff(refusalReasons.listCutOff, at.rawStart, position);
      }
      return { kind: "cut-off" };
    }
    reply.refuse(refusalReasons.notJson('"," or "]" after a call'), position, text.length);
    return { kind: "read", end: text.length };
  }
}

/**
 * Reads call objects one after the other (white space between them, or `separator`), as MiniMax's
 * one-per-line and Llama's `;`-separated calls.
 *
 * @example
 * ```ts
 * readCallSequence(reply, { from: 0, rawStart: 0, toCall: read }, ";");
 * ```
 */
export function readCallSequence(reply: Reply, at: PayloadAt, separator?: string): PayloadOutcome {
  const text = reply.text;
  const first = readObjectCall(reply, at);
  if (first.kind !== "read") return first;
  let end = first.end;
  for (;;) {
    let next = skipSpace(text, end);
    const separated = separator !== undefined && text.startsWith(separator, next);
    if (separated) next = skipSpace(text, next + (separator?.length ?? 0));
    if (separated && next >= text.length) {
      reply.refuseCutOff(refusalReasons.listCutOff, at.rawStart, end);
      return { kind: "cut-off" };
    }
    // While the text may go on, white space at its end may still be followed by another call.
    if (next >= text.length) reply.hold(at.rawStart);
    if (text[next] !== "{") return { kind: "read", end };
    const outcome = readObjectCall(reply, { ...at, from: next, rawStart: next });
    if (outcome.kind !== "read") return outcome;
    end = outcome.end;
  }
}
