import type {
  FormatReadOptions,
  ParsedToolCall,
  ParsedToolCalls,
  RefusedToolCall,
  ToolCallFormatName,
} from "../tool-call-format.js";
import {
  CallPositions,
  type PositionRules,
  type PositionState,
  type SpanMarkers,
  THINKING,
} from "./call-positions.js";
import { type Cut, keptText } from "./kept-text.js";
import { find, take } from "./text-search.js";
import { countWork } from "./work-meter.js";

const RAW_LIMIT = 500;

/**
 * What the caller knows about how the reply ended, for the one cut-off the text alone cannot
 * judge: a JSON value whose closing brackets are all that is missing after a whole inner value.
 *
 * @example
 * ```ts
 * const options: CutOffOptions = { finishReason: "length" };
 * ```
 */
export interface CutOffOptions {
  /**
   * Why the model stopped, as the provider reported it: `"stop"` or `"tool-calls"` let such a value
   * be closed; `"length"` (and anything else) never does.
   */
  readonly finishReason?: string | undefined;
  /**
   * Without a finish reason, close such a value only when a wrong run is harmless: the calls go to
   * read-only activities.
   */
  readonly readOnly?: boolean | undefined;
}

/**
 * @internal Where one read starts: the whole reply (`from` 0), or, for the streaming reader, a later
 * position and the scanner's state there.
 *
 * @example
 * ```ts
 * const scope: ReadScope = { from: 0 };
 * ```
 */
export interface ReadScope {
  readonly from: number;
  readonly positions?: PositionState | undefined;
  /** Keep the scanner's resume points (the stream reads on from them). */
  readonly resumable?: boolean | undefined;
  /** False while the text may still go on: a cut-off value is then never closed. */
  readonly final?: boolean | undefined;
}

/**
 * @internal One format's reading of a reply: its calls, each with where its text ends, its refusals,
 * the markup to leave out of the text, and, for a text that may still go on, the first position
 * whose calls could still change (`openFrom`: a call the text ends inside) and the first whose text
 * could (`holdFrom`: a block that may still grow, a marker not yet whole).
 *
 * @example
 * ```ts
 * const reading: Reading = reply.reading();
 * ```
 */
export interface Reading {
  readonly result: ParsedToolCalls;
  readonly callEnds: readonly number[];
  readonly cuts: readonly Cut[];
  readonly openFrom: number;
  readonly holdFrom: number;
  readonly positions: CallPositions;
}

/**
 * @internal Collects what one format reads from a reply — calls, refusals and the spans of markup to
 * remove — and answers where a call may stand ({@link Reply.at}). Every format reads through one.
 *
 * @example
 * ```ts
 * const reply = new Reply("Hi <x>", "hermes", {});
 * reply.remove(3, 6);
 * reply.result(); // { calls: [], text: "Hi", format: undefined, refused: [] }
 * ```
 */
export class Reply {
  readonly text: string;
  readonly start: number;
  readonly format: ToolCallFormatName;
  readonly positions: CallPositions;
  private readonly reasoning: SpanMarkers;
  private readonly cutOff: CutOffOptions;
  private readonly final: boolean;
  private readonly calls: ParsedToolCall[] = [];
  private readonly callEnds: number[] = [];
  private readonly refused: RefusedToolCall[] = [];
  private readonly cuts: Cut[] = [];
  private openFrom = Number.POSITIVE_INFINITY;
  private holdFrom = Number.POSITIVE_INFINITY;

  constructor(
    text: string,
    format: ToolCallFormatName,
    rules: PositionRules,
    options: FormatReadOptions = {},
  ) {
    this.text = text;
    this.format = format;
    this.start = options.scope?.from ?? 0;
    this.reasoning = rules.reasoning ?? THINKING;
    this.cutOff = options.cutOff ?? {};
    this.final = options.scope?.final ?? true;
    this.positions = new CallPositions(text, rules, {
      from: options.scope?.positions,
      resumable: options.scope?.resumable,
    });
  }

  /** What a marker at `index` is (see {@link CallPositions.check}); indexes must not decrease. */
  at(index: number): "call" | "text" | "reasoning" {
    return this.positions.check(index);
  }

  /** Where the reasoning span the last {@link at} fell in ends. */
  reasoningEnd(): number {
    return this.positions.reasoningEnd();
  }

  /** The reader took `text[…, end)` as a block of calls (read or refused). */
  took(end: number): void {
    this.positions.block(end, true);
  }

  /** `text[…, end)` only looked like a block of calls: it is text (an example, a quotation). */
  passed(end: number): void {
    this.positions.block(end, false);
  }

  /** True when a JSON value cut after a whole inner value may be closed (see {@link CutOffOptions}). */
  closesCutOff(): boolean {
    if (!this.final) return false;
    const { finishReason, readOnly } = this.cutOff;
    if (finishReason === undefined) return readOnly === true;
    return finishReason === "stop" || finishReason === "tool-calls";
  }

  /** Removes every `token` outside reasoning spans (end-of-turn and template tokens). */
  removeAll(token: string): void {
    const spans = reasoningSpans(this.text, this.reasoning, this.start);
    let span = 0;
    for (let at = find(this.text, token, this.start); at >= 0; ) {
      while (span < spans.length && (spans[span] as [number, number])[1] <= at) span += 1;
      const inside = spans[span];
      if (inside !== undefined && inside[0] <= at) {
        at = find(this.text, token, inside[1]);
        continue;
      }
      this.remove(at, at + token.length);
      at = find(this.text, token, at + token.length);
    }
  }

  /**
   * Marks `text[start, end)` as markup or call text, left out of the result's `text`; `isBreak` when
   * it also separates the text around it as paragraphs.
   */
  remove(start: number, end: number, isBreak = false): void {
    if (end > start) this.cuts.push(isBreak ? { start, end, break: true } : { start, end });
  }

  /** Records a complete call whose text ends at `end`. */
  accept(call: ParsedToolCall, end: number): void {
    this.calls.push(call);
    this.callEnds.push(end);
  }

  /** Records a refused call whose text is `text[start, end)`. */
  refuse(reason: string, start: number, end: number): void {
    this.refused.push(clipped(reason, take(this.text, start, Math.min(end, start + RAW_LIMIT))));
  }

  /** Records a refusal as given (a block reader's). */
  refuseAs(refusal: RefusedToolCall): void {
    this.refused.push(refusal);
  }

  /**
   * The text ends inside a block that starts at `start`: it is refused, and while the text may still
   * go on, no call ending after `openFrom` is settled (the calls before it in the block are).
   */
  refuseCutOff(reason: string, start: number, openFrom = start): void {
    this.refuse(reason, start, this.text.length);
    this.open(openFrom);
    this.hold(start);
  }

  /** While the text may still go on, no call ending after `from` is settled. */
  open(from: number): void {
    if (from < this.openFrom) this.openFrom = from;
  }

  /**
   * While the text may still go on, its last characters may be the start of one of `tokens` (a
   * marker, a template token): nothing from there on is settled.
   */
  holdPartial(tokens: readonly string[]): void {
    const text = this.text;
    for (const token of tokens) {
      const longest = Math.min(token.length - 1, text.length - this.start);
      for (let length = longest; length > 0; length -= 1) {
        if (text.endsWith(token.slice(0, length))) {
          this.hold(text.length - length);
          break;
        }
      }
    }
  }

  /** While the text may still go on, the text from `from` on is not settled (its calls may be). */
  hold(from: number): void {
    if (from < this.holdFrom) this.holdFrom = from;
  }

  result(): ParsedToolCalls {
    const found = this.calls.length > 0 || this.refused.length > 0;
    return {
      calls: this.calls,
      text: this.remainingText(),
      format: found ? this.format : undefined,
      refused: this.refused,
    };
  }

  /** The result with what the streaming reader needs: where calls end, the cuts, the open part. */
  reading(): Reading {
    return {
      result: this.result(),
      callEnds: this.callEnds,
      cuts: this.sortedCuts(),
      openFrom: this.openFrom,
      holdFrom: Math.min(this.holdFrom, this.openFrom),
      positions: this.positions,
    };
  }

  private sortedCuts(): Cut[] {
    countWork(this.cuts.length + 1);
    return [...this.cuts].sort((a, b) => a.start - b.start);
  }

  private remainingText(): string {
    return keptText(this.text, this.start, this.sortedCuts());
  }
}

/**
 * @internal A refused call, its reason and its raw text clipped to 500 characters.
 *
 * @example
 * ```ts
 * clipped("cut off", "<tool_call>"); // { reason: "cut off", raw: "<tool_call>" }
 * ```
 */
export function clipped(reason: string, raw: string): RefusedToolCall {
  return { reason, raw: raw.length > RAW_LIMIT ? raw.slice(0, RAW_LIMIT) : raw };
}

// The reasoning spans of `text[from…]`, in reply order; an unclosed span runs to the end.
function reasoningSpans(text: string, pairs: SpanMarkers, from: number): [number, number][] {
  const spans: [number, number][] = [];
  for (const [open, close] of pairs) {
    let at = from;
    for (;;) {
      const start = find(text, open, at);
      if (start < 0) break;
      const closeAt = find(text, close, start + open.length);
      const end = closeAt < 0 ? text.length : closeAt + close.length;
      spans.push([start, end]);
      at = end;
    }
  }
  return pairs.length > 1 ? spans.sort((a, b) => a[0] - b[0]) : spans;
}
