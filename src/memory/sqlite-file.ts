import type { DatabaseSync, StatementSync } from "node:sqlite";
import { MemoryStoreError } from "../errors/memory-store-error.js";

/** @internal How a store opens its SQLite file: where, how long to wait for a lock, its tables. */
export interface SqliteFileSettings {
  readonly path: string;
  readonly busyTimeoutMs: number;
  /** What the store keeps, for its errors' wording. */
  readonly holds: "artifact" | "receipt";
  /** `CREATE … IF NOT EXISTS` statements for the store's tables, its version table among them. */
  readonly schema: string;
  /** The version the tables must have, and the statements that read and record it. */
  readonly version: { readonly current: number; readonly read: string; readonly write: string };
}

/**
 * @internal One store's SQLite file on Node's built-in `node:sqlite`: opened with WAL and its tables
 * made (or their version checked) in one transaction, so a bad file fails at once with a
 * `MemoryStoreError` naming it; every later operation reports its failures the same way.
 */
export class SqliteFile {
  readonly path: string;
  readonly db: DatabaseSync;
  readonly #holds: "artifact" | "receipt";

  constructor(settings: SqliteFileSettings) {
    this.path = settings.path;
    this.#holds = settings.holds;
    const sqlite = process.getBuiltinModule("node:sqlite");
    if (sqlite === undefined) {
      throw this.error("node:sqlite is not available; it needs Node.js 22.13 or later");
    }
    let db: DatabaseSync | undefined;
    try {
      db = new sqlite.DatabaseSync(settings.path, { timeout: settings.busyTimeoutMs });
      this.db = db;
      // Wait for other writers before anything else: setting WAL takes a lock too.
      db.exec("PRAGMA journal_mode = WAL");
      // In WAL mode, NORMAL loses no commit to a killed process (only to a power loss).
      db.exec("PRAGMA synchronous = NORMAL");
      this.transaction(() => this.#prepareTables(settings));
    } catch (error) {
      try {
        db?.close();
      } catch {
        // the original failure is the one worth reporting
      }
      throw this.wrap(error);
    }
  }

  /** Statements prepared once, by name. */
  prepare<S extends Readonly<Record<string, string>>>(
    statements: S,
  ): { [N in keyof S]: StatementSync } {
    return Object.fromEntries(
      Object.entries(statements).map(([name, sql]) => [name, this.db.prepare(sql)]),
    ) as { [N in keyof S]: StatementSync };
  }

  /** Runs an operation on the open file; its failures become `MemoryStoreError`s. */
  guard<T>(operation: () => T): T {
    if (!this.db.isOpen) throw this.error("the store is closed");
    try {
      return operation();
    } catch (error) {
      throw this.wrap(error);
    }
  }

  /** One `BEGIN IMMEDIATE` transaction: it takes the write lock first, so what it reads is current. */
  transaction<T>(operation: () => T): T {
    return this.guard(() => {
      this.db.exec("BEGIN IMMEDIATE");
      try {
        const result = operation();
        this.db.exec("COMMIT");
        return result;
      } catch (error) {
        if (this.db.isTransaction) this.db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  wrap(error: unknown): MemoryStoreError {
    if (error instanceof MemoryStoreError) return error;
    return this.error(error instanceof Error ? error.message : String(error), error);
  }

  error(message: string, cause?: unknown): MemoryStoreError {
    return new MemoryStoreError({
      store: "sqlite",
      location: this.path,
      message,
      cause,
      holds: this.#holds,
    });
  }

  #prepareTables({ schema, version }: SqliteFileSettings): void {
    this.db.exec(schema);
    const row = this.db.prepare(version.read).get();
    if (row === undefined) this.db.prepare(version.write).run(version.current);
    else if (row.version !== version.current) {
      const kind = this.#holds === "artifact" ? "" : `${this.#holds} `;
      throw this.error(
        `holds toolwright ${kind}tables of schema version ${String(row.version)}; this version reads ${version.current}`,
      );
    }
  }
}
