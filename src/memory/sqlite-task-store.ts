import type { DatabaseSync, StatementSync } from "node:sqlite";
import {
  cursorPosition,
  expiresAt,
  type TaskListing,
  type TaskPage,
  type TaskRecord,
  type TaskStore,
} from "./task-store.js";

/** @internal The tasks table, beside the artifact tables in the same file (added to older files as is). */
export const sqliteTaskSchema = `
CREATE TABLE IF NOT EXISTS toolwright_tasks (
  id TEXT PRIMARY KEY,
  record TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS toolwright_tasks_by_expiry ON toolwright_tasks (expires_at);
CREATE INDEX IF NOT EXISTS toolwright_tasks_by_owner ON toolwright_tasks (json_extract(record, '$.owner'));
`;

const statements = {
  insert: "INSERT INTO toolwright_tasks (id, record, expires_at) VALUES (?, ?, ?)",
  find: "SELECT record FROM toolwright_tasks WHERE id = ? AND expires_at >= ?",
  replace: "UPDATE toolwright_tasks SET record = ? WHERE id = ?",
  sweep: "DELETE FROM toolwright_tasks WHERE expires_at < ?",
  // Through the owner index, in rowid (creation) order; the cursor is the last rowid listed.
  list: `SELECT rowid, record FROM toolwright_tasks
    WHERE json_extract(record, '$.owner') IS ? AND rowid > ? AND expires_at >= ?
    ORDER BY rowid LIMIT ?`,
};

/**
 * Runs a store operation in the artifact store's turn (after any large write in flight), with its
 * checks (open) and errors (`MemoryStoreError`).
 */
type Guard = <T>(operation: () => T) => Promise<T>;

/**
 * @internal The task records of a `SqliteArtifactStore`, in its file: each change is one `BEGIN
 * IMMEDIATE` transaction, so it is atomic across every process sharing the file, and a task written
 * survives the process.
 */
export class SqliteTaskStore implements TaskStore {
  readonly #db: DatabaseSync;
  readonly #guard: Guard;
  #prepared: { [Name in keyof typeof statements]: StatementSync } | undefined;

  constructor(db: DatabaseSync, guard: Guard) {
    this.#db = db;
    this.#guard = guard;
  }

  async create(record: TaskRecord): Promise<void> {
    await this.#guard(() => {
      const s = this.#statements();
      // Expired tasks go as new ones come, through the expiry index.
      s.sweep.run(Date.now());
      s.insert.run(record.taskId, JSON.stringify(record), expiresAt(record));
    });
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    return this.#guard(() => this.#find(taskId));
  }

  async update(
    taskId: string,
    change: (record: TaskRecord) => TaskRecord | undefined,
  ): Promise<TaskRecord | undefined> {
    return this.#guard(() => {
      this.#db.exec("BEGIN IMMEDIATE");
      try {
        const current = this.#find(taskId);
        const next = current === undefined ? undefined : change(current);
        if (next !== undefined) this.#statements().replace.run(JSON.stringify(next), taskId);
        this.#db.exec("COMMIT");
        return next ?? current;
      } catch (error) {
        if (this.#db.isTransaction) this.#db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  async list(owner: string | undefined, page: TaskPage): Promise<TaskListing> {
    const after = cursorPosition(page.cursor);
    const rows = await this.#guard(() =>
      this.#statements().list.all(owner ?? null, after, Date.now(), page.limit + 1),
    );
    const tasks = rows
      .slice(0, page.limit)
      .map((row) => JSON.parse(row.record as string) as TaskRecord);
    const last = rows[page.limit - 1];
    return rows.length > page.limit && last !== undefined
      ? { tasks, nextCursor: String(last.rowid) }
      : { tasks };
  }

  #find(taskId: string): TaskRecord | undefined {
    const row = this.#statements().find.get(taskId, Date.now());
    return row === undefined ? undefined : (JSON.parse(row.record as string) as TaskRecord);
  }

  /** Prepared on first use: a memory that never serves tasks never pays for them. */
  #statements(): { [Name in keyof typeof statements]: StatementSync } {
    this.#prepared ??= Object.fromEntries(
      Object.entries(statements).map(([name, sql]) => [name, this.#db.prepare(sql)]),
    ) as { [Name in keyof typeof statements]: StatementSync };
    return this.#prepared;
  }
}
