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
 * @internal Builds a reply's text from the pieces between its cuts, in order, and can hand it out as
 * it grows (the streaming reader's text deltas): what it hands out is never taken back, so white
 * space whose fate depends on what follows is held until then.
 *
 * Rules: white space alone between two cuts belongs to the call block and is dropped; text next to a
 * break is trimmed on that side and separated from the text before the break by a blank line; the
 * whole is trimmed.
 *
 * @example
 * ```ts
 * const text = new KeptText();
 * text.piece("Sure."); text.cut(false); text.piece("\n"); text.cut(false); text.piece(" Done.");
 * text.finish(); // "Sure. Done." (all of it, as handed out)
 * ```
 */
export class KeptText {
  private handed = "";
  // Text handed out so far has something in it (leading white space is never handed out).
  private started = false;
  // White space at the end of the text so far, not yet handed out.
  private held = "";
  private afterCut = false;
  private breakBefore = false;

  /** The text between the previous cut (or the start) and the next one. */
  piece(text: string): void {
    countWork(text.length + 1);
    const blank = text.trim() === "";
    if (blank && (this.afterCut || this.breakBefore)) {
      // Between two cuts, or after a break: not text.
      return;
    }
    let piece = text;
    if (this.breakBefore) piece = piece.trimStart();
    if (piece === "") return;
    if (!blank && this.breakBefore && this.started) {
      this.held = "\n\n";
    }
    this.breakBefore = false;
    this.afterCut = false;
    const body = piece.trimEnd();
    if (body === "") {
      this.held += piece;
      return;
    }
    const lead = this.started ? this.held : "";
    const start = this.started ? body : body.trimStart();
    this.handed += lead + start;
    this.started = true;
    this.held = piece.slice(body.length);
  }

  /** A cut; `isBreak` for a paragraph break. */
  cut(isBreak: boolean): void {
    this.afterCut = true;
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
    if (cut.start > position) kept.piece(text.slice(position, cut.start));
    if (cut.end > position) position = Math.max(position, cut.end);
    kept.cut(cut.break === true);
  }
  kept.piece(text.slice(position));
  return kept.finish();
}
