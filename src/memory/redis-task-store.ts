import type { Redis } from "ioredis";
import { spaceTag } from "./principal-space.js";
import {
  cursorPosition,
  expiresAt,
  type TaskListing,
  type TaskPage,
  type TaskRecord,
  type TaskStore,
} from "./task-store.js";

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

/**
 * Stores a new task and files it under its owner, in creation order (a counter's next value): the
 * owner's index lives as long as its longest-lived task.
 */
const createAndFile = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local place = redis.call('INCR', KEYS[3])
redis.call('ZADD', KEYS[2], place, ARGV[3])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return place
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
    const keys = [this.#key(record.taskId), this.#ownerKey(record.owner), this.#counterKey()];
    const args = [JSON.stringify(record), ttl, record.taskId];
    await this.#run((client) => client.eval(createAndFile, 3, ...keys, ...args), "write");
  }

  async list(owner: string | undefined, page: TaskPage): Promise<TaskListing> {
    const after = cursorPosition(page.cursor);
    const index = this.#ownerKey(owner);
    // One more than a page: whether a next page exists. Members whose task expired are dropped.
    const filed = await this.#run(
      (client) =>
        client.zrangebyscore(index, `(${after}`, "+inf", "WITHSCORES", "LIMIT", 0, page.limit + 1),
      "read",
    );
    const members: { taskId: string; place: string }[] = [];
    for (let at = 0; at + 1 < filed.length; at += 2) {
      members.push({ taskId: filed[at] as string, place: filed[at + 1] as string });
    }
    const shown = members.slice(0, page.limit);
    if (shown.length === 0) return { tasks: [] };
    const found = await this.#run(
      (client) => client.mget(...shown.map(({ taskId }) => this.#key(taskId))),
      "read",
    );
    const tasks: TaskRecord[] = [];
    const gone: string[] = [];
    found.forEach((json, at) => {
      if (json === null) gone.push(shown[at]?.taskId ?? "");
      else tasks.push(JSON.parse(json) as TaskRecord);
    });
    if (gone.length > 0) await this.#run((client) => client.zrem(index, ...gone), "write");
    const last = shown.at(-1);
    return members.length > page.limit && last !== undefined
      ? { tasks, nextCursor: last.place }
      : { tasks };
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

  /** The sorted set of an owner's tasks (the default space's without a tag). */
  #ownerKey(owner: string | undefined): string {
    return owner === undefined
      ? `${this.#keyPrefix}tasks-of`
      : `${this.#keyPrefix}tasks-of@${spaceTag(owner)}`;
  }

  #counterKey(): string {
    return `${this.#keyPrefix}tasks-created`;
  }
}
