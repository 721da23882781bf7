import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import { MemoryStoreError } from "../errors/memory-store-error.js";
import type { JsonObject } from "../schema/json.js";
import type * as spec from "./artifact-store.js";
import { assemblePage, type StoredPassage } from "./assemble-page.js";
import { inverseDocumentFrequency, termScore } from "./bm25.js";
import { checkMemoryOptions } from "./check-memory-options.js";
import { spaceConflict, writeSpace } from "./embedding-space.js";
import { parseJsonParts } from "./json-from-parts.js";
import { jsonParts } from "./json-parts.js";
import { checkPrincipal } from "./principal-space.js";
import { passageMax } from "./split-passages.js";
import { termFrequencies } from "./tokenize.js";
import { type ScoredId, topHits } from "./top-hits.js";
import { VectorIndex } from "./vector-index.js";
import { checkWriteSize, OneAtATime, WritePace } from "./write-pace.js";

interface Namespace {
  /** Its number in the vector index. */
  readonly group: number;
  kind: spec.StoredKind;
  source: string;
  meta: JsonObject | undefined;
  length: number;
  /** Each artifact's JSON text, in parts (see json-parts.ts). */
  readonly artifacts: (readonly string[])[];
  readonly passages: StoredPassage[];
}

interface IndexedPassage extends StoredPassage {
  readonly namespace: string;
  readonly tokens: number;
}

interface Postings {
  readonly ids: number[];
  readonly frequencies: number[];
}

/**
 * The default artifact store: everything in this process's memory, gone when it exits. Search is
 * BM25 over an inverted index, ranked exactly as the SQLite store ranks. Each principal's namespaces
 * live in a space of their own, with its own index (see `StoreScope`).
 *
 * @example
 * ```ts
 * const memory = new TaskMemory({ store: new InMemoryArtifactStore() }); // same as new TaskMemory()
 * ```
 */
export class InMemoryArtifactStore implements spec.ArtifactStore {
  readonly specificationVersion = "v1";
  readonly principals = true;
  /** The default space under `undefined`, each principal's under its own name. */
  readonly #spaces = new Map<string | undefined, Space>();
  readonly #turns = new OneAtATime();

  /**
   * It takes no options; an object with keys (say, options meant for another store) throws
   * `MemoryConfigError` rather than being ignored.
   *
   * @example
   * ```ts
   * const store = new InMemoryArtifactStore();
   * ```
   */
  constructor(options?: Readonly<Record<string, never>>) {
    if (options !== undefined) checkMemoryOptions("InMemoryArtifactStore", options, {});
  }

  async write(write: spec.StoreWrite): Promise<spec.StoreWriteResult> {
    checkWriteSize(write, "memory", "memory");
    const principal = checkPrincipal("InMemoryArtifactStore.write", write.principal);
    return this.#turns.run(() => {
      let space = this.#spaces.get(principal);
      if (space === undefined) {
        space = new Space();
        this.#spaces.set(principal, space);
      }
      return space.write(write);
    });
  }

  async load(namespace: string, scope?: spec.StoreScope): Promise<ArtifactJSON[]> {
    return this.#in("load", scope, (space) => space.load(namespace), []);
  }

  async namespaces(scope?: spec.StoreScope): Promise<spec.NamespaceSummary[]> {
    return this.#in("namespaces", scope, (space) => space.summaries(), []);
  }

  async read(
    namespace: string,
    offset: number,
    limit: number,
    scope?: spec.StoreScope,
  ): Promise<spec.TextPage | undefined> {
    return this.#in("read", scope, (space) => space.read(namespace, offset, limit), undefined);
  }

  async search(query: spec.PassageQuery): Promise<spec.PassageHit[]> {
    return this.#in("search", query, (space) => space.search(query), []);
  }

  async searchVectors(query: spec.VectorQuery): Promise<spec.PassageHit[]> {
    return this.#in("searchVectors", query, (space) => space.searchVectors(query), []);
  }

  async close(): Promise<void> {}

  /** Runs a read in the scope's space after the writes before it; `none` when the space is empty. */
  #in<T>(
    method: string,
    scope: spec.StoreScope | undefined,
    operation: (space: Space) => T | Promise<T>,
    none: T,
  ): Promise<T> {
    const principal = checkPrincipal(`InMemoryArtifactStore.${method}`, scope?.principal);
    return this.#turns.run(() => {
      const space = this.#spaces.get(principal);
      return space === undefined ? none : operation(space);
    });
  }
}

/** One principal's namespaces and the inverted index over their passages. */
class Space {
  readonly #namespaces = new Map<string, Namespace>();
  readonly #passages: IndexedPassage[] = [];
  readonly #postings = new Map<string, Postings>();
  #tokens = 0;
  #vectors: { readonly space: string; readonly index: VectorIndex } | undefined;

  async load(namespace: string): Promise<ArtifactJSON[]> {
    const found = this.#namespaces.get(namespace);
    if (found === undefined) return [];
    // Parsed in slices: a large artifact's JSON parsed in one piece holds the loop for seconds.
    const pace = new WritePace();
    const loaded: ArtifactJSON[] = [];
    for (const parts of [...found.artifacts]) {
      loaded.push((await parseJsonParts(parts, pace)) as ArtifactJSON);
    }
    return loaded;
  }

  summaries(): spec.NamespaceSummary[] {
    return [...this.#namespaces].map(([name, namespace]) => ({
      namespace: name,
      kind: namespace.kind,
      source: namespace.source,
      artifactCount: namespace.artifacts.length,
      length: namespace.length,
      meta: namespace.meta === undefined ? undefined : structuredClone(namespace.meta),
    }));
  }

  read(namespace: string, offset: number, limit: number): spec.TextPage | undefined {
    const found = this.#namespaces.get(namespace);
    if (found === undefined) return undefined;
    const passages = found.passages;
    // Passages are sorted by start and never longer than passageMax.
    let low = 0;
    let high = passages.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((passages[middle] as StoredPassage).start < offset - passageMax) low = middle + 1;
      else high = middle;
    }
    const overlapping: StoredPassage[] = [];
    for (let index = low; index < passages.length; index++) {
      const passage = passages[index] as StoredPassage;
      if (passage.start >= offset + limit) break;
      overlapping.push(passage);
    }
    return assemblePage(overlapping, offset, limit, found.length);
  }

  search(query: spec.PassageQuery): spec.PassageHit[] {
    const rows = this.#passages.length;
    if (rows === 0) return [];
    const averageLength = this.#tokens / rows;
    const scores = new Map<number, number>();
    for (const term of query.terms) {
      const postings = this.#postings.get(term);
      if (postings === undefined) continue;
      const idf = inverseDocumentFrequency(rows, postings.ids.length);
      for (let index = 0; index < postings.ids.length; index++) {
        const id = postings.ids[index] as number;
        const passage = this.#passages[id] as IndexedPassage;
        if (query.namespace !== undefined && passage.namespace !== query.namespace) continue;
        const frequency = postings.frequencies[index] as number;
        const score = termScore(idf, frequency, passage.tokens, averageLength);
        scores.set(id, (scores.get(id) ?? 0) + score);
      }
    }
    return topHits(scoredIds(scores), query.limit).map(({ id, score }) => {
      const passage = this.#passages[id] as IndexedPassage;
      return { namespace: passage.namespace, offset: passage.start, text: passage.text, score };
    });
  }

  searchVectors(query: spec.VectorQuery): spec.PassageHit[] {
    if (this.#vectors === undefined) return [];
    const conflict = spaceConflict(this.#vectors.space, query.embedding);
    if (conflict !== undefined) throw storeError(conflict);
    let group: number | undefined;
    if (query.namespace !== undefined) {
      group = this.#namespaces.get(query.namespace)?.group;
      if (group === undefined) return [];
    }
    return this.#vectors.index.nearest(query.vector, query.limit, group).map(({ id, score }) => {
      const passage = this.#passages[id] as IndexedPassage;
      return { namespace: passage.namespace, offset: passage.start, text: passage.text, score };
    });
  }

  /**
   * One write, in slices (see write-pace.ts): its JSON texts first, where anything can throw, then
   * the index; no other operation of this store runs in between, so none sees it half done.
   */
  async write(write: spec.StoreWrite): Promise<spec.StoreWriteResult> {
    let namespace = this.#namespaces.get(write.namespace);
    if (namespace !== undefined && namespace.kind !== write.kind) {
      return { ok: false, boundKind: namespace.kind };
    }
    const pace = new WritePace();
    const jsons: (readonly string[])[] = [];
    for (const entry of write.entries) jsons.push(await jsonParts(entry.json, pace));
    const vectors = this.#vectorsFor(write);
    const meta = write.meta === undefined ? undefined : structuredClone(write.meta);
    if (namespace === undefined) {
      namespace = {
        group: this.#namespaces.size,
        kind: write.kind,
        source: write.source,
        meta,
        length: 0,
        artifacts: [],
        passages: [],
      };
      this.#namespaces.set(write.namespace, namespace);
    }
    namespace.source = write.source;
    if (meta !== undefined) namespace.meta = meta;
    for (const [index, entry] of write.entries.entries()) {
      const start = namespace.artifacts.length === 0 ? 0 : namespace.length + 2;
      namespace.artifacts.push(jsons[index] as readonly string[]);
      namespace.length = start + entry.text.length;
      for (const [at, span] of entry.passages.entries()) {
        const text = entry.text.slice(span.start, span.end);
        const id = this.#index(write.namespace, namespace, start + span.start, text);
        const vector = entry.vectors?.[at];
        if (vector !== undefined) vectors?.add(id, namespace.group, vector);
        await pace.step(text.length);
      }
    }
    return { ok: true };
  }

  /** The index a write's vectors go to (made by the first write with vectors), checked first. */
  #vectorsFor(write: spec.StoreWrite): VectorIndex | undefined {
    let space: string | undefined;
    try {
      space = writeSpace(write);
    } catch (error) {
      throw storeError(error instanceof Error ? error.message : String(error));
    }
    if (space === undefined) return undefined;
    const conflict = spaceConflict(this.#vectors?.space, space);
    if (conflict !== undefined) throw storeError(conflict);
    const all = write.entries.flatMap((entry) => entry.vectors ?? []);
    const dimensions = this.#vectors?.index.dimensions ?? all[0]?.length ?? 0;
    if (all.some((vector) => vector.length !== dimensions)) {
      throw storeError(`the write's vectors are not all ${dimensions} numbers long`);
    }
    if (this.#vectors === undefined) this.#vectors = { space, index: new VectorIndex(dimensions) };
    return this.#vectors.index;
  }

  #index(name: string, namespace: Namespace, start: number, text: string): number {
    const { frequencies, length } = termFrequencies(text);
    const id = this.#passages.length;
    const passage: IndexedPassage = { namespace: name, start, text, tokens: length };
    this.#passages.push(passage);
    namespace.passages.push(passage);
    this.#tokens += length;
    for (const [term, frequency] of frequencies) {
      let postings = this.#postings.get(term);
      if (postings === undefined) {
        postings = { ids: [], frequencies: [] };
        this.#postings.set(term, postings);
      }
      postings.ids.push(id);
      postings.frequencies.push(frequency);
    }
    return id;
  }
}

function storeError(message: string): MemoryStoreError {
  return new MemoryStoreError({ store: "memory", location: "this process", message });
}

function* scoredIds(scores: Map<number, number>): Iterable<ScoredId> {
  for (const [id, score] of scores) yield { id, score };
}
