// The Okapi BM25 of SQLite FTS5's bm25() (fts5_aux.c), so every store ranks alike:
// score = Σ idf(t) · f(t, D) · (k1 + 1) / (f(t, D) + k1 · (1 − b + b · |D| / avgdl)),
// idf(t) = ln((N − n(t) + 0.5) / (n(t) + 0.5)), floored at 1e-6 for terms in more than half the rows.
const k1 = 1.2;
const b = 0.75;

/** @internal Collection statistics BM25 needs: passage count and total token count. */
export interface CorpusStats {
  readonly rows: number;
  readonly tokens: number;
}

/** @internal FTS5's inverse document frequency of a term found in `hits` of `rows` passages. */
export function inverseDocumentFrequency(rows: number, hits: number): number {
  const idf = Math.log((rows - hits + 0.5) / (hits + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/** @internal One term's contribution to a passage's score. */
export function termScore(
  idf: number,
  frequency: number,
  length: number,
  averageLength: number,
): number {
  // Same operation order as the C code, so scores agree to the last bit.
  return idf * ((frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * length) / averageLength)));
}

/** @internal Parameters handed to stores that score elsewhere (the Redis Lua script). */
export const bm25Parameters = { k1, b } as const;
