import { find, search, skipSpace } from "../reply/text-search.js";

/**
 * @internal A text read forward for markers. It remembers where each marker was last found, so a
 * search that starts before that place answers at once instead of passing over the same text again:
 * while the readers move forward, each marker is searched over the text at most once in all.
 *
 * @example
 * ```ts
 * const scan = new MarkerScan("<a>1</a><a>2</a>");
 * scan.find("</a>", 3); // 4
 * scan.find("</a>", 4); // 4 (remembered)
 * ```
 */
export class MarkerScan {
  readonly text: string;
  // Per marker: the place a search started and what it found (-1: nothing from there on).
  private readonly found = new Map<string, { readonly from: number; readonly at: number }>();
  private readonly matched = new Map<
    RegExp,
    { readonly from: number; readonly match: RegExpExecArray | null }
  >();

  constructor(text: string) {
    this.text = text;
  }

  /** The index of the first `marker` at or after `from`, or -1. */
  find(marker: string, from: number): number {
    const known = this.found.get(marker);
    if (known !== undefined && from >= known.from && (known.at < 0 || known.at >= from)) {
      return known.at;
    }
    const at = find(this.text, marker, from);
    this.found.set(marker, { from, at });
    return at;
  }

  /**
   * The first match of a global (`g`) pattern at or after `from`, remembered like {@link find}'s
   * markers: a search that starts before the match found last answers at once.
   */
  match(pattern: RegExp, from: number): RegExpExecArray | null {
    const known = this.matched.get(pattern);
    if (
      known !== undefined &&
      from >= known.from &&
      (known.match === null || known.match.index >= from)
    ) {
      return known.match;
    }
    const match = search(pattern, this.text, from);
    this.matched.set(pattern, { from, match });
    return match;
  }

  /** True when `marker` stands at `at`. */
  startsWith(marker: string, at: number): boolean {
    return this.text.startsWith(marker, at);
  }

  /** True when the text from `at` on is a beginning of `marker` (the reply was cut inside it). */
  endsInside(marker: string, at: number): boolean {
    return this.text.length - at <= marker.length && marker.startsWith(this.text.slice(at));
  }

  /** The index of the first character at or after `from` that is not white space. */
  skipSpace(from: number): number {
    return skipSpace(this.text, from);
  }
}
