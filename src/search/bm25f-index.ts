import { bm25Parameters } from "../memory/bm25.js";

/** @internal How the fields of a document count: one weight and one length normalisation per field. */
export interface Bm25fSettings {
  readonly weights: readonly number[];
  readonly b: readonly number[];
  readonly k1: number;
}

/** @internal A ranked document: its slot and score. */
export interface ScoredSlot {
  readonly slot: number;
  readonly score: number;
}

// One term's documents and per-field counts, in typed arrays that grow by doubling.
class Postings {
  slots = new Int32Array(4);
  counts: Uint16Array;
  /** Per posting, its saturated weight `tf̃ (k1 + 1) / (k1 + tf̃)`, valid for `generation`. */
  saturated = new Float64Array(4);
  generation = -1;
  size = 0;
  constructor(readonly fields: number) {
    this.counts = new Uint16Array(4 * fields);
  }
  push(slot: number, counts: readonly number[]): void {
    if (this.size === this.slots.length) {
      const slots = new Int32Array(this.size * 2);
      slots.set(this.slots);
      this.slots = slots;
      const grown = new Uint16Array(this.size * 2 * this.fields);
      grown.set(this.counts);
      this.counts = grown;
      this.saturated = new Float64Array(this.size * 2);
    }
    this.generation = -1;
    this.slots[this.size] = slot;
    for (let field = 0; field < this.fields; field++) {
      this.counts[this.size * this.fields + field] = Math.min(0xffff, counts[field] ?? 0);
    }
    this.size++;
  }
  // Order inside a posting list does not matter: the last one takes the removed one's place.
  remove(slot: number): void {
    const at = this.slots.subarray(0, this.size).indexOf(slot);
    if (at === -1) return;
    const last = this.size - 1;
    this.slots[at] = this.slots[last] as number;
    this.counts.copyWithin(at * this.fields, last * this.fields, (last + 1) * this.fields);
    this.size = last;
    this.generation = -1;
  }
}

/**
 * @internal An inverted index ranking documents of several fields with BM25F (Robertson et al.): each
 * field's term count is length-normalised against that field's average and weighted, the sums are
 * saturated once with `k1`. Documents are added and removed one at a time; a search touches only the
 * posting lists of the query's terms. The IDF is Lucene's, `ln(1 + (N − n + 0.5) / (n + 0.5))`:
 * positive for every term, so a catalog of two tools still ranks by what matches.
 */
export class Bm25fIndex {
  readonly #fields: number;
  readonly #settings: Bm25fSettings;
  readonly #postings = new Map<string, Postings>();
  /** Per slot: its distinct terms (to remove it), or undefined when the slot is free. */
  #terms: (readonly string[] | undefined)[] = [];
  /** Per slot: an increasing number, so ties keep the order documents were added in. */
  #sequence: number[] = [];
  #lengths = new Float64Array(0);
  readonly #totals: number[];
  readonly #free: number[] = [];
  #live = 0;
  #nextSequence = 0;
  // Length normalisation per slot and field, recomputed on the first search after a change; the
  // generation tells a posting list whether its saturated weights were made with the current ones.
  #norms = new Float64Array(0);
  #normsStale = true;
  #generation = 0;
  // Score accumulators, reused: `#stamp` tells which slots the current search touched.
  #scores = new Float64Array(0);
  #stamp = new Uint32Array(0);
  #touched = new Int32Array(0);
  #search = 0;

  constructor(settings: Bm25fSettings) {
    this.#fields = settings.weights.length;
    this.#settings = settings;
    this.#totals = new Array<number>(this.#fields).fill(0);
  }

  /** Documents in the index. */
  get size(): number {
    return this.#live;
  }

  /** Adds a document given as the terms of each field; returns its slot. */
  add(fields: readonly (readonly string[])[]): number {
    const slot = this.#free.pop() ?? this.#grow();
    const counts = new Map<string, number[]>();
    for (let field = 0; field < this.#fields; field++) {
      const terms = fields[field] ?? [];
      this.#lengths[slot * this.#fields + field] = terms.length;
      this.#totals[field] = (this.#totals[field] as number) + terms.length;
      for (const term of terms) {
        let perField = counts.get(term);
        if (perField === undefined) {
          perField = new Array<number>(this.#fields).fill(0);
          counts.set(term, perField);
        }
        perField[field] = (perField[field] as number) + 1;
      }
    }
    for (const [term, perField] of counts) {
      let postings = this.#postings.get(term);
      if (postings === undefined) {
        postings = new Postings(this.#fields);
        this.#postings.set(term, postings);
      }
      postings.push(slot, perField);
    }
    this.#terms[slot] = [...counts.keys()];
    this.#sequence[slot] = this.#nextSequence++;
    this.#live++;
    this.#normsStale = true;
    return slot;
  }

  /** Removes the document in `slot` (a slot not in use is ignored). */
  remove(slot: number): void {
    const terms = this.#terms[slot];
    if (terms === undefined) return;
    for (const term of terms) {
      const postings = this.#postings.get(term);
      if (postings === undefined) continue;
      postings.remove(slot);
      if (postings.size === 0) this.#postings.delete(term);
    }
    for (let field = 0; field < this.#fields; field++) {
      const at = slot * this.#fields + field;
      this.#totals[field] = (this.#totals[field] as number) - (this.#lengths[at] as number);
      this.#lengths[at] = 0;
    }
    this.#terms[slot] = undefined;
    this.#free.push(slot);
    this.#live--;
    this.#normsStale = true;
  }

  /**
   * The best `limit` documents for the distinct `terms`, best first; equal scores keep the order the
   * documents were added in. Documents matching no term are not returned.
   */
  search(terms: readonly string[], limit: number): ScoredSlot[] {
    if (this.#live === 0 || limit <= 0) return [];
    return this.#best(this.#touched, this.#accumulate(terms), limit);
  }

  /** Every document matching one of the distinct `terms`, with its score, in no particular order. */
  matches(terms: readonly string[]): ScoredSlot[] {
    if (this.#live === 0) return [];
    const count = this.#accumulate(terms);
    const matches: ScoredSlot[] = [];
    for (let at = 0; at < count; at++) {
      const slot = this.#touched[at] as number;
      matches.push({ slot, score: this.#scores[slot] as number });
    }
    return matches;
  }

  // Sums each term's gain into the documents it occurs in; the first `count` of `#touched` are those.
  #accumulate(terms: readonly string[]): number {
    this.#refreshNorms();
    const scores = this.#scores;
    const stamp = this.#stamp;
    const mark = this.#nextMark();
    const touched = this.#touched;
    let count = 0;
    for (const term of terms) {
      const postings = this.#postings.get(term);
      if (postings === undefined) continue;
      const idf = Math.log(1 + (this.#live - postings.size + 0.5) / (postings.size + 0.5));
      const saturated = this.#saturated(postings);
      const { slots, size } = postings;
      for (let index = 0; index < size; index++) {
        const slot = slots[index] as number;
        const gain = idf * (saturated[index] as number);
        if (stamp[slot] === mark) {
          scores[slot] = (scores[slot] as number) + gain;
        } else {
          stamp[slot] = mark;
          scores[slot] = gain;
          touched[count++] = slot;
        }
      }
    }
    return count;
  }

  // A term's weight in each document it occurs in, up to the IDF: the fields' counts weighted and
  // length-normalised, then saturated. Made once per posting list and collection state, so a search
  // costs one multiplication per posting.
  #saturated(postings: Postings): Float64Array {
    if (postings.generation === this.#generation) return postings.saturated;
    const { weights, k1 } = this.#settings;
    const fields = this.#fields;
    const norms = this.#norms;
    const { slots, counts, size, saturated } = postings;
    for (let index = 0; index < size; index++) {
      const slot = slots[index] as number;
      let weighted = 0;
      for (let field = 0; field < fields; field++) {
        const count = counts[index * fields + field] as number;
        if (count !== 0) {
          weighted += (weights[field] as number) * count * (norms[slot * fields + field] as number);
        }
      }
      saturated[index] = (weighted * (k1 + 1)) / (k1 + weighted);
    }
    postings.generation = this.#generation;
    return saturated;
  }

  // A bounded min-heap keeps the best `limit` of the touched slots: O(touched · log limit). The touched
  // slots sit in a reused array, so a search leaves little for the garbage collector.
  #best(touched: Int32Array, count: number, limit: number): ScoredSlot[] {
    const heap: number[] = [];
    const worse = (a: number, b: number) => this.#rankBefore(b, a);
    for (let at = 0; at < count; at++) {
      const slot = touched[at] as number;
      if (heap.length < limit) {
        heap.push(slot);
        siftUp(heap, heap.length - 1, worse);
      } else if (this.#rankBefore(slot, heap[0] as number)) {
        heap[0] = slot;
        siftDown(heap, 0, worse);
      }
    }
    heap.sort((a, b) => (this.#rankBefore(a, b) ? -1 : 1));
    return heap.map((slot) => ({ slot, score: this.#scores[slot] as number }));
  }

  #rankBefore(a: number, b: number): boolean {
    const difference = (this.#scores[a] as number) - (this.#scores[b] as number);
    if (difference !== 0) return difference > 0;
    return (this.#sequence[a] as number) < (this.#sequence[b] as number);
  }

  #nextMark(): number {
    this.#search = this.#search === 0xffffffff ? 1 : this.#search + 1;
    if (this.#search === 1) this.#stamp.fill(0);
    return this.#search;
  }

  #refreshNorms(): void {
    if (!this.#normsStale) return;
    const fields = this.#fields;
    const { b } = this.#settings;
    const slots = this.#terms.length;
    if (this.#norms.length < slots * fields) this.#norms = new Float64Array(slots * fields);
    for (let field = 0; field < fields; field++) {
      const average = (this.#totals[field] as number) / this.#live || 1;
      const bf = b[field] ?? bm25Parameters.b;
      for (let slot = 0; slot < slots; slot++) {
        const length = this.#lengths[slot * fields + field] as number;
        this.#norms[slot * fields + field] = 1 / (1 - bf + (bf * length) / average);
      }
    }
    this.#normsStale = false;
    this.#generation++;
  }

  #grow(): number {
    const slot = this.#terms.length;
    this.#terms.push(undefined);
    this.#sequence.push(0);
    if (this.#lengths.length < (slot + 1) * this.#fields) {
      const capacity = Math.max(16, (slot + 1) * 2);
      const lengths = new Float64Array(capacity * this.#fields);
      lengths.set(this.#lengths);
      this.#lengths = lengths;
      const scores = new Float64Array(capacity);
      scores.set(this.#scores);
      this.#scores = scores;
      const stamp = new Uint32Array(capacity);
      stamp.set(this.#stamp);
      this.#stamp = stamp;
      this.#touched = new Int32Array(capacity);
    }
    return slot;
  }
}

function siftUp(heap: number[], start: number, worse: (a: number, b: number) => boolean): void {
  let child = start;
  while (child > 0) {
    const parent = (child - 1) >> 1;
    if (!worse(heap[child] as number, heap[parent] as number)) return;
    [heap[child], heap[parent]] = [heap[parent] as number, heap[child] as number];
    child = parent;
  }
}

function siftDown(heap: number[], start: number, worse: (a: number, b: number) => boolean): void {
  let parent = start;
  for (;;) {
    const left = parent * 2 + 1;
    const right = left + 1;
    let smallest = parent;
    if (left < heap.length && worse(heap[left] as number, heap[smallest] as number))
      smallest = left;
    if (right < heap.length && worse(heap[right] as number, heap[smallest] as number))
      smallest = right;
    if (smallest === parent) return;
    [heap[parent], heap[smallest]] = [heap[smallest] as number, heap[parent] as number];
    parent = smallest;
  }
}
