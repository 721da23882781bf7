// The exact vector scan and the rank fusion hybrid search is built from.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fuseRankings } from "../../src/memory/rank-fusion.js";
import {
  unitVector,
  VectorIndex,
  vectorBytes,
  vectorFromBytes,
} from "../../src/memory/vector-index.js";
import type { PassageHit } from "../../src/memory.js";

/** A seeded generator, so the vectors are the same on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648 - 0.5;
  };
}

describe("VectorIndex", () => {
  it("returns what sorting every cosine would, for any limit and group, past its first growth", () => {
    const next = random(7);
    const index = new VectorIndex(16);
    const rows: { id: number; group: number; vector: Float32Array }[] = [];
    for (let id = 1; id <= 500; id++) {
      const vector = unitVector(Array.from({ length: 16 }, next));
      const group = id % 3;
      rows.push({ id, group, vector });
      index.add(id * 10, group, vector);
    }
    assert.equal(index.size, 500);
    const query = unitVector(Array.from({ length: 16 }, next));
    for (const limit of [1, 5, 50, 600]) {
      for (const group of [undefined, 2]) {
        const expected = rows
          .filter((row) => group === undefined || row.group === group)
          .map((row) => ({
            id: row.id * 10,
            score: row.vector.reduce((sum, value, at) => sum + value * (query[at] as number), 0),
          }))
          .filter((row) => row.score > 0)
          .sort((a, b) => b.score - a.score || a.id - b.id)
          .slice(0, limit);
        const found = index.nearest(query, limit, group);
        assert.deepEqual(
          found.map((hit) => hit.id),
          expected.map((hit) => hit.id),
        );
        for (const [at, hit] of found.entries()) {
          assert.ok(Math.abs(hit.score - (expected[at]?.score ?? 0)) < 1e-6);
        }
      }
    }
    assert.deepEqual(index.nearest(query, 0), []);
  });

  it("refuses a vector of another length, and keeps vectors through their bytes", () => {
    const index = new VectorIndex(3);
    assert.throws(() => index.add(1, 0, new Float32Array(4)), /4 numbers in an index of 3/);
    const vector = unitVector([3, 4, 0]);
    assert.deepEqual([...vector], [0.6000000238418579, 0.800000011920929, 0]);
    const bytes = vectorBytes(vector);
    const unaligned = new Uint8Array(bytes.length + 1);
    unaligned.set(bytes, 1);
    assert.deepEqual(vectorFromBytes(unaligned.subarray(1)), vector);
    assert.deepEqual([...unitVector([0, 0])], [0, 0]);
  });
});

describe("fuseRankings", () => {
  const hit = (namespace: string, offset: number, score = 1): PassageHit => ({
    namespace,
    offset,
    text: `${namespace}@${offset}`,
    score,
  });

  it("adds 1 / (60 + rank) over the rankings a passage is in; ties keep first-seen order", () => {
    const lexical = [hit("a", 0, 9), hit("b", 0, 8), hit("c", 0, 7)];
    const semantic = [hit("c", 0, 0.9), hit("d", 0, 0.8), hit("a", 0, 0.7)];
    const fused = fuseRankings([lexical, semantic], 10);
    assert.deepEqual(
      fused.map((entry) => [entry.namespace, entry.score]),
      [
        ["a", 1 / 61 + 1 / 63],
        ["c", 1 / 63 + 1 / 61],
        ["b", 1 / 62],
        ["d", 1 / 62],
      ],
    );
    assert.equal(fused[0]?.text, "a@0");
    assert.deepEqual(fuseRankings([lexical, semantic], 1).length, 1);
    assert.deepEqual(fuseRankings([lexical], 0), []);
  });

  it("knows a passage by namespace and offset", () => {
    const fused = fuseRankings([[hit("a", 0), hit("a", 1000)], [hit("a", 1000)]], 5);
    assert.deepEqual(
      fused.map((entry) => entry.offset),
      [1000, 0],
    );
  });
});
