import type { PassageSpan } from "./artifact-store.js";
import type { WritePace } from "./write-pace.js";

/** @internal Passage sizes in characters: aimed at `target`, never over `max` (a store relies on it). */
export const passageTarget = 1000;
/** @internal */
export const passageMax = 1600;

// Preferred cut points, best first: a blank line, a line end, the end of a sentence, any space.
const breaks: readonly RegExp[] = [/\n[ \t]*\n\s*/g, /\n\s*/g, /[.!?;:]["')\]]*\s+/g, /\s+/g];

/** @internal Sizes of the pieces `splitPassages` cuts, in characters. */
export interface PassageSizes {
  /** Aimed at. */
  readonly target: number;
  /** Never over (at least `target`). */
  readonly max: number;
}

const memorySizes: PassageSizes = { target: passageTarget, max: passageMax };

/**
 * @internal Cuts a text into passages of about `passageTarget` characters that cover it end to end
 * (whitespace stays with the passage before it), so search hits are readable and offsets are exact.
 * An empty text has no passages. Other `sizes` cut larger pieces the same way (the tools that hand
 * text to a model in chunks).
 */
export function splitPassages(text: string, sizes: PassageSizes = memorySizes): PassageSpan[] {
  return [...passageSpans(text, sizes)];
}

/**
 * @internal {@link splitPassages} in slices that give the event loop its turns (a text of hundreds of
 * megabytes takes seconds to cut).
 */
export async function splitPassagesPaced(text: string, pace: WritePace): Promise<PassageSpan[]> {
  const spans: PassageSpan[] = [];
  for (const span of passageSpans(text, memorySizes)) {
    spans.push(span);
    await pace.step(span.end - span.start);
  }
  return spans;
}

function* passageSpans(text: string, sizes: PassageSizes): Generator<PassageSpan> {
  let start = 0;
  while (text.length - start > sizes.max) {
    const end = cutPoint(text, start, sizes);
    yield { start, end };
    start = end;
  }
  if (start < text.length) yield { start, end: text.length };
}

function cutPoint(text: string, start: number, sizes: PassageSizes): number {
  const from = start + Math.floor(sizes.target / 2);
  const window = text.slice(from, start + sizes.max);
  for (const pattern of breaks) {
    let best = -1;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(window); match !== null; match = pattern.exec(window)) {
      const end = match.index + match[0].length;
      // A match cut off by the window's end would split a run of whitespace.
      if (/\s/.test(text.charAt(from + end))) continue;
      best = end;
      if (from + end >= start + sizes.target) break;
    }
    if (best > 0) return from + best;
  }
  const hard = start + sizes.target;
  // Never split a surrogate pair.
  const code = text.charCodeAt(hard - 1);
  return code >= 0xd800 && code <= 0xdbff ? hard + 1 : hard;
}
