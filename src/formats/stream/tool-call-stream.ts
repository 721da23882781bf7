import {
  autoFormats,
  namedFormat,
  type ParseToolCallsOptions,
  parseToolCalls,
} from "../parse-tool-calls.js";
import { type PositionState, rebaseState } from "../reply/call-positions.js";
import { KeptText } from "../reply/kept-text.js";
import type { Reading } from "../reply/reply.js";
import type { ParsedToolCall, ParsedToolCalls, ToolCallFormat } from "../tool-call-format.js";

/**
 * What the streaming reader yields: text as it settles, each call as soon as it is complete, and at
 * the end the whole reading, equal to what `parseToolCalls` returns for the whole reply.
 *
 * @example
 * ```ts
 * const event: ToolCallStreamEvent = { type: "text-delta", delta: "Let me check." };
 * ```
 */
export type ToolCallStreamEvent =
  | { readonly type: "text-delta"; readonly delta: string }
  | { readonly type: "tool-call"; readonly call: ParsedToolCall }
  | { readonly type: "finish"; readonly result: ParsedToolCalls };

// Each character received buys this much reading; a read costs the characters it reads again.
const BUDGET_PER_CHARACTER = 8;
// Reading this little again is always allowed: short replies and calls settle at once.
const FREE_READ = 512;

/**
 * Reads a reply chunk by chunk, with the same rules as `parseToolCalls`: {@link push} a chunk and
 * get the text that settled and the calls that completed, then {@link end} for the rest and the
 * whole reading. What has settled is never read again, and what has not is read again only within a
 * budget proportional to what arrived, so a reply of any length costs time linear in it. With
 * `format: "auto"` the format is the first (in detection order) to read a complete call; until then
 * text is handed out line by line, up to anything a format may still claim.
 *
 * @example
 * ```ts
 * const reader = new ToolCallStreamReader({ format: "hermes" });
 * reader.push('Let me check.\n<tool_call>{"name": "f", ');
 * reader.push('"arguments": {}}</tool_call>'); // [{ type: "tool-call", call: { name: "f", arguments: {} } }]
 * reader.end(); // [{ type: "finish", result: { calls: [...], text: "Let me check.", ... } }]
 * ```
 */
export class ToolCallStreamReader {
  private readonly options: ParseToolCallsOptions;
  private readonly chunks: string[] = [];
  // The text not settled yet; everything before it has been handed out and is never read again.
  private pending = "";
  // Each candidate format and where its reading resumes (one, once the format is known).
  private readonly candidates: { format: ToolCallFormat; positions: PositionState | undefined }[];
  private known = false;
  private readonly kept = new KeptText();
  private handed = 0;
  // Calls handed out from the pending text (they are read again, and skipped, next time).
  private pendingCalls = 0;
  private budget = 0;
  private ended = false;

  constructor(options: ParseToolCallsOptions = {}) {
    this.options = options;
    const wanted = options.format ?? "auto";
    this.known = wanted !== "auto";
    const formats = this.known ? [namedFormat(wanted)] : autoFormats();
    this.candidates = formats.map((format) => ({ format, positions: undefined }));
  }

  /** Reads one more chunk: the text that settled and the calls that completed with it. */
  push(chunk: string): ToolCallStreamEvent[] {
    if (this.ended) throw new TypeError("ToolCallStreamReader: push after end");
    if (chunk === "") return [];
    this.chunks.push(chunk);
    this.pending += chunk;
    this.budget += BUDGET_PER_CHARACTER * this.candidates.length * chunk.length;
    const cost = this.pending.length * this.candidates.length;
    if (this.pending.length > FREE_READ && cost > this.budget) return [];
    this.budget = Math.max(0, this.budget - cost);
    return this.known ? this.readKnown(false) : this.readCandidates(false);
  }

  /** The reply is complete: the rest of its text and calls, then the whole reading. */
  end(): ToolCallStreamEvent[] {
    if (this.ended) return [];
    this.ended = true;
    const events = this.known ? this.readKnown(true) : this.readCandidates(true);
    events.push({ type: "finish", result: parseToolCalls(this.chunks.join(""), this.options) });
    return events;
  }

  // With `"auto"`, before a format read a complete call: every candidate reads the pending text;
  // the first with a complete call becomes the reply's format. Otherwise the text that no candidate
  // may still claim is handed out, up to a line start where every candidate can resume.
  private readCandidates(final: boolean): ToolCallStreamEvent[] {
    const pending = this.pending;
    if (final) {
      const name = parseToolCalls(pending, this.options).format;
      const found = this.candidates.find((candidate) => candidate.format.name === name);
      if (found !== undefined) return this.settleOn(found, true);
      this.kept.add(pending);
      return this.textDelta(true);
    }
    const readings = this.candidates.map((candidate) => ({
      candidate,
      reading: candidate.format.read(pending, {
        scope: { from: 0, positions: candidate.positions, resumable: true, final: false },
      }),
    }));
    for (const { candidate, reading } of readings) {
      if (
        reading.callEnds.some((end) => end <= reading.openFrom) &&
        candidate.format.detect(pending)
      ) {
        return this.settleOn(candidate, false);
      }
    }
    let target = pending.length;
    for (const { reading } of readings) {
      target = Math.min(
        target,
        reading.holdFrom,
        reading.openFrom,
        reading.cuts[0]?.start ?? target,
      );
    }
    // A line start every candidate can resume from.
    let settle = pending.lastIndexOf("\n", target - 1) + 1;
    const states: (PositionState | undefined)[] = [];
    for (let lowered = true; lowered && settle > 0; ) {
      lowered = false;
      for (const [index, { reading }] of readings.entries()) {
        const state = reading.positions.stateAt(settle);
        states[index] = state;
        if ((state?.at ?? 0) < settle) {
          settle = state?.at ?? 0;
          lowered = true;
        }
      }
    }
    if (settle === 0) return [];
    this.kept.add(pending.slice(0, settle));
    for (const [index, candidate] of this.candidates.entries()) {
      candidate.positions = rebaseState(states[index] as PositionState, settle);
    }
    this.pending = pending.slice(settle);
    return this.textDelta(false);
  }

  private settleOn(
    candidate: { format: ToolCallFormat; positions: PositionState | undefined },
    final: boolean,
  ): ToolCallStreamEvent[] {
    this.candidates.splice(0, this.candidates.length, candidate);
    this.known = true;
    return this.readKnown(final);
  }

  private readKnown(final: boolean): ToolCallStreamEvent[] {
    const candidate = this.candidates[0] as (typeof this.candidates)[number];
    const pending = this.pending;
    const reading = candidate.format.read(pending, {
      cutOff: final
        ? { finishReason: this.options.finishReason, readOnly: this.options.readOnly }
        : undefined,
      scope: { from: 0, positions: candidate.positions, resumable: !final, final },
    });
    let settle = pending.length;
    let state: PositionState | undefined;
    if (!final) {
      let target = Math.min(reading.holdFrom, reading.openFrom, pending.length);
      for (const cut of reading.cuts)
        if (cut.start < target && cut.end > target) target = cut.start;
      state = reading.positions.stateAt(target);
      settle = state?.at ?? 0;
    }
    const events = this.handCalls(
      reading,
      final ? Number.POSITIVE_INFINITY : reading.openFrom,
      settle,
    );
    let cursor = 0;
    for (const cut of reading.cuts) {
      if (cut.start >= settle) break;
      if (cut.start > cursor) this.kept.add(pending.slice(cursor, cut.start));
      this.kept.cut(cut.break === true);
      cursor = Math.max(cursor, cut.end);
    }
    if (cursor < settle) this.kept.add(pending.slice(cursor, settle));
    events.push(...this.textDelta(final));
    if (state !== undefined && settle > 0) {
      candidate.positions = rebaseState(state, settle);
      this.pending = pending.slice(settle);
    }
    return events;
  }

  // The calls that ended where nothing can change them any more, not handed out yet; the ones that
  // end after `settle` will be read again next time.
  private handCalls(reading: Reading, open: number, settle: number): ToolCallStreamEvent[] {
    const events: ToolCallStreamEvent[] = [];
    let handed = 0;
    let reread = 0;
    for (const [index, call] of reading.result.calls.entries()) {
      const end = reading.callEnds[index] as number;
      if (end > open) break;
      handed += 1;
      if (end > settle) reread += 1;
      if (handed > this.pendingCalls) events.push({ type: "tool-call", call });
    }
    this.pendingCalls = reread;
    return events;
  }

  private textDelta(final: boolean): ToolCallStreamEvent[] {
    const text = final ? this.kept.finish() : this.kept.text;
    const delta = text.slice(this.handed);
    this.handed = text.length;
    return delta === "" ? [] : [{ type: "text-delta", delta }];
  }
}

/**
 * Reads the tool calls of a reply that arrives in chunks — from servers that leave the calls in the
 * text (llama.cpp, vLLM without a tool parser, Ollama's raw mode) — with the same rules as
 * `parseToolCalls`: yields the text as it settles, each call as soon as it is complete (and only
 * then), and a `finish` event with the whole reading. Time is linear in the reply's length: nothing
 * is read again per chunk beyond a bounded budget.
 *
 * @example
 * ```ts
 * import { parseToolCallsStream } from "toolwright/formats";
 * for await (const event of parseToolCallsStream(chunks, { format: "hermes" })) {
 *   if (event.type === "tool-call") console.log(event.call.name, event.call.arguments);
 * }
 * ```
 */
export async function* parseToolCallsStream(
  chunks: AsyncIterable<string>,
  options: ParseToolCallsOptions = {},
): AsyncGenerator<ToolCallStreamEvent> {
  const reader = new ToolCallStreamReader(options);
  for await (const chunk of chunks) yield* reader.push(chunk);
  yield* reader.end();
}
