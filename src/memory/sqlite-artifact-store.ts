import type { DatabaseSync } from "node:sqlite";
import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import { MemoryStoreError } from "../errors/memory-store-error.js";
import { nonEmptyString, wholeNumber } from "../internal/option-rules.js";
import type { JsonObject } from "../schema/json.js";
import type * as spec from "./artifact-store.js";
import { assemblePage, type StoredPassage } from "./assemble-page.js";
import { checkMemoryOptions } from "./check-memory-options.js";
import { spaceConflict, writeSpace } from "./embedding-space.js";
import { parseJsonParts } from "./json-from-parts.js";
import { jsonParts } from "./json-parts.js";
import { checkPrincipal } from "./principal-space.js";
import { passageMax } from "./split-passages.js";
import {
  WriteOutcomeUnknown,
  WriteThreadUnavailable,
  writeInThread,
} from "./sqlite-large-write.js";
import {
  matchAnyTerm,
  sqliteSchema,
  sqliteSchemaVersion,
  sqliteStatements,
} from "./sqlite-schema.js";
import { SqliteSpaces, type Statements } from "./sqlite-spaces.js";
import { SqliteTaskStore, sqliteTaskSchema } from "./sqlite-task-store.js";
import type { TaskStore } from "./task-store.js";
import { VectorIndex, vectorBytes, vectorFromBytes } from "./vector-index.js";
import {
  checkWriteSize,
  largeWriteChars,
  OneAtATime,
  WritePace,
  writeChars,
} from "./write-pace.js";

/**
 * Options of a {@link SqliteArtifactStore}.
 *
 * @example
 * ```ts
 * const options: SqliteArtifactStoreOptions = { path: "./memory.db", busyTimeoutMs: 10_000 };
 * ```
 */
export interface SqliteArtifactStoreOptions {
  /** The database file (created if missing), or `":memory:"`. */
  path: string;
  /** How long a write waits for another process's write to finish, in milliseconds; 5,000 by default. */
  busyTimeoutMs?: number;
}

const optionRules = {
  path: { ...nonEmptyString, expected: 'a file path or ":memory:"' },
  busyTimeoutMs: { ...wholeNumber(0), expected: "a whole number of milliseconds" },
};

interface NamespaceRow {
  id: number;
  kind: spec.StoredKind;
  count: number;
  length: number;
}

/**
 * A durable artifact store in one SQLite file, on Node's built-in `node:sqlite` (no native addon):
 * WAL journal (readers never wait for a writer), one transaction per write (a crash leaves no partial
 * artifact), an FTS5 index ranked by BM25. Several processes may share the file. The constructor opens
 * the file and prepares its tables, so a bad file fails at once with a `MemoryStoreError` naming it.
 *
 * @example
 * ```ts
 * const memory = new TaskMemory({ store: new SqliteArtifactStore({ path: "./memory.db" }) });
 * ```
 */
export class SqliteArtifactStore implements spec.ArtifactStore {
  readonly specificationVersion = "v1";
  readonly principals = true;
  /** The database file. */
  readonly path: string;
  /**
   * Task state in the same file (`serveMcp` keeps its MCP tasks here when its toolbox's memory uses
   * this store): it survives a restart, and every process sharing the file sees it.
   */
  readonly tasks: TaskStore;
  readonly #db: DatabaseSync;
  readonly #spaces: SqliteSpaces;
  /** Each space's vectors (by principal), loaded on its first vector search, then only rows added since. */
  readonly #vectors = new Map<string | undefined, { index: VectorIndex; loadedTo: number }>();
  readonly #turns = new OneAtATime();
  readonly #busyTimeoutMs: number;

  constructor(options: SqliteArtifactStoreOptions) {
    checkMemoryOptions("SqliteArtifactStore", options, optionRules, ["path"]);
    const { path } = options;
    const busyTimeoutMs = options.busyTimeoutMs ?? 5_000;
    this.path = path;
    this.#busyTimeoutMs = busyTimeoutMs;
    const sqlite = process.getBuiltinModule("node:sqlite");
    if (sqlite === undefined) {
      throw this.#error("node:sqlite is not available; it needs Node.js 22.13 or later");
    }
    let db: DatabaseSync | undefined;
    try {
      db = new sqlite.DatabaseSync(path, { timeout: busyTimeoutMs });
      this.#db = db;
      this.#prepareTables(db);
      this.#spaces = new SqliteSpaces(db);
      this.tasks = new SqliteTaskStore(db, (operation) => this.#guard(operation));
    } catch (error) {
      try {
        db?.close();
      } catch {
        // the original failure is the one worth reporting
      }
      throw this.#wrap(error);
    }
  }

  async write(write: spec.StoreWrite): Promise<spec.StoreWriteResult> {
    checkWriteSize(write, "sqlite", this.path);
    checkPrincipal("SqliteArtifactStore.write", write.principal);
    return this.#turns.run(async () => {
      if (!this.#db.isOpen) throw this.#error("the store is closed");
      try {
        return await this.#write(write);
      } catch (error) {
        if (this.#db.isOpen && this.#db.isTransaction) this.#db.exec("ROLLBACK");
        throw this.#wrap(error);
      }
    });
  }

  async load(namespace: string, scope?: spec.StoreScope): Promise<ArtifactJSON[]> {
    const principal = checkPrincipal("SqliteArtifactStore.load", scope?.principal);
    return this.#turns.run(async () => {
      // A large artifact's parts are read one at a time as the parse needs them (about a megabyte
      // each) and parsed in slices, between turns of the loop; the turn this store holds keeps
      // writes out until the load is done.
      const s = this.#checked(() => this.#spaces.get(principal, false));
      if (s === undefined) return [];
      const rows = this.#checked(() => s.loadArtifacts.all(namespace));
      const pace = new WritePace();
      const loaded: ArtifactJSON[] = [];
      for (const row of rows) {
        let seq = row.parted === 0 ? undefined : 0;
        const next = async () => {
          if (seq === 0) {
            seq = 1;
            return row.json as string;
          }
          if (seq === undefined) return undefined;
          const part = this.#checked(() => s.loadPart.get(row.id as number, seq as number));
          seq = part === undefined ? undefined : seq + 1;
          return part?.json as string | undefined;
        };
        try {
          const parts = seq === undefined ? [row.json as string] : next;
          loaded.push((await parseJsonParts(parts, pace)) as ArtifactJSON);
        } catch (error) {
          throw this.#wrap(error);
        }
      }
      return loaded;
    });
  }

  async namespaces(scope?: spec.StoreScope): Promise<spec.NamespaceSummary[]> {
    return this.#inSpace("namespaces", scope, [], (s) =>
      s.listNamespaces.all().map((row) => ({
        namespace: row.name as string,
        kind: row.kind as spec.StoredKind,
        source: row.source as string,
        artifactCount: row.count as number,
        length: row.length as number,
        meta: row.meta === null ? undefined : (JSON.parse(row.meta as string) as JsonObject),
      })),
    );
  }

  async read(
    namespace: string,
    offset: number,
    limit: number,
    scope?: spec.StoreScope,
  ): Promise<spec.TextPage | undefined> {
    return this.#inSpace("read", scope, undefined, (s) => {
      const row = s.findNamespace.get(namespace) as NamespaceRow | undefined;
      if (row === undefined) return undefined;
      const passages = s.passagesBetween.all(
        row.id,
        offset - passageMax - 1,
        offset + limit,
      ) as unknown as StoredPassage[];
      return assemblePage(passages, offset, limit, row.length);
    });
  }

  async search(query: spec.PassageQuery): Promise<spec.PassageHit[]> {
    if (query.terms.length === 0 || query.limit <= 0) return [];
    return this.#inSpace("search", query, [], (s) => {
      const match = matchAnyTerm(query.terms);
      const rows =
        query.namespace === undefined
          ? s.search.all(match, query.limit)
          : s.searchNamespace.all(match, query.namespace, query.limit);
      return rows.map((row) => ({
        namespace: row.namespace as string,
        offset: row.start as number,
        text: row.text as string,
        score: row.score as number,
      }));
    });
  }

  async searchVectors(query: spec.VectorQuery): Promise<spec.PassageHit[]> {
    if (query.limit <= 0) return [];
    return this.#inSpace("searchVectors", query, [], (s) => {
      const held = s.vectorSpace.get() as { space: string; dimensions: number } | undefined;
      if (held === undefined) return [];
      const conflict = spaceConflict(held.space, query.embedding);
      if (conflict !== undefined) throw this.#error(conflict);
      let group: number | undefined;
      if (query.namespace !== undefined) {
        const row = s.findNamespace.get(query.namespace) as NamespaceRow | undefined;
        if (row === undefined) return [];
        group = row.id;
      }
      const index = this.#loadVectors(query.principal, s, held.dimensions);
      return index.nearest(query.vector, query.limit, group).map(({ id, score }) => {
        const passage = s.passageById.get(id) as { namespace: string; start: number; text: string };
        return { namespace: passage.namespace, offset: passage.start, text: passage.text, score };
      });
    });
  }

  async close(): Promise<void> {
    // After the writes already asked for, so none is cut off in its middle.
    await this.#turns.run(() => {
      if (this.#db.isOpen) this.#db.close();
    });
  }

  /**
   * Inside a write's transaction: records the write's embedding space on the first write with
   * vectors, and refuses vectors of another space or length.
   */
  #claimVectorSpace(write: spec.StoreWrite, s: Statements): void {
    const space = writeSpace(write);
    if (space === undefined) return;
    const held = s.vectorSpace.get() as { space: string; dimensions: number } | undefined;
    const conflict = spaceConflict(held?.space, space);
    if (conflict !== undefined) throw this.#error(conflict);
    const vectors = write.entries.flatMap((entry) => entry.vectors ?? []);
    const dimensions = held?.dimensions ?? vectors[0]?.length ?? 0;
    if (vectors.some((vector) => vector.length !== dimensions)) {
      throw this.#error(`the write's vectors are not all ${dimensions} numbers long`);
    }
    if (held === undefined) s.setVectorSpace.run(space, dimensions);
  }

  /** The vector index with every row of a space: passage ids only grow, so new rows come last. */
  #loadVectors(principal: string | undefined, s: Statements, dimensions: number): VectorIndex {
    let cache = this.#vectors.get(principal);
    if (cache === undefined) {
      cache = { index: new VectorIndex(dimensions), loadedTo: 0 };
      this.#vectors.set(principal, cache);
    }
    for (const row of s.vectorsAfter.iterate(cache.loadedTo)) {
      cache.index.add(
        row.id as number,
        row.ns as number,
        vectorFromBytes(row.vector as Uint8Array),
      );
      cache.loadedTo = row.id as number;
    }
    return cache.index;
  }

  #prepareTables(db: DatabaseSync): void {
    // Wait for other writers before anything else: setting WAL takes a lock too.
    db.exec("PRAGMA journal_mode = WAL");
    // In WAL mode, NORMAL never corrupts and never loses a commit to a crashed process (only to power loss).
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(sqliteSchema);
      db.exec(sqliteTaskSchema);
      const row = db.prepare(sqliteStatements.schemaVersion).get();
      if (row === undefined) {
        db.prepare(sqliteStatements.setSchemaVersion).run(sqliteSchemaVersion);
      } else if (row.version === 1) {
        // Version 1 lacks only the parts table, which the schema above just created.
        db.prepare(sqliteStatements.upgradeSchemaVersion).run(sqliteSchemaVersion);
      } else if (row.version !== sqliteSchemaVersion) {
        throw this.#error(
          `holds toolwright tables of schema version ${String(row.version)}; this version reads ${sqliteSchemaVersion}`,
        );
      }
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }

  /**
   * One write: its JSON texts first (where a value can fail to serialise), in slices. A large write
   * to a file goes through a worker thread with its own connection (sqlite-large-write.ts), since
   * SQLite's inserts, index merges and commit would hold this thread for seconds; any other is one
   * transaction here, in slices when large (an in-memory database has no other connection).
   */
  async #write(write: spec.StoreWrite): Promise<spec.StoreWriteResult> {
    const pace = new WritePace();
    const jsons: string[][] = [];
    for (const entry of write.entries) jsons.push(await jsonParts(entry.json, pace));
    const large = writeChars(write) > largeWriteChars || jsons.some((parts) => parts.length > 1);
    // The thread writes no vectors: a write with them stays here (still in slices).
    const vectors = write.entries.some((entry) => entry.vectors !== undefined);
    if (large && !vectors && this.path !== ":memory:") {
      // The space's tables exist before the thread's connection writes into them.
      this.#spaces.get(write.principal, true);
      const thread = {
        path: this.path,
        busyTimeoutMs: this.#busyTimeoutMs,
        principal: write.principal,
      };
      try {
        return await writeInThread(thread, write, jsons, pace);
      } catch (error) {
        if (error instanceof WriteThreadUnavailable) return this.#writeHere(write, jsons, pace);
        const unknown = error instanceof WriteOutcomeUnknown;
        const message = `${error instanceof Error ? error.message : String(error)}; ${unknown ? "the write may have been applied" : "nothing was written"}`;
        throw this.#error(message, error, unknown ? "unknown" : "not-applied");
      }
    }
    return this.#writeHere(write, jsons, pace);
  }

  /** One write as one transaction on this store's connection, a turn of the loop every slice. */
  async #writeHere(
    write: spec.StoreWrite,
    jsons: readonly (readonly string[])[],
    pace: WritePace,
  ): Promise<spec.StoreWriteResult> {
    const s = this.#spaces.get(write.principal, true) as Statements;
    this.#db.exec("BEGIN IMMEDIATE");
    const meta = write.meta === undefined ? null : JSON.stringify(write.meta);
    let row = s.findNamespace.get(write.namespace) as NamespaceRow | undefined;
    if (row !== undefined && row.kind !== write.kind) {
      this.#db.exec("ROLLBACK");
      return { ok: false, boundKind: row.kind };
    }
    this.#claimVectorSpace(write, s);
    if (row === undefined) {
      const inserted = s.insertNamespace.run(write.namespace, write.kind, write.source, meta);
      row = { id: Number(inserted.lastInsertRowid), kind: write.kind, count: 0, length: 0 };
    }
    let { count, length } = row;
    for (const [index, entry] of write.entries.entries()) {
      const start = count === 0 ? 0 : length + 2;
      const [first = "", ...rest] = jsons[index] ?? [];
      const artifact = s.insertArtifact.run(row.id, first);
      for (const [seq, part] of rest.entries()) {
        s.insertPart.run(artifact.lastInsertRowid, seq + 1, part);
        await pace.step(part.length);
      }
      for (const [at, span] of entry.passages.entries()) {
        const text = entry.text.slice(span.start, span.end);
        const passage = s.insertPassage.run(row.id, start + span.start, text);
        s.indexPassage.run(passage.lastInsertRowid, text);
        const vector = entry.vectors?.[at];
        if (vector !== undefined) {
          s.insertVector.run(passage.lastInsertRowid, row.id, vectorBytes(vector));
        }
        await pace.step(text.length);
      }
      count++;
      length = start + entry.text.length;
    }
    s.updateNamespace.run(write.source, meta, count, length, row.id);
    this.#db.exec("COMMIT");
    return { ok: true };
  }

  /**
   * Runs a read in the scope's space (`none` when that space has no tables yet) after the writes
   * before it, on an open store, its failures as `MemoryStoreError`.
   */
  #inSpace<T>(
    method: string,
    scope: spec.StoreScope | undefined,
    none: T,
    operation: (statements: Statements) => T,
  ): Promise<T> {
    const principal = checkPrincipal(`SqliteArtifactStore.${method}`, scope?.principal);
    return this.#guard(() => {
      const statements = this.#spaces.get(principal, false);
      return statements === undefined ? none : operation(statements);
    });
  }

  /** Runs a read after the writes before it, on an open store, its failures as `MemoryStoreError`. */
  #guard<T>(operation: () => T): Promise<T> {
    return this.#turns.run(() => this.#checked(operation));
  }

  /** Runs an operation at once on an open store, its failures as `MemoryStoreError`. */
  #checked<T>(operation: () => T): T {
    if (!this.#db.isOpen) throw this.#error("the store is closed");
    try {
      return operation();
    } catch (error) {
      throw this.#wrap(error);
    }
  }

  #wrap(error: unknown): MemoryStoreError {
    if (error instanceof MemoryStoreError) return error;
    return this.#error(error instanceof Error ? error.message : String(error), error);
  }

  #error(
    message: string,
    cause?: unknown,
    outcome: "not-applied" | "unknown" = "not-applied",
  ): MemoryStoreError {
    return new MemoryStoreError({ store: "sqlite", location: this.path, message, cause, outcome });
  }
}
