import type { JsonObject } from "../../schema/json.js";

/**
 * Where an MCP task is: running (`working`), waiting for the client (`input_required`), or done
 * (`completed`, `failed`, `cancelled`, which never change again).
 *
 * @example
 * ```ts
 * const done: TaskStatus[] = ["completed", "failed", "cancelled"];
 * ```
 */
export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

/**
 * What a task store keeps of one task: the wire fields of the Tasks extension, and what replicas
 * need to share (answers not yet taken, a cancel request, the runner's last sign of life).
 *
 * @example
 * ```ts
 * const record: TaskRecord = { taskId: "t1", status: "working", createdAt: now, lastUpdatedAt: now,
 *   ttlMs: 3_600_000, pollIntervalMs: 500, heartbeatAt: Date.now() };
 * ```
 */
export interface TaskRecord {
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly lastUpdatedAt: string;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  /** The asks waiting for the client (`input_required`), by key. */
  readonly inputRequests?: JsonObject;
  /** Answers delivered by `tasks/update` that the runner has not taken yet, by key. */
  readonly inputResponses?: JsonObject;
  /** The tool result, when `completed`. */
  readonly result?: JsonObject;
  /** The JSON-RPC error, when `failed`. */
  readonly error?: JsonObject;
  /** A client asked to cancel; the runner stops the work when it sees it. */
  readonly cancelRequested?: boolean;
  /** When the runner last showed it is alive (epoch milliseconds). */
  readonly heartbeatAt: number;
}

/**
 * Durable task state, shared by every replica that serves the same clients: a record per task, read
 * and changed atomically. `serveMcp` keeps its tasks in one (`tasks.store`); the Task Memory stores
 * provide them (`SqliteArtifactStore`, `RedisArtifactStore`), so a task survives a restart and any
 * replica can answer for it.
 *
 * @example
 * ```ts
 * const store: TaskStore = new InMemoryTaskStore();
 * await store.create(record);
 * await store.update("t1", (task) => ({ ...task, status: "completed", result }));
 * ```
 */
export interface TaskStore {
  /** Stores a new task; a `tasks/get` for it resolves once this does. */
  create(record: TaskRecord): Promise<void>;
  /** The task, or `undefined` (never created, or past its `ttlMs`). */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Changes a task atomically: `change` gets the current record and returns the new one (or
   * `undefined` to leave it); resolves to the record stored after the change, `undefined` for a
   * task it does not hold.
   */
  update(
    taskId: string,
    change: (record: TaskRecord) => TaskRecord | undefined,
  ): Promise<TaskRecord | undefined>;
}

/** @internal Whether a status is final. */
export function isTerminal(status: TaskStatus): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/**
 * Tasks in this process's memory: for one server (or tests); they end with it.
 *
 * @example
 * ```ts
 * await serveMcp(toolbox, { transport: "http", tasks: { store: new InMemoryTaskStore() } });
 * ```
 */
export class InMemoryTaskStore implements TaskStore {
  readonly #tasks = new Map<string, TaskRecord>();

  async create(record: TaskRecord): Promise<void> {
    this.#tasks.set(record.taskId, record);
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const record = this.#tasks.get(taskId);
    if (record === undefined) return undefined;
    if (Date.parse(record.createdAt) + record.ttlMs < Date.now()) {
      this.#tasks.delete(taskId);
      return undefined;
    }
    return record;
  }

  async update(
    taskId: string,
    change: (record: TaskRecord) => TaskRecord | undefined,
  ): Promise<TaskRecord | undefined> {
    const current = await this.get(taskId);
    if (current === undefined) return undefined;
    const next = change(current) ?? current;
    this.#tasks.set(taskId, next);
    return next;
  }
}
