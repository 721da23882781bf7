import type { JsonObject } from "../schema/json.js";

/**
 * Where a task is: running (`working`), waiting for its caller's answers (`input_required`), or done
 * (`completed`, `failed`, `cancelled`, which never change again).
 *
 * @example
 * ```ts
 * const done: TaskStatus[] = ["completed", "failed", "cancelled"];
 * ```
 */
export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

/**
 * What a task store keeps of one task: its status and timestamps, what it waits for, its outcome,
 * and the runner's last sign of life, which every process serving the same clients shares.
 *
 * @example
 * ```ts
 * const now = new Date().toISOString();
 * const record: TaskRecord = { taskId: "t1", status: "working", createdAt: now, lastUpdatedAt: now,
 *   ttlMs: 3_600_000, pollIntervalMs: 1_000, heartbeatAt: Date.now() };
 * ```
 */
export interface TaskRecord {
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly lastUpdatedAt: string;
  /** How long the task is kept from its creation, in milliseconds. */
  readonly ttlMs: number;
  /** How often its caller should look at it, in milliseconds. */
  readonly pollIntervalMs: number;
  /** The asks waiting for answers (`input_required`), by key. */
  readonly inputRequests?: JsonObject;
  /** Answers that arrived and that the runner has not taken yet, by key. */
  readonly inputResponses?: JsonObject;
  /** The call's result, when `completed`. */
  readonly result?: JsonObject;
  /** The JSON-RPC error it ended with, when `failed`. */
  readonly error?: JsonObject;
  /**
   * When the process running it last showed it is alive (epoch milliseconds); `0` when that process
   * let it go (it was shutting down), so another one may take it over at once.
   */
  readonly heartbeatAt: number;
  /**
   * The principal that created it (an MCP session, a token's holder: see docs/security.md): only
   * requests of that principal see it. Absent for the default space (a single-user server).
   */
  readonly owner?: string;
}

/**
 * Task state that outlives one process and is shared by every replica serving the same clients: a
 * record per task, read and changed atomically, gone once its `ttlMs` has passed. `serveMcp` keeps
 * its MCP tasks in one; the stores of a `TaskMemory` hold one beside their artifacts
 * (`SqliteArtifactStore.tasks`, `RedisArtifactStore.tasks`), which `serveMcp` uses by default, so a
 * task survives a restart and any replica can answer for it.
 *
 * @example
 * ```ts
 * const store: TaskStore = new InMemoryTaskStore();
 * await store.create(record);
 * await store.update("t1", (task) => ({ ...task, status: "completed", result }));
 * ```
 */
export interface TaskStore {
  /** Stores a new task; a `get` anywhere finds it once this resolves. */
  create(record: TaskRecord): Promise<void>;
  /** The task, or `undefined` (never created, or past its `ttlMs`). */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Changes a task atomically (no other change lands between the read and the write, in any
   * process): `change` gets the current record and returns the new one, or `undefined` to leave it as
   * it is (it may be called more than once, so it must not act). Resolves to the record stored
   * afterwards, `undefined` for a task the store does not hold.
   */
  update(
    taskId: string,
    change: (record: TaskRecord) => TaskRecord | undefined,
  ): Promise<TaskRecord | undefined>;
  /**
   * One page of the tasks `owner` created (`undefined`: the default space's), oldest first, with a
   * cursor for the next page when there is one. Optional: without it, `serveMcp` serves no
   * `tasks/list` (2025-11-25).
   */
  list?(owner: string | undefined, page: TaskPage): Promise<TaskListing>;
}

/**
 * Which page of a principal's tasks to list: after `cursor` (from the previous page), at most `limit`.
 *
 * @example
 * ```ts
 * const first = await store.list?.("alice", { limit: 50 });
 * ```
 */
export interface TaskPage {
  readonly cursor?: string | undefined;
  readonly limit: number;
}

/**
 * A page of tasks, and the cursor of the next page when there are more.
 *
 * @example
 * ```ts
 * const { tasks, nextCursor } = (await store.list?.("alice", { limit: 50 })) ?? { tasks: [] };
 * ```
 */
export interface TaskListing {
  readonly tasks: readonly TaskRecord[];
  readonly nextCursor?: string;
}

/** @internal The cursor a listing continues after: a non-negative integer, else a `RangeError`. */
export function cursorPosition(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,15}$/.test(cursor)) throw new RangeError(`not a task list cursor: ${cursor}`);
  return Number(cursor);
}

/** @internal The task store an artifact store keeps beside its artifacts (`tasks`), if it keeps one. */
export function taskStoreOf(store: object): TaskStore | undefined {
  const tasks = (store as { tasks?: unknown }).tasks;
  return isTaskStore(tasks) ? tasks : undefined;
}

/** @internal Whether a value has the methods of a `TaskStore`. */
export function isTaskStore(value: unknown): value is TaskStore {
  if (typeof value !== "object" || value === null) return false;
  const methods = value as Record<string, unknown>;
  return ["create", "get", "update"].every((name) => typeof methods[name] === "function");
}

/** @internal Whether a status is final. */
export function isTerminal(status: TaskStatus): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** @internal When a task may be forgotten (epoch milliseconds). */
export function expiresAt(record: TaskRecord): number {
  return Date.parse(record.createdAt) + record.ttlMs;
}

/** Expired tasks a `create` clears, at most: creating stays cheap however many expired at once. */
const sweepLimit = 16;

/**
 * Tasks in this process's memory, for one server (and tests): they end with it. `serveMcp`'s default
 * when its toolbox's task memory keeps no tasks.
 *
 * @example
 * ```ts
 * await serveMcp(toolbox, { transport: "http", tasks: { store: new InMemoryTaskStore() } });
 * ```
 */
export class InMemoryTaskStore implements TaskStore {
  /** Each task with its place in creation order (the map keeps insertion order too). */
  readonly #tasks = new Map<string, { record: TaskRecord; readonly place: number }>();
  #created = 0;

  async create(record: TaskRecord): Promise<void> {
    // Oldest first: the map keeps insertion order, and most tasks share one time to live.
    let swept = 0;
    for (const [taskId, task] of this.#tasks) {
      if (swept === sweepLimit || expiresAt(task.record) >= Date.now()) break;
      this.#tasks.delete(taskId);
      swept += 1;
    }
    this.#created += 1;
    this.#tasks.set(record.taskId, { record, place: this.#created });
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    return this.#current(taskId)?.record;
  }

  async update(
    taskId: string,
    change: (record: TaskRecord) => TaskRecord | undefined,
  ): Promise<TaskRecord | undefined> {
    // Read, change and write in one synchronous step: no other update can land in between.
    const current = this.#current(taskId);
    if (current === undefined) return undefined;
    const next = change(current.record);
    if (next === undefined) return current.record;
    current.record = next;
    return next;
  }

  async list(owner: string | undefined, page: TaskPage): Promise<TaskListing> {
    // The cursor is the creation place of the last task listed: tasks that expire in between move nothing.
    const after = cursorPosition(page.cursor);
    const tasks: TaskRecord[] = [];
    let last = after;
    for (const [taskId, { place }] of [...this.#tasks]) {
      if (place <= after) continue;
      const record = this.#current(taskId)?.record;
      if (record === undefined || record.owner !== owner) continue;
      if (tasks.length === page.limit) return { tasks, nextCursor: String(last) };
      tasks.push(record);
      last = place;
    }
    return { tasks };
  }

  #current(taskId: string): { record: TaskRecord; readonly place: number } | undefined {
    const task = this.#tasks.get(taskId);
    if (task === undefined || expiresAt(task.record) >= Date.now()) return task;
    this.#tasks.delete(taskId);
    return undefined;
  }
}
