import type {
  ParsedToolCall,
  ParsedToolCalls,
  RefusedToolCall,
  ToolCallFormatName,
} from "../tool-call-format.js";

/** @internal The reason given for a call the reply ends inside. */
export const CUT_OFF = "the reply ends inside this call (cut off?); send the complete call again";

const MAX_RAW = 500;

/**
 * @internal A refused call, its raw text clipped to 500 characters.
 *
 * @example
 * ```ts
 * refusal(CUT_OFF, "<tool_call>\n<function=f>"); // { reason: CUT_OFF, raw: "<tool_call>\n<function=f>" }
 * ```
 */
export function refusal(reason: string, raw: string): RefusedToolCall {
  return { reason, raw: raw.length > MAX_RAW ? raw.slice(0, MAX_RAW) : raw };
}

/**
 * @internal A span of the reply that holds calls: it is cut out of `text`, and its calls and
 * refusals are reported in reply order.
 *
 * @example
 * ```ts
 * const block: CallBlock = { start: 0, end: 10, calls: [], refused: [] };
 * ```
 */
export interface CallBlock {
  readonly start: number;
  readonly end: number;
  readonly calls: readonly ParsedToolCall[];
  readonly refused: readonly RefusedToolCall[];
}

/**
 * @internal Assembles a format's result from the blocks it found: the text is the reply without
 * the blocks, trimmed; the format is named only when a block holds a call or a refusal.
 *
 * @example
 * ```ts
 * buildResult("glm45", "Hi", []); // { calls: [], text: "Hi", format: undefined, refused: [] }
 * ```
 */
export function buildResult(
  format: ToolCallFormatName,
  text: string,
  blocks: readonly CallBlock[],
): ParsedToolCalls {
  const calls: ParsedToolCall[] = [];
  const refused: RefusedToolCall[] = [];
  let remaining = "";
  let at = 0;
  for (const block of blocks) {
    remaining += text.slice(at, block.start);
    at = block.end;
    calls.push(...block.calls);
    refused.push(...block.refused);
  }
  remaining += text.slice(at);
  const found = calls.length > 0 || refused.length > 0;
  return { calls, text: remaining.trim(), format: found ? format : undefined, refused };
}

/**
 * @internal The calls and refusals read from one block's body.
 *
 * @example
 * ```ts
 * const read: BlockRead = { calls: [], refused: [] };
 * ```
 */
export interface BlockRead {
  readonly calls: readonly ParsedToolCall[];
  readonly refused: readonly RefusedToolCall[];
}

/**
 * @internal Pairs of markers around spans of a reply that hold no calls (reasoning).
 *
 * @example
 * ```ts
 * const skip: SpanMarkers = [["<think>", "</think>"]];
 * ```
 */
export type SpanMarkers = readonly (readonly [open: string, close: string])[];

/**
 * @internal The reasoning span most models write, `<think>…</think>`: a call written in it is the
 * model thinking about a call, not making one.
 *
 * @example
 * ```ts
 * markerBlocks(reply, { open: "<tool_call>", close: "</tool_call>", skip: THINKING });
 * ```
 */
export const THINKING: SpanMarkers = [["<think>", "</think>"]];

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
 * @internal Reads every block between `markers` with `read` and assembles the format's result: the
 * shape most marker formats share.
 *
 * @example
 * ```ts
 * readBlocks("rwkv", "Hi", { open: "<x>", close: "</x>" }, () => ({ calls: [], refused: [] }));
 * // { calls: [], text: "Hi", format: undefined, refused: [] }
 * ```
 */
export function readBlocks(
  format: ToolCallFormatName,
  text: string,
  markers: { open: string; close: string; skip?: SpanMarkers },
  read: BlockReader,
): ParsedToolCalls {
  const blocks = markerBlocks(text, markers).map((block) => ({
    start: block.start,
    end: block.end,
    ...read(block.body, block.closed),
  }));
  return buildResult(format, text, blocks);
}

/**
 * @internal Finds the blocks between an opening and a closing marker, skipping reasoning spans
 * (`<think>…</think>` and the like) where a model may only be talking about calls. A block with no
 * closing marker runs to the end of the reply and is read as possibly cut off.
 *
 * @example
 * ```ts
 * markerBlocks("a<x>1</x>", { open: "<x>", close: "</x>" }); // [{ start: 1, end: 9, body: "1", closed: true }]
 * ```
 */
export function markerBlocks(
  text: string,
  markers: { open: string; close: string; skip?: SpanMarkers },
): { start: number; end: number; body: string; closed: boolean }[] {
  const blocks: { start: number; end: number; body: string; closed: boolean }[] = [];
  const skipped = skipSpans(text, markers.skip ?? []);
  // Blocks are found in reply order, so the spans before the last block never matter again.
  let span = 0;
  let from = 0;
  for (;;) {
    const start = text.indexOf(markers.open, from);
    if (start < 0) return blocks;
    while (span < skipped.length && (skipped[span] as [number, number])[1] <= start) span += 1;
    const inside = skipped[span];
    if (inside !== undefined && inside[0] <= start) {
      from = inside[1];
      continue;
    }
    const bodyStart = start + markers.open.length;
    const close = text.indexOf(markers.close, bodyStart);
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
 * @internal The spans of `text` between each pair of markers (reasoning a model may write calls in),
 * in reply order; an unclosed span runs to the end.
 *
 * @example
 * ```ts
 * skipSpans("a<think>b</think>", [["<think>", "</think>"]]); // [[1, 17]]
 * ```
 */
export function skipSpans(text: string, pairs: SpanMarkers): [number, number][] {
  const spans: [number, number][] = [];
  for (const [open, close] of pairs) {
    let from = 0;
    for (;;) {
      const start = text.indexOf(open, from);
      if (start < 0) break;
      const closeAt = text.indexOf(close, start + open.length);
      const end = closeAt < 0 ? text.length : closeAt + close.length;
      spans.push([start, end]);
      from = end;
    }
  }
  return pairs.length > 1 ? spans.sort((a, b) => a[0] - b[0]) : spans;
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
