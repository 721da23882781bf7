// The task stores serveMcp keeps MCP tasks in: in process, beside a SqliteArtifactStore's artifacts
// (two connections to one file), and beside a RedisArtifactStore's (two clients of a real
// redis-server). Each `update` is atomic: concurrent changes from two stores lose none.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { InMemoryTaskStore, type TaskRecord, type TaskStore } from "../../src/memory.js";
import { RedisArtifactStore } from "../../src/memory-redis.js";
import { SqliteArtifactStore } from "../../src/memory-sqlite.js";
import { type RedisForTests, startRedis } from "../fixtures/redis-server.js";

function record(ttlMs = 60_000, owner?: string): TaskRecord {
  const now = new Date().toISOString();
  return {
    ...(owner === undefined ? {} : { owner }),
    taskId: randomUUID(),
    status: "working",
    createdAt: now,
    lastUpdatedAt: now,
    ttlMs,
    pollIntervalMs: 1_000,
    heartbeatAt: 0,
  };
}

/** Each of two stores bumps the task's heartbeat `times` times, all at once. */
async function bumpFromBoth(first: TaskStore, second: TaskStore, times: number) {
  const task = record();
  await first.create(task);
  const bump = (store: TaskStore) =>
    store.update(task.taskId, (current) => ({ ...current, heartbeatAt: current.heartbeatAt + 1 }));
  await Promise.all(
    Array.from({ length: times }, (_, index) => bump(index % 2 === 0 ? first : second)),
  );
  return (await second.get(task.taskId))?.heartbeatAt;
}

async function behavesAsAStore(first: TaskStore, second: TaskStore) {
  const task = record();
  await first.create(task);
  assert.deepEqual(await second.get(task.taskId), task);
  assert.equal(await second.get(randomUUID()), undefined);
  assert.equal(await first.update(randomUUID(), (current) => current), undefined);
  // A change that returns undefined leaves the record as it is.
  assert.deepEqual(await first.update(task.taskId, () => undefined), task);
  const done = await second.update(task.taskId, (current) => ({
    ...current,
    status: "completed",
    result: { content: [{ type: "text", text: "done" }] },
  }));
  assert.equal(done?.status, "completed");
  assert.deepEqual((await first.get(task.taskId))?.result, {
    content: [{ type: "text", text: "done" }],
  });
  assert.equal(await bumpFromBoth(first, second, 16), 16);
}

/** Every page of an owner's tasks, `limit` at a time, from the second store. */
async function listAll(store: TaskStore, owner: string | undefined, limit: number) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await store.list?.(owner, { cursor, limit });
    assert.ok(page, "the store lists tasks");
    assert.ok(page.tasks.length <= limit);
    ids.push(...page.tasks.map((task) => task.taskId));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== undefined);
  return { ids, pages };
}

/** Each owner lists only its own tasks, oldest first, across pages; expired ones are not listed. */
async function listsByOwner(first: TaskStore, second: TaskStore) {
  const alice = `alice-${randomUUID()}`;
  const created: Record<string, string[]> = { alice: [], bob: [], none: [] };
  for (let index = 0; index < 7; index++) {
    const [who, owner] = (
      [
        ["alice", alice],
        ["bob", "bob"],
        ["none", undefined],
      ] as const
    )[index % 3] as readonly [string, string | undefined];
    const task = record(60_000, owner);
    await first.create(task);
    created[who]?.push(task.taskId);
  }
  const expired = record(1, alice);
  await first.create(expired);
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual((await listAll(second, alice, 2)).ids, created.alice);
  assert.deepEqual((await listAll(second, alice, 2)).pages, 2);
  assert.deepEqual((await listAll(second, "bob", 1)).ids, created.bob);
  // The default space also holds the tasks made before (without an owner): these come last.
  assert.deepEqual((await listAll(second, undefined, 10)).ids.slice(-2), created.none);
  assert.deepEqual((await listAll(second, "nobody", 10)).ids, []);
  await assert.rejects(
    async () => second.list?.(alice, { cursor: "x'; --", limit: 1 }),
    RangeError,
  );
}

describe("task stores", () => {
  let directory: string;
  let redis: RedisForTests;
  before(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-task-store-"));
    redis = await startRedis();
  });
  after(async () => {
    await rm(directory, { recursive: true, force: true });
    await redis.stop();
  });

  it("InMemoryTaskStore: create, get, atomic update; forgets a task past its ttlMs", async () => {
    const store = new InMemoryTaskStore();
    await behavesAsAStore(store, store);
    await listsByOwner(store, store);
    const short = record(1);
    await store.create(short);
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(await store.get(short.taskId), undefined);
  });

  it("SqliteArtifactStore.tasks: two connections to one file see one set of tasks", async () => {
    const path = join(directory, "tasks.db");
    const [a, b] = [new SqliteArtifactStore({ path }), new SqliteArtifactStore({ path })];
    try {
      await behavesAsAStore(a.tasks, b.tasks);
      await listsByOwner(a.tasks, b.tasks);
      const short = record(1);
      await a.tasks.create(short);
      await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(await b.tasks.get(short.taskId), undefined);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("RedisArtifactStore.tasks: two clients, changes as compare-and-set, keys expire", async () => {
    const keyPrefix = `toolwright-test:${randomUUID()}:`;
    const [a, b] = [
      new RedisArtifactStore({ url: redis.url, keyPrefix }),
      new RedisArtifactStore({ url: redis.url, keyPrefix }),
    ];
    try {
      await behavesAsAStore(a.tasks, b.tasks);
      await listsByOwner(a.tasks, b.tasks);
      const short = record(1);
      await a.tasks.create(short);
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(await b.tasks.get(short.taskId), undefined);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
