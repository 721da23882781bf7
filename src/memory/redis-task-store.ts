import type { Redis } from "ioredis";
import { expiresAt, type TaskRecord, type TaskStore } from "./task-store.js";

/** Runs one command within the artifact store's time limit and errors (`MemoryStoreError`). */
type Run = <T>(operation: (client: Redis) => Promise<T>, kind: "read" | "write") => Promise<T>;

/**
 * Replaces a record only if it is still the one the change was computed from: every client sees the
 * read-change-write as one step, without WATCH (which a shared connection cannot hold per caller).
 */
const compareAndSet = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
  return 1
end
return 0
`;

/** A change that lost to another one this many times in a row is reported, not retried forever. */
const maxAttempts = 64;

/**
 * @internal The task records of a `RedisArtifactStore`, one key each under its prefix, expiring with
 * the task's `ttlMs` (Redis forgets them itself): every replica on the same server and prefix sees
 * the same tasks, and each change is a compare-and-set script, atomic for every client.
 */
export class RedisTaskStore implements TaskStore {
  readonly #keyPrefix: string;
  readonly #run: Run;

  constructor(keyPrefix: string, run: Run) {
    this.#keyPrefix = keyPrefix;
    this.#run = run;
  }

  async create(record: TaskRecord): Promise<void> {
    const ttl = Math.max(1, expiresAt(record) - Date.now());
    await this.#run(
      (client) => client.set(this.#key(record.taskId), JSON.stringify(record), "PX", ttl),
      "write",
    );
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const json = await this.#run((client) => client.get(this.#key(taskId)), "read");
    return json === null ? undefined : (JSON.parse(json) as TaskRecord);
  }

  async update(
    taskId: string,
    change: (record: TaskRecord) => TaskRecord | undefined,
  ): Promise<TaskRecord | undefined> {
    const key = this.#key(taskId);
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const json = await this.#run((client) => client.get(key), "read");
      if (json === null) return undefined;
      const current = JSON.parse(json) as TaskRecord;
      const next = change(current);
      if (next === undefined) return current;
      const swapped = await this.#run(
        (client) => client.eval(compareAndSet, 1, key, json, JSON.stringify(next)),
        "write",
      );
      if (swapped === 1) return next;
    }
    throw new Error(`task ${taskId} kept changing under ${maxAttempts} attempts to change it`);
  }

  #key(taskId: string): string {
    return `${this.#keyPrefix}task:${taskId}`;
  }
}
