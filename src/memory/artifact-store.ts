import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import type { JsonObject } from "../schema/json.js";

/**
 * What a namespace holds, fixed by its first artifact: `"text"` (Text and Json artifacts) or `"blob"`
 * (Blob and Image artifacts). A namespace never mixes the two.
 *
 * @example
 * ```ts
 * const kind: StoredKind = "text";
 * ```
 */
export type StoredKind = "text" | "blob";

/**
 * One artifact to store: its JSON form (to load it back), its text (what `read` pages through and
 * `search` indexes) and the passages that text is cut into, as `[start, end)` character spans that
 * cover it end to end.
 *
 * @example
 * ```ts
 * const entry: StoreEntry = { json: artifact.toJSON(), text: "foo", passages: [{ start: 0, end: 3 }] };
 * ```
 */
export interface StoreEntry {
  readonly json: ArtifactJSON;
  readonly text: string;
  readonly passages: readonly PassageSpan[];
  /**
   * One unit vector per passage, when the memory has an embedding driver (`StoreWrite.embedding`
   * names it); a store that keeps vectors stores them with the passages, in the same write.
   */
  readonly vectors?: readonly Float32Array[] | undefined;
}

/**
 * A `[start, end)` span of an artifact's text, in JavaScript string indices.
 *
 * @example
 * ```ts
 * const span: PassageSpan = { start: 0, end: 1000 };
 * ```
 */
export interface PassageSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * One atomic write: artifacts appended to a namespace, with where they came from.
 *
 * @example
 * ```ts
 * await store.write({ namespace: "n1", kind: "text", source: "WebTool.fetch", meta: undefined, entries });
 * ```
 */
export interface StoreWrite {
  readonly namespace: string;
  readonly kind: StoredKind;
  /** `"<tool>.<activity>"` that produced the artifacts. */
  readonly source: string;
  /** Replaces the namespace's metadata when given. */
  readonly meta: JsonObject | undefined;
  readonly entries: readonly StoreEntry[];
  /**
   * The embedding space of the entries' vectors (`provider/model/dimensions`); a store holds vectors
   * of one space only and refuses a write of another with a `MemoryStoreError`.
   */
  readonly embedding?: string | undefined;
  /** Whose space the namespace is in (see {@link StoreScope}); the shared default space when absent. */
  readonly principal?: string | undefined;
}

/**
 * Whose namespaces a store call sees. A store that separates principals (`principals: true`) keeps
 * each principal's namespaces in a space of its own (its own keys, tables or maps, and its own search
 * statistics): a call in one space never lists, reads, loads or finds a namespace of another. Without
 * a principal a call works in the default space, where everything was before principals existed.
 *
 * @example
 * ```ts
 * const page = await store.read("n1", 0, 4000, { principal: "session:4f1c…" });
 * ```
 */
export interface StoreScope {
  readonly principal?: string | undefined;
}

/**
 * The result of a write: stored, or refused because the namespace already holds the other kind.
 *
 * @example
 * ```ts
 * const result = await store.write(write);
 * if (!result.ok) console.log(`namespace holds ${result.boundKind} artifacts`);
 * ```
 */
export type StoreWriteResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly boundKind: StoredKind };

/**
 * What a store knows about one namespace.
 *
 * @example
 * ```ts
 * for (const summary of await store.namespaces()) console.log(summary.namespace, summary.length);
 * ```
 */
export interface NamespaceSummary {
  readonly namespace: string;
  readonly kind: StoredKind;
  /** `"<tool>.<activity>"` of the latest write. */
  readonly source: string;
  readonly artifactCount: number;
  /** Characters in the namespace's text: its artifacts' texts joined by a blank line. */
  readonly length: number;
  readonly meta: JsonObject | undefined;
}

/**
 * A slice of a namespace's text.
 *
 * @example
 * ```ts
 * const page = await store.read("n1", 0, 4000); // { text, offset: 0, total: 12000 }
 * ```
 */
export interface TextPage {
  readonly text: string;
  readonly offset: number;
  /** Length of the namespace's whole text. */
  readonly total: number;
}

/**
 * A search: query terms (already tokenised, distinct), an optional namespace, how many hits.
 *
 * @example
 * ```ts
 * const query: PassageQuery = { terms: ["redis", "cluster"], namespace: undefined, limit: 5 };
 * ```
 */
export interface PassageQuery {
  readonly terms: readonly string[];
  readonly namespace: string | undefined;
  readonly limit: number;
  /** Whose space to search (see {@link StoreScope}); the default space when absent. */
  readonly principal?: string | undefined;
}

/**
 * A search by meaning: the query's unit vector, the embedding space it belongs to, an optional
 * namespace, how many hits.
 *
 * @example
 * ```ts
 * const query: VectorQuery = { vector, embedding: "openai/text-embedding-3-small/1536", namespace: undefined, limit: 50 };
 * ```
 */
export interface VectorQuery {
  readonly vector: Float32Array;
  readonly embedding: string;
  readonly namespace: string | undefined;
  readonly limit: number;
  /** Whose space to search (see {@link StoreScope}); the default space when absent. */
  readonly principal?: string | undefined;
}

/**
 * A passage that matched, as stored (untrimmed), with its place in its namespace's text and its
 * BM25 score (higher is better).
 *
 * @example
 * ```ts
 * const hit: PassageHit = { namespace: "n1", offset: 1200, text: "…", score: 4.2 };
 * ```
 */
export interface PassageHit {
  readonly namespace: string;
  readonly offset: number;
  readonly text: string;
  readonly score: number;
}

/**
 * Where a `TaskMemory` keeps artifacts: a small interface, implemented in memory, on SQLite and on
 * Redis. A namespace's text is its artifacts' texts joined by `"\n\n"`; offsets point into it.
 * Search ranks passages with BM25 (k1 = 1.2, b = 0.75, statistics over all passages of the store),
 * as SQLite's FTS5 does.
 *
 * @example
 * ```ts
 * const memory = new TaskMemory({ store: new SqliteArtifactStore({ path: "memory.db" }) });
 * ```
 */
export interface ArtifactStore {
  readonly specificationVersion: "v1";
  /**
   * `true` when the store keeps principals apart (every built-in store does): a `TaskMemory` refuses
   * a principal on a store without it rather than let it mix everyone's namespaces.
   */
  readonly principals?: boolean;
  /** Appends artifacts to a namespace in one transaction: all of them or none. */
  write(write: StoreWrite): Promise<StoreWriteResult>;
  /** The JSON forms of a namespace's artifacts in the order they were stored (empty if unknown). */
  load(namespace: string, scope?: StoreScope): Promise<ArtifactJSON[]>;
  /** Every namespace of the scope's space, in the order they were created. */
  namespaces(scope?: StoreScope): Promise<NamespaceSummary[]>;
  /** `limit` characters of a namespace's text from `offset`; `undefined` for an unknown namespace. */
  read(
    namespace: string,
    offset: number,
    limit: number,
    scope?: StoreScope,
  ): Promise<TextPage | undefined>;
  /** The best passages for the terms in the query's space, best first (ties: the earlier stored first). */
  search(query: PassageQuery): Promise<PassageHit[]>;
  /**
   * The passages whose vectors are closest to the query's (cosine, exact, above 0), best first,
   * with the cosine as score; none when the store holds no vectors. Only stores that keep the vectors of
   * `StoreEntry.vectors` have it; a `TaskMemory` with an embedding driver needs it.
   */
  searchVectors?(query: VectorQuery): Promise<PassageHit[]>;
  /** Releases the connection or file. */
  close(): Promise<void>;
}
