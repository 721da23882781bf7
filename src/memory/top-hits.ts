/** @internal A scored candidate; `id` orders ties (the earlier stored first). */
export interface ScoredId {
  readonly id: number;
  readonly score: number;
}

/** @internal The `limit` best candidates, best first, without sorting them all. */
export function topHits(candidates: Iterable<ScoredId>, limit: number): ScoredId[] {
  const best: ScoredId[] = [];
  if (limit <= 0) return best;
  for (const candidate of candidates) {
    if (best.length === limit && !better(candidate, best[limit - 1] as ScoredId)) continue;
    let index = best.length === limit ? limit - 1 : best.length;
    while (index > 0 && better(candidate, best[index - 1] as ScoredId)) {
      best[index] = best[index - 1] as ScoredId;
      index--;
    }
    best[index] = candidate;
  }
  return best;
}

function better(a: ScoredId, b: ScoredId): boolean {
  return a.score > b.score || (a.score === b.score && a.id < b.id);
}
