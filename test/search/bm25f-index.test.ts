import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { Bm25fIndex, type Bm25fSettings } from "../../src/search/bm25f-index.js";

const settings: Bm25fSettings = { weights: [2, 1], b: [0.5, 0.75], k1: 1.5 };

// BM25F written out term by term over every document, to check the index against.
function referenceScores(
  docs: readonly (readonly (readonly string[])[] | undefined)[],
  terms: readonly string[],
  { weights, b, k1 }: Bm25fSettings,
): Map<number, number> {
  const live = docs.flatMap((doc, slot) => (doc === undefined ? [] : [{ doc, slot }]));
  const averages = weights.map(
    (_, field) =>
      live.reduce((sum, { doc }) => sum + (doc[field]?.length ?? 0), 0) / live.length || 1,
  );
  const scores = new Map<number, number>();
  for (const term of new Set(terms)) {
    const hits = live.filter(({ doc }) => doc.some((field) => field.includes(term))).length;
    if (hits === 0) continue;
    const idf = Math.log(1 + (live.length - hits + 0.5) / (hits + 0.5));
    for (const { doc, slot } of live) {
      let weighted = 0;
      doc.forEach((field, index) => {
        const count = field.filter((word) => word === term).length;
        const bf = b[index] as number;
        const norm = 1 - bf + (bf * field.length) / (averages[index] as number);
        weighted += ((weights[index] as number) * count) / norm;
      });
      if (weighted === 0) continue;
      scores.set(slot, (scores.get(slot) ?? 0) + (idf * weighted * (k1 + 1)) / (k1 + weighted));
    }
  }
  return scores;
}

describe("Bm25fIndex", () => {
  it("scores like BM25F written out, through adds and removes, best first with ties in insertion order (and `matches` unsorted)", () => {
    const word = fc.constantFrom("alpha", "beta", "gamma", "delta", "eps");
    const field = fc.array(word, { maxLength: 6 });
    const operation = fc.oneof(
      fc.record({ add: fc.tuple(field, field) }),
      fc.record({ remove: fc.nat(20) }),
    );
    fc.assert(
      fc.property(
        fc.array(operation, { minLength: 1, maxLength: 25 }),
        fc.array(word, { maxLength: 4 }),
        (operations, query) => {
          const index = new Bm25fIndex(settings);
          const docs: ((readonly string[])[] | undefined)[] = [];
          const order: number[] = [];
          for (const step of operations) {
            if ("add" in step) {
              const slot = index.add(step.add);
              docs[slot] = step.add;
              order.push(slot);
            } else {
              const slot = order[step.remove % Math.max(1, order.length)];
              if (slot === undefined) continue;
              index.remove(slot);
              docs[slot] = undefined;
              order.splice(order.indexOf(slot), 1);
            }
          }
          const expected = referenceScores(docs, query, settings);
          const ranked = [...expected].sort(
            (a, b) => b[1] - a[1] || order.indexOf(a[0]) - order.indexOf(b[0]),
          );
          const found = index.search([...new Set(query)], 100);
          assert.equal(found.length, expected.size);
          found.forEach((hit, rank) => {
            assert.ok(Math.abs(hit.score - (expected.get(hit.slot) ?? Number.NaN)) < 1e-9);
            // Equal up to rounding: the two may sum in another order.
            const [slot, score] = ranked[rank] as [number, number];
            if (Math.abs(score - hit.score) > 1e-9) assert.equal(hit.slot, slot);
          });
          // `matches`: the same documents and scores, unsorted.
          const matches = index.matches([...new Set(query)]);
          assert.equal(matches.length, expected.size);
          for (const hit of matches) {
            assert.ok(Math.abs(hit.score - (expected.get(hit.slot) ?? Number.NaN)) < 1e-9);
          }
          assert.equal(index.size, docs.filter((doc) => doc !== undefined).length);
        },
      ),
    );
  });

  it("keeps the best `limit` only, and ranks a two-document catalog by what matches", () => {
    const index = new Bm25fIndex(settings);
    const weather = index.add([["weather"], ["forecast", "for", "a", "city"]]);
    const stocks = index.add([["stocks"], ["price", "for", "a", "ticker"]]);
    assert.deepEqual(
      index.search(["forecast", "for"], 1).map((hit) => hit.slot),
      [weather],
    );
    assert.deepEqual(
      index.search(["for"], 5).map((hit) => hit.slot),
      [weather, stocks],
    );
    assert.deepEqual(index.search(["unknown"], 5), []);
    assert.deepEqual(index.search(["for"], 0), []);
  });

  it("never returns a removed document, and reuses its slot for the next one", () => {
    const index = new Bm25fIndex(settings);
    const first = index.add([["send", "email"], []]);
    index.add([["send", "sms"], []]);
    index.remove(first);
    index.remove(first);
    assert.equal(index.size, 1);
    assert.ok(index.search(["email"], 5).length === 0);
    const third = index.add([["read", "email"], []]);
    assert.equal(third, first);
    assert.deepEqual(
      index.search(["email"], 5).map((hit) => hit.slot),
      [third],
    );
  });
});
