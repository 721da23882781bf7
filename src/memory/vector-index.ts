import { type ScoredId, topHits } from "./top-hits.js";

/**
 * @internal Unit vectors of stored passages in one growing `Float32Array`, searched exactly: the
 * cosine of two unit vectors is their dot product, computed for every row (of one namespace, when
 * asked). One pass over `rows × dimensions` numbers per search, no approximate index to build or
 * tune; `bench/` measures it at 100,000 passages.
 */
export class VectorIndex {
  readonly dimensions: number;
  #values: Float32Array;
  #ids: Float64Array;
  #groups: Int32Array;
  #rows = 0;

  constructor(dimensions: number) {
    this.dimensions = dimensions;
    this.#values = new Float32Array(dimensions * 64);
    this.#ids = new Float64Array(64);
    this.#groups = new Int32Array(64);
  }

  /** Rows held. */
  get size(): number {
    return this.#rows;
  }

  /** Adds a passage's vector under its id and its namespace's number (`group`). */
  add(id: number, group: number, vector: Float32Array): void {
    if (vector.length !== this.dimensions) {
      throw new Error(`a vector of ${vector.length} numbers in an index of ${this.dimensions}`);
    }
    if (this.#rows === this.#ids.length) this.#grow();
    this.#values.set(vector, this.#rows * this.dimensions);
    this.#ids[this.#rows] = id;
    this.#groups[this.#rows] = group;
    this.#rows++;
  }

  /**
   * The `limit` rows closest to `query` (a unit vector), best first, as `{ id, score }` with the
   * cosine as score, which must be above 0; only rows of `group` when given. Ties go to the row
   * added first.
   */
  nearest(query: Float32Array, limit: number, group?: number): ScoredId[] {
    if (limit <= 0) return [];
    const dimensions = this.dimensions;
    const values = this.#values;
    const groups = this.#groups;
    const candidates: ScoredId[] = [];
    // Only rows that beat the current last of the best `limit` become candidates (no object per row).
    let floor = Number.NEGATIVE_INFINITY;
    for (let row = 0; row < this.#rows; row++) {
      if (group !== undefined && groups[row] !== group) continue;
      const offset = row * dimensions;
      let dot = 0;
      for (let at = 0; at < dimensions; at++) {
        dot += (values[offset + at] as number) * (query[at] as number);
      }
      // A vector at a right angle to the query's, or pointing away, says nothing for it.
      if (dot <= 0 || dot < floor) continue;
      candidates.push({ id: this.#ids[row] as number, score: dot });
      if (candidates.length >= limit * 4) {
        const best = topHits(candidates, limit);
        candidates.length = 0;
        candidates.push(...best);
        floor = (best[best.length - 1] as ScoredId).score;
      }
    }
    return topHits(candidates, limit);
  }

  #grow(): void {
    const capacity = this.#ids.length * 2;
    const values = new Float32Array(capacity * this.dimensions);
    values.set(this.#values);
    this.#values = values;
    const ids = new Float64Array(capacity);
    ids.set(this.#ids);
    this.#ids = ids;
    const groups = new Int32Array(capacity);
    groups.set(this.#groups);
    this.#groups = groups;
  }
}

/** @internal A vector scaled to unit length, as 32-bit floats (what the stores keep). */
export function unitVector(values: readonly number[]): Float32Array {
  let sum = 0;
  for (const value of values) sum += value * value;
  const norm = Math.sqrt(sum);
  const vector = new Float32Array(values.length);
  if (norm === 0) return vector;
  for (let index = 0; index < values.length; index++) {
    vector[index] = (values[index] as number) / norm;
  }
  return vector;
}

/** @internal The little-endian bytes of a vector, as stored in SQLite and Redis. */
export function vectorBytes(vector: Float32Array): Uint8Array {
  return new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** @internal A vector back from its stored bytes (copied: the bytes may be unaligned). */
export function vectorFromBytes(bytes: Uint8Array): Float32Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}
