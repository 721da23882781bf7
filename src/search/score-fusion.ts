import type { FusedKey } from "./rank-fusion.js";

/** @internal What `fuseScores` combines: BM25F scores (raw) and cosine similarities, by key. */
export interface ScoreFusionInput {
  /** BM25F's score of every key that matched a query word; a key not here scored 0. */
  readonly lexical: ReadonlyMap<string, number>;
  /** The cosine similarity of every key with the query. */
  readonly semantic: ReadonlyMap<string, number>;
  /** The lexical share, 0 to 1: `w · bm25 / best bm25 + (1 − w) · cosine`. */
  readonly lexicalWeight: number;
  readonly limit: number;
}

/**
 * @internal A convex combination of the two scores: BM25F divided by the query's best BM25F (so it
 * runs 0 to 1 whatever the query's length) and the cosine similarity. Unlike rank fusion it keeps how
 * far apart two candidates are: with a weak embedding model, a clear lexical winner stays ahead of a
 * semantic near-tie (bench/RESULTS.md, "Tool search", measures both). One pass keeps the best `limit`;
 * equal scores keep the semantic map's order, then the lexical one's.
 */
export function fuseScores(input: ScoreFusionInput): FusedKey[] {
  const { lexical, semantic, lexicalWeight, limit } = input;
  let best = 0;
  for (const score of lexical.values()) if (score > best) best = score;
  const lexicalScale = best > 0 ? lexicalWeight / best : 0;
  const top: FusedKey[] = [];
  const consider = (key: string, score: number) => {
    if (top.length === limit && score <= (top[limit - 1] as FusedKey).score) return;
    let at = Math.min(top.length, limit - 1);
    while (at > 0 && (top[at - 1] as FusedKey).score < score) {
      top[at] = top[at - 1] as FusedKey;
      at--;
    }
    top[at] = { key, score };
  };
  if (limit <= 0) return top;
  for (const [key, similarity] of semantic) {
    consider(key, lexicalScale * (lexical.get(key) ?? 0) + (1 - lexicalWeight) * similarity);
  }
  for (const [key, score] of lexical) {
    if (!semantic.has(key)) consider(key, lexicalScale * score);
  }
  return top;
}
