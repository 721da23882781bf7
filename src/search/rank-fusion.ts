/** @internal A fused result: its key and its summed reciprocal-rank score. */
export interface FusedKey {
  readonly key: string;
  readonly score: number;
}

/**
 * @internal Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): each ranking gives a key
 * `1 / (k + rank)`, rank counted from 1, and the sums are sorted. `k = 60` is the paper's. Equal sums
 * keep the order in which keys were first met (the first ranking's, then the new ones of the next).
 */
export function reciprocalRankFusion(
  rankings: readonly (readonly string[])[],
  limit: number,
  k = 60,
): FusedKey[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((key, index) => {
      scores.set(key, (scores.get(key) ?? 0) + 1 / (k + index + 1));
    });
  }
  return [...scores]
    .map(([key, score], order) => ({ key, score, order }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ key, score }) => ({ key, score }));
}
