import { skipSpace } from "../json/shared-json-scan.js";

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

  constructor(text: string) {
    this.text = text;
  }

  /** The index of the first `marker` at or after `from`, or -1. */
  find(marker: string, from: number): number {
    const known = this.found.get(marker);
    if (known !== undefined && from >= known.from && (known.at < 0 || known.at >= from)) {
      return known.at;
    }
    const at = this.text.indexOf(marker, from);
    this.found.set(marker, { from, at });
    return at;
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
