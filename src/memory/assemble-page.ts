import type { TextPage } from "./artifact-store.js";

/** @internal A stored passage: where it starts in its namespace's text, and its text. */
export interface StoredPassage {
  readonly start: number;
  readonly text: string;
}

/**
 * @internal Rebuilds `[offset, offset + limit)` of a namespace's text from the passages that overlap
 * it (in order). Passages cover each artifact's text end to end, so whatever lies between them is
 * separators and empty artifacts: blank lines.
 */
export function assemblePage(
  passages: readonly StoredPassage[],
  offset: number,
  limit: number,
  total: number,
): TextPage {
  const from = Math.min(Math.max(0, offset), total);
  const to = Math.min(total, from + Math.max(0, limit));
  const parts: string[] = [];
  let at = from;
  for (const passage of passages) {
    const end = passage.start + passage.text.length;
    if (end <= at || passage.start >= to) continue;
    if (passage.start > at) parts.push("\n".repeat(passage.start - at));
    const sliceStart = Math.max(at, passage.start) - passage.start;
    const sliceEnd = Math.min(to, end) - passage.start;
    parts.push(passage.text.slice(sliceStart, sliceEnd));
    at = passage.start + sliceEnd;
  }
  if (at < to) parts.push("\n".repeat(to - at));
  return { text: parts.join(""), offset: from, total };
}
