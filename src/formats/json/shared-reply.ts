import type {
  ParsedToolCall,
  ParsedToolCalls,
  RefusedToolCall,
  ToolCallFormatName,
} from "../tool-call-format.js";

const RAW_LIMIT = 500;

/**
 * Refusal reasons shared by the JSON-between-markers formats, worded for the model that wrote the call.
 *
 * @example
 * ```ts
 * refusalReasons.cutOff; // "the reply ends inside a call (cut off?); send the call again, complete"
 * ```
 */
export const refusalReasons = {
  cutOff: "the reply ends inside a call (cut off?); send the call again, complete",
  listCutOff:
    "the reply ends inside the list of calls (cut off?); send the calls that are missing again",
  invalidJson: (message: string) =>
    `the call is not valid JSON (${message}); send it again as standard JSON`,
  notJson: (expected: string) => `expected ${expected} here; send the call again in that form`,
} as const;

/**
 * Collects what one format reads from a reply: the calls, the refusals and the spans of markup to
 * remove, then builds the {@link ParsedToolCalls} result. Markers inside `<think>…</think>` are
 * reasoning, not calls, so {@link ReplyReader.find} skips them.
 *
 * @example
 * ```ts
 * const reader = new ReplyReader("Hi <x>", "hermes");
 * reader.remove(3, 6);
 * reader.result(); // { calls: [], text: "Hi", format: undefined, refused: [] }
 * ```
 */
export class ReplyReader {
  readonly text: string;
  private readonly format: ToolCallFormatName;
  private readonly calls: ParsedToolCall[] = [];
  private readonly refused: RefusedToolCall[] = [];
  private readonly cuts: Array<readonly [number, number]> = [];
  private readonly thinking: Array<readonly [number, number]>;

  constructor(text: string, format: ToolCallFormatName) {
    this.text = text;
    this.format = format;
    this.thinking = thinkingSpans(text);
  }

  /** The index of the next `marker` at or after `from` that is not inside a thinking block, or -1. */
  find(marker: string, from: number): number {
    let index = this.text.indexOf(marker, from);
    while (index >= 0) {
      const span = this.thinkingAt(index);
      if (span === undefined) return index;
      index = this.text.indexOf(marker, span[1]);
    }
    return -1;
  }

  /** The `<think>…</think>` span holding `index`, if any. */
  thinkingAt(index: number): readonly [number, number] | undefined {
    return this.thinking.find(([start, end]) => index >= start && index < end);
  }

  /** Removes every `token` outside thinking blocks (end-of-turn and section tokens). */
  removeAll(token: string): void {
    for (
      let index = this.find(token, 0);
      index >= 0;
      index = this.find(token, index + token.length)
    )
      this.remove(index, index + token.length);
  }

  /** Marks `text[start, end)` as markup or call text, left out of the result's `text`. */
  remove(start: number, end: number): void {
    if (end > start) this.cuts.push([start, end]);
  }

  accept(call: ParsedToolCall): void {
    this.calls.push(call);
  }

  /** Records a refused call whose text is `text[start, end)`. */
  refuse(reason: string, start: number, end: number): void {
    const raw = this.text.slice(start, end);
    this.refused.push({ reason, raw: raw.length > RAW_LIMIT ? raw.slice(0, RAW_LIMIT) : raw });
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

  private remainingText(): string {
    const cuts = [...this.cuts].sort((a, b) => a[0] - b[0]);
    let kept = "";
    let position = 0;
    for (const [start, end] of cuts) {
      if (start > position) {
        const gap = this.text.slice(position, start);
        // White space between two removed calls belongs to the call block, not to the text.
        if (!(position > 0 && gap.trim() === "")) kept += gap;
      }
      position = Math.max(position, end);
    }
    return (kept + this.text.slice(position)).trim();
  }
}

function thinkingSpans(text: string): Array<readonly [number, number]> {
  const spans: Array<readonly [number, number]> = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf("<think>", from);
    if (start < 0) return spans;
    const close = text.indexOf("</think>", start);
    const end = close < 0 ? text.length : close + "</think>".length;
    spans.push([start, end]);
    from = end;
  }
}
