import type { DatabaseSync, StatementSync } from "node:sqlite";
import { spaceSql, sqliteSchema, sqliteStatements } from "./sqlite-schema.js";

/** @internal The statements of one space, prepared on the store's connection. */
export type Statements = { [Name in keyof typeof sqliteStatements]: StatementSync };

/** Spaces whose statements stay prepared; a store serving more principals prepares them again. */
const preparedSpaces = 64;

/**
 * @internal The SQLite store's spaces (see `StoreScope`): the default space in the plain
 * `toolwright_` tables, each principal's in tables of its own (`spaceSql`), created by its first
 * write. A principal's statements are prepared when first used and kept for the most recent spaces.
 */
export class SqliteSpaces {
  readonly #db: DatabaseSync;
  readonly #default: Statements;
  readonly #prepared = new Map<string, Statements>();

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#default = prepareStatements(db, undefined);
  }

  /**
   * The statements of a principal's space; `undefined` when it has no tables yet and `create` is
   * false (a read: nothing to find), else its tables are made first, in a transaction of their own.
   */
  get(principal: string | undefined, create: boolean): Statements | undefined {
    if (principal === undefined) return this.#default;
    const prepared = this.#prepared.get(principal);
    if (prepared !== undefined) {
      // Most recently used last, so the oldest is the one dropped.
      this.#prepared.delete(principal);
      this.#prepared.set(principal, prepared);
      return prepared;
    }
    const table = spaceSql("toolwright_namespaces", principal);
    const found = this.#db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(table);
    if (found === undefined) {
      if (!create) return undefined;
      this.#db.exec("BEGIN IMMEDIATE");
      try {
        this.#db.exec(spaceSql(sqliteSchema, principal));
        this.#db.exec("COMMIT");
      } catch (error) {
        if (this.#db.isTransaction) this.#db.exec("ROLLBACK");
        throw error;
      }
    }
    const statements = prepareStatements(this.#db, principal);
    this.#prepared.set(principal, statements);
    if (this.#prepared.size > preparedSpaces) {
      const oldest = this.#prepared.keys().next().value as string;
      this.#prepared.delete(oldest);
    }
    return statements;
  }
}

function prepareStatements(db: DatabaseSync, principal: string | undefined): Statements {
  return Object.fromEntries(
    Object.entries(sqliteStatements).map(([name, sql]) => [
      name,
      db.prepare(spaceSql(sql, principal)),
    ]),
  ) as Statements;
}
