import type { PassageHit } from "./artifact-store.js";

/** @internal RRF's constant: a passage's share from a list is `1 / (k + rank)`. */
export const fusionK = 60;

/**
 * @internal Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): each passage scores
 * `Σ 1 / (k + rank)` over the rankings it appears in (rank 1 is the best), so a passage that both
 * BM25 and the vectors rank high wins, and neither list's raw scores need to be comparable. A
 * passage is known by its namespace and offset. Ties keep the order in which the passages were first
 * seen (the first ranking first). Only the hits are sorted.
 */
export function fuseRankings(
  rankings: readonly (readonly PassageHit[])[],
  limit: number,
  k = fusionK,
): PassageHit[] {
  const fused = new Map<string, { hit: PassageHit; score: number; order: number }>();
  for (const ranking of rankings) {
    for (const [index, hit] of ranking.entries()) {
      const key = `${hit.offset}\u0000${hit.namespace}`;
      const share = 1 / (k + index + 1);
      const known = fused.get(key);
      if (known === undefined) fused.set(key, { hit, score: share, order: fused.size });
      else known.score += share;
    }
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, Math.max(0, limit))
    .map(({ hit, score }) => ({ ...hit, score }));
}
