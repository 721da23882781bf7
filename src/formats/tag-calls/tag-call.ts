import { type BlockReader, CUT_OFF, refusal } from "../text/text-result.js";
import type { ParsedToolCall } from "../tool-call-format.js";
import { MarkerScan } from "./marker-scan.js";

/**
 * @internal Why a call cannot be read. `runsOut` says the text ended before the call was complete:
 * `"call"` when the call's own text did (cut off if nothing closes the call, malformed otherwise),
 * `"reply"` when the reply itself ends inside the call.
 *
 * @example
 * ```ts
 * const miss: CallMiss = { reason: 'the parameter "city" is not closed with </parameter>', runsOut: "call" };
 * ```
 */
export interface CallMiss {
  readonly reason: string;
  readonly runsOut?: "call" | "reply";
  /** Where the refused call's text was read up to (a JSON value may hold the end marker). */
  readonly readTo?: number;
  /** The JSON value the reply ends inside, with the brackets that would close it, if any. */
  readonly cutValue?: {
    readonly name: string;
    readonly start: number;
    readonly closing?: string | undefined;
  };
}

/**
 * @internal A call's head, read from its opening marker: the name, the id when the format writes
 * one, and where the arguments start.
 *
 * @example
 * ```ts
 * const head: CallHead = { name: "get_weather", end: 22 };
 * ```
 */
export interface CallHead {
  readonly name: string;
  readonly id?: string;
  readonly end: number;
}

/**
 * @internal A call's arguments and where the call's text ends (after its closing marker).
 *
 * @example
 * ```ts
 * const read: ArgumentsRead = { value: { city: "Paris" }, end: 80 };
 * ```
 */
export interface ArgumentsRead {
  readonly value: ParsedToolCall["arguments"];
  readonly end: number;
}

/**
 * @internal How a format writes one call between its markers: how the head (opening marker, name)
 * is read from the call's position, and how the arguments are read from the head's end through the
 * marker that closes the call. Everything else — where calls may stand, cut-off replies, refusals —
 * is the shared reader's.
 *
 * @example
 * ```ts
 * const qwen: TagCallSyntax = { head: readFunctionHead, arguments: argumentPairs(qwenParameters) };
 * ```
 */
export interface TagCallSyntax {
  /** Reads the call that starts at `at`; `end` bounds the call's own text (its closing marker). */
  readonly head: (scan: MarkerScan, at: number, end: number) => CallHead | CallMiss;
  readonly arguments: (scan: MarkerScan, from: number, name: string) => ArgumentsRead | CallMiss;
}

/**
 * @internal A {@link CallMiss}; `runsOut` true when the call's text ended before it was complete.
 *
 * @example
 * ```ts
 * callMiss("the call has no name"); // { reason: "the call has no name" }
 * ```
 */
export function callMiss(reason: string, runsOut = false): CallMiss {
  return runsOut ? { reason, runsOut: "call" } : { reason };
}

/**
 * @internal Reads the call of `syntax` that starts at `at`: the call and where its text ends, or why
 * it cannot be read.
 *
 * @example
 * ```ts
 * readTagCall(new MarkerScan('<invoke name="f"></invoke>'), 0, invokeSyntax);
 * // { call: { name: "f", arguments: {} }, end: 26 }
 * ```
 */
export function readTagCall(
  scan: MarkerScan,
  at: number,
  syntax: TagCallSyntax,
  end = scan.text.length,
): { readonly call: ParsedToolCall; readonly end: number } | CallMiss {
  const head = syntax.head(scan, at, end);
  if ("reason" in head) return head;
  const args = syntax.arguments(scan, head.end, head.name);
  if ("reason" in args) return args;
  const call: ParsedToolCall =
    head.id === undefined
      ? { name: head.name, arguments: args.value }
      : { name: head.name, arguments: args.value, id: head.id };
  return { call, end: args.end };
}

/**
 * @internal The reader of blocks that hold calls of `syntax` one after the other: a call is read only
 * where the previous one ended (white space between them), never searched for. The first text that
 * is not a call is refused with the rest of the block, and reading stops; a call the text ends inside
 * is cut off only when the block's closing marker is missing (`closed` false).
 *
 * @example
 * ```ts
 * tagCalls(invokeSyntax)('<invoke name="f"></invoke>', true);
 * // { calls: [{ name: "f", arguments: {} }], refused: [] }
 * ```
 */
export function tagCalls(syntax: TagCallSyntax): BlockReader {
  return (body, closed) => {
    const scan = new MarkerScan(body);
    const calls: ParsedToolCall[] = [];
    let at = scan.skipSpace(0);
    while (at < body.length) {
      const read = readTagCall(scan, at, syntax);
      if ("reason" in read) {
        const cutOff = read.runsOut === "reply" || (read.runsOut === "call" && !closed);
        return { calls, refused: [refusal(cutOff ? CUT_OFF : read.reason, body.slice(at))] };
      }
      calls.push(read.call);
      at = scan.skipSpace(read.end);
    }
    return { calls, refused: [] };
  };
}

/**
 * @internal The reader of blocks that are one call of `syntax`, which only the block's closing marker
 * completes: without it, more arguments may have been coming, so the call is cut off. A refusal
 * carries the whole block.
 *
 * @example
 * ```ts
 * blockCall(glmSyntax)("f<arg_key>a</arg_key><arg_value>1</arg_value>", true);
 * // { calls: [{ name: "f", arguments: { a: "1" } }], refused: [] }
 * ```
 */
export function blockCall(syntax: TagCallSyntax): BlockReader {
  return (body, closed) => {
    if (!closed) return { calls: [], refused: [refusal(CUT_OFF, body)] };
    const read = readTagCall(new MarkerScan(body), 0, syntax);
    if ("reason" in read) return { calls: [], refused: [refusal(read.reason, body)] };
    return { calls: [read.call], refused: [] };
  };
}
