import { countWork } from "./work-meter.js";

/**
 * @internal A span of a reply left out of its text: call blocks and markup. A `break` also separates
 * the text on either side as paragraphs (Harmony's messages): that text is trimmed at the break, and
 * two non-empty pieces are joined by a blank line.
 *
 * @example
 * ```ts
 * const cut: Cut = { start: 3, end: 20 };
 * ```
 */
export interface Cut {
  readonly start: number;
  readonly end: number;
  readonly break?: boolean;
}

/**
 * @internal Builds a reply's text from the text between its cuts, in order, and can hand it out as
 * it grows (the streaming reader's text deltas): what it hands out is never taken back, so white
 * space whose fate depends on what follows is held until then. The text between two cuts may come
 * in any number of pieces.
 *
 * Rules: white space alone between two cuts belongs to the call block and is dropped; text next to a
 * break is trimmed on that side and separated from the text before the break by a blank line; the
 * whole is trimmed.
 *
 * @example
 * ```ts
 * const text = new KeptText();
 * text.add("Sure. "); text.cut(false); text.add("\n"); text.cut(false); text.add("Done.");
 * text.finish(); // "Sure. Done."
 * ```
 */
export class KeptText {
  private handed = "";
  private started = false;
  // White space after the last text handed out, not handed out yet.
  private held = "";
  // White space of the current gap between cuts, before any text in it.
  private gapSpace = "";
  private gapHasText = false;
  private breakBefore = false;

  /** More text of the current gap between cuts. */
  add(text: string): void {
    if (text === "") return;
    countWork(text.length + 1);
    const body = text.trimEnd();
    if (body === "") {
      if (this.gapHasText) this.held += text;
      else this.gapSpace += text;
      return;
    }
    let lead: string;
    if (this.gapHasText) lead = this.held;
    else if (this.breakBefore) lead = this.started ? "\n\n" : "";
    else lead = this.started ? this.held + this.gapSpace : "";
    let start = body;
    if (!this.gapHasText && (this.breakBefore || !this.started)) start = body.trimStart();
    this.handed += lead + start;
    this.started = true;
    this.gapHasText = true;
    this.breakBefore = false;
    this.gapSpace = "";
    this.held = text.slice(body.length);
  }

  /** A cut; `isBreak` for a paragraph break. */
  cut(isBreak: boolean): void {
    // White space alone between two cuts (or before the first one) is not text.
    this.gapSpace = "";
    this.gapHasText = false;
    if (isBreak) {
      this.breakBefore = true;
      this.held = "";
    }
  }

  /** The text handed out so far. */
  get text(): string {
    return this.handed;
  }

  /** The finished text (white space still held is trimmed away). */
  finish(): string {
    this.held = "";
    this.gapSpace = "";
    return this.handed;
  }
}

/**
 * @internal The text of `text[start…]` without `cuts` (sorted by start), by the rules of
 * {@link KeptText}.
 *
 * @example
 * ```ts
 * keptText("a<x> <y>b", 0, [{ start: 1, end: 4 }, { start: 5, end: 8 }]); // "ab"
 * ```
 */
export function keptText(text: string, start: number, cuts: readonly Cut[]): string {
  const kept = new KeptText();
  let position = start;
  for (const cut of cuts) {
    if (cut.start > position) kept.add(text.slice(position, cut.start));
    if (cut.end > position) position = Math.max(position, cut.end);
    kept.cut(cut.break === true);
  }
  kept.add(text.slice(position));
  return kept.finish();
}
