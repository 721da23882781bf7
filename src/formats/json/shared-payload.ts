import type { CallReading } from "./shared-call-shape.js";
import { parseJson, scanJsonValue, skipSpace } from "./shared-json-scan.js";
import { type ReplyReader, refusalReasons } from "./shared-reply.js";

/**
 * How reading a payload ended: `read` up to `end`; `cut-off` (the reply ended inside it, already
 * refused); `absent` (no JSON where a call should start, nothing recorded).
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
 * recordCall(reader, { start: 11, end: 40 }, read);
 * ```
 */
export function recordCall(
  reader: ReplyReader,
  span: { readonly start: number; readonly end: number },
  read: ToCall,
): void {
  const parsed = parseJson(reader.text.slice(span.start, span.end));
  const reading: CallReading = parsed.ok
    ? read(parsed.value)
    : { reason: refusalReasons.invalidJson(parsed.message) };
  if ("call" in reading) reader.accept(reading.call);
  else reader.refuse(reading.reason, span.start, span.end);
}

/**
 * Reads one JSON object call at `at.from`.
 *
 * @example
 * ```ts
 * readObjectCall(reader, { from: 11, rawStart: 0, toCall: read });
 * ```
 */
export function readObjectCall(reader: ReplyReader, at: PayloadAt): PayloadOutcome {
  const scan = scanJsonValue(reader.text, at.from);
  if (scan.kind === "complete") {
    recordCall(reader, scan, at.toCall);
    return { kind: "read", end: scan.end };
  }
  if (scan.kind === "absent") return { kind: "absent", start: scan.start };
  reader.refuse(refusalReasons.cutOff, at.rawStart, reader.text.length);
  return { kind: "cut-off" };
}

/**
 * Reads a JSON list of call objects at `at.from`, element by element, so the complete calls before a
 * cut-off or malformed one are kept and only that one is refused.
 *
 * @example
 * ```ts
 * readArrayCalls(reader, { from: 13, rawStart: 0, toCall: read });
 * ```
 */
export function readArrayCalls(reader: ReplyReader, at: PayloadAt): PayloadOutcome {
  const text = reader.text;
  const open = skipSpace(text, at.from);
  if (open >= text.length) {
    reader.refuse(refusalReasons.cutOff, at.rawStart, text.length);
    return { kind: "cut-off" };
  }
  if (text[open] !== "[") return { kind: "absent", start: open };
  let position = skipSpace(text, open + 1);
  if (text[position] === "]") return { kind: "read", end: position + 1 };
  for (;;) {
    const scan = scanJsonValue(text, position);
    if (scan.kind === "end" || scan.kind === "cut-off") {
      const start = scan.kind === "cut-off" ? scan.start : at.rawStart;
      reader.refuse(refusalReasons.cutOff, start, text.length);
      return { kind: "cut-off" };
    }
    if (scan.kind === "absent") {
      reader.refuse(refusalReasons.notJson("a call object in the list"), scan.start, text.length);
      return { kind: "read", end: text.length };
    }
    recordCall(reader, scan, at.toCall);
    position = skipSpace(text, scan.end);
    if (text[position] === ",") {
      position += 1;
      continue;
    }
    if (text[position] === "]") return { kind: "read", end: position + 1 };
    if (position >= text.length) {
      reader.refuse(refusalReasons.listCutOff, at.rawStart, text.length);
      return { kind: "cut-off" };
    }
    reader.refuse(refusalReasons.notJson('"," or "]" after a call'), position, text.length);
    return { kind: "read", end: text.length };
  }
}

/**
 * Reads call objects one after the other (white space between them, or `separator`), as MiniMax's
 * one-per-line and Llama's `;`-separated calls.
 *
 * @example
 * ```ts
 * readCallSequence(reader, { from: 0, rawStart: 0, toCall: read }, ";");
 * ```
 */
export function readCallSequence(
  reader: ReplyReader,
  at: PayloadAt,
  separator?: string,
): PayloadOutcome {
  const text = reader.text;
  const first = readObjectCall(reader, at);
  if (first.kind !== "read") return first;
  let end = first.end;
  for (;;) {
    let next = skipSpace(text, end);
    const separated = separator !== undefined && text.startsWith(separator, next);
    if (separated) next = skipSpace(text, next + (separator?.length ?? 0));
    if (separated && next >= text.length) {
      reader.refuse(refusalReasons.listCutOff, at.rawStart, text.length);
      return { kind: "cut-off" };
    }
    if (text[next] !== "{") return { kind: "read", end };
    const outcome = readObjectCall(reader, { ...at, from: next, rawStart: next });
    if (outcome.kind !== "read") return outcome;
    end = outcome.end;
  }
}
