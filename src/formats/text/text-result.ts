import type { PositionRules } from "../reply/call-positions.js";
import { clipped, type Reading, Reply } from "../reply/reply.js";
import { MarkerScan } from "../tag-calls/marker-scan.js";
import type {
  FormatReadOptions,
  ParsedToolCall,
  RefusedToolCall,
  ToolCallFormatName,
} from "../tool-call-format.js";

export { type SpanMarkers, THINKING } from "../reply/call-positions.js";

/** @internal The reason given for a call the reply ends inside. */
export const CUT_OFF = "the reply ends inside this call (cut off?); send the complete call again";

/**
 * @internal A refused call, its raw text clipped to 500 characters.
 *
 * @example
 * ```ts
 * refusal(CUT_OFF, "<tool_call>\n<function=f>"); // { reason: CUT_OFF, raw: "<tool_call>\n<function=f>" }
 * ```
 */
export function refusal(reason: string, raw: string): RefusedToolCall {
  return clipped(reason, raw);
}

/**
 * @internal The calls and refusals read from one block's body. `settled`, for a block the text ends
 * inside, is where in the body the calls stop being final (the start of the cut call); without it,
 * nothing of such a block is final until it closes.
 *
 * @example
 * ```ts
 * const read: BlockRead = { calls: [], refused: [] };
 * ```
 */
export interface BlockRead {
  readonly calls: readonly ParsedToolCall[];
  readonly refused: readonly RefusedToolCall[];
  readonly settled?: number;
}

/**
 * @internal Reads one block's body; `closed` says the block's closing marker was found (without it,
 * the block runs to the end of the reply and may be cut off).
 *
 * @example
 * ```ts
 * const read: BlockReader = (body, closed) => ({ calls: [], refused: closed ? [] : [refusal(CUT_OFF, body)] });
 * ```
 */
export type BlockReader = (body: string, closed: boolean) => BlockRead;

/**
 * @internal Where a format's blocks are: their markers, and where a block may stand.
 *
 * @example
 * ```ts
 * const markers: BlockMarkers = { open: "<tool_call>", close: "</tool_call>" };
 * ```
 */
export interface BlockMarkers extends PositionRules {
  readonly open: string;
  readonly close: string;
}

/**
 * @internal Records a block `text[start, end)` whose body the reader read: its calls and refusals,
 * and the block cut out of the text. A block the text ends inside (`closed` false) is held open for
 * the streaming reader.
 *
 * @example
 * ```ts
 * recordBlock(reply, { start: 0, end: 20, closed: true }, read);
 * ```
 */
export function recordBlock(
  reply: Reply,
  block: { readonly start: number; readonly end: number; readonly closed: boolean },
  read: BlockRead,
): void {
  for (const call of read.calls) reply.accept(call, block.end);
  for (const refused of read.refused) reply.refuseAs(refused);
  reply.remove(block.start, block.end);
  reply.took(block.end);
  if (!block.closed) {
    reply.hold(block.start);
    reply.open(block.start);
  }
}

/**
 * @internal Reads every block between `markers` that stands where a call may, with `read`, and
 * assembles the format's reading: the shape most marker formats share. A block elsewhere (in a
 * quotation, a code example, reasoning) is text.
 *
 * @example
 * ```ts
 * readBlocks("rwkv", "Hi", { open: "<x>", close: "</x>" }, () => ({ calls: [], refused: [] })).result;
 * // { calls: [], text: "Hi", format: undefined, refused: [] }
 * ```
 */
export function readBlocks(
  format: ToolCallFormatName,
  text: string,
  markers: BlockMarkers & { readonly dropTokens?: readonly string[] },
  read: BlockReader,
  options?: FormatReadOptions,
): Reading {
  const reply = new Reply(text, format, markers, options);
  for (const token of markers.dropTokens ?? []) reply.removeAll(token);
  forEachBlock(reply, markers, (block) =>
    recordBlock(reply, block, read(block.body, block.closed)),
  );
  reply.holdPartial([markers.open, ...(markers.dropTokens ?? [])]);
  return reply.reading();
}

// Calls `visit` for each block between `markers` that stands where a call may, in reply order. A
// block without its closing marker runs to the end of the reply and ends the search.
function forEachBlock(
  reply: Reply,
  markers: { readonly open: string; readonly close: string },
  visit: (block: { start: number; end: number; body: string; closed: boolean }) => void,
): void {
  const text = reply.text;
  const scan = new MarkerScan(text);
  let from = reply.start;
  for (;;) {
    const start = scan.find(markers.open, from);
    if (start < 0) return;
    const bodyStart = start + markers.open.length;
    const where = reply.at(start);
    if (where === "reasoning") {
      from = Math.max(reply.reasoningEnd(), start + 1);
      continue;
    }
    const close = scan.find(markers.close, bodyStart);
    const end = close < 0 ? text.length : close + markers.close.length;
    if (where === "text") {
      // Only the marker is passed when the block never closes: a later one may still be a call.
      // (The closing marker may still come, so how far the text runs is not settled.)
      if (close < 0) reply.hold(start);
      const passed = close < 0 ? bodyStart : end;
      reply.passed(passed);
      from = passed;
      continue;
    }
    const body = text.slice(bodyStart, close < 0 ? text.length : close);
    visit({ start, end, body, closed: close >= 0 });
    if (close < 0) return;
    from = end;
  }
}

/**
 * @internal Finds the blocks between an opening and a closing marker inside a block's body (no
 * positions to check there). A block with no closing marker runs to the end and is read as possibly
 * cut off.
 *
 * @example
 * ```ts
 * markerBlocks("a<x>1</x>", { open: "<x>", close: "</x>" }); // [{ start: 1, end: 9, body: "1", closed: true }]
 * ```
 */
export function markerBlocks(
  text: string,
  markers: { readonly open: string; readonly close: string },
): { start: number; end: number; body: string; closed: boolean }[] {
  const blocks: { start: number; end: number; body: string; closed: boolean }[] = [];
  const scan = new MarkerScan(text);
  for (let from = 0; ; ) {
    const start = scan.find(markers.open, from);
    if (start < 0) return blocks;
    const bodyStart = start + markers.open.length;
    const close = scan.find(markers.close, bodyStart);
    if (close < 0) {
      blocks.push({ start, end: text.length, body: text.slice(bodyStart), closed: false });
      return blocks;
    }
    const end = close + markers.close.length;
    blocks.push({ start, end, body: text.slice(bodyStart, close), closed: true });
    from = end;
  }
}

/**
 * @internal The reader of a section whose body holds call blocks between `call.open` and
 * `call.close`, each read by `read`. Text between the blocks is refused, not dropped: the model
 * wrote something where only calls belong.
 *
 * @example
 * ```ts
 * const read = sectionCalls({ open: "<tool_call>", close: "</tool_call>" }, argPairCall(spelling));
 * read("<tool_call>f</tool_call>", true); // { calls: [{ name: "f", arguments: {} }], refused: [] }
 * ```
 */
export function sectionCalls(
  call: { readonly open: string; readonly close: string },
  read: BlockReader,
): BlockReader {
  return (body) => {
    const blocks = markerBlocks(body, call);
    const reads = blocks.map((block) => read(block.body, block.closed));
    const refused = reads.flatMap((entry) => entry.refused);
    const stray = outsideBlocks(body, blocks);
    if (stray !== "") {
      refused.push(refusal(`expected only ${call.open}…${call.close} blocks here`, stray));
    }
    return { calls: reads.flatMap((entry) => entry.calls), refused };
  };
}

// The text of `body` around the given blocks, trimmed.
function outsideBlocks(
  body: string,
  blocks: readonly { readonly start: number; readonly end: number }[],
): string {
  let rest = "";
  let at = 0;
  for (const block of blocks) {
    rest += body.slice(at, block.start);
    at = block.end;
  }
  return (rest + body.slice(at)).trim();
}
