import type { FusedKey } from "./rank-fusion.js";

/** @internal What `fuseScores` combines: BM25F scores (raw) and cosine similarities, by key. */
export interface ScoreFusionInput {
  /** BM25F's score of every key that matched a query word, best first; a key not here scored 0. */
  readonly lexical: readonly { readonly key: string; readonly score: number }[];
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
 * semantic near-tie (bench/RESULTS.md, "Tool search", measures both). Equal scores keep the lexical
 * order, then the semantic map's order.
 */
export function fuseScores(input: ScoreFusionInput): FusedKey[] {
  const { lexical, semantic, lexicalWeight, limit } = input;
  const best = lexical[0]?.score ?? 0;
  const lexicalShare = new Map<string, number>();
  for (const { key, score } of lexical) {
    lexicalShare.set(key, best > 0 ? score / best : 0);
  }
  const keys = new Set([...lexicalShare.keys(), ...semantic.keys()]);
  return [...keys]
    .map((key, order) => ({
      key,
      order,
      score:
        lexicalWeight * (lexicalShare.get(key) ?? 0) +
        (1 - lexicalWeight) * (semantic.get(key) ?? 0),
    }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, Math.max(0, limit))
    .map(({ key, score }) => ({ key, score }));
}
