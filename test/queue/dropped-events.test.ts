// A caller whose event reader missed a job's `completed` event (trimmed from BullMQ's capped event
// stream before it was read) still gets the result, from the job's own hash, instead of waiting out
// its wait limit. The proxy holds the caller's event reader while the job runs and the stream is
// trimmed, so the event is lost for certain.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { Redis } from "ioredis";
import { Toolbox } from "../../src/index.js";
import { finishedJobs } from "../../src/queue/finished-jobs.js";
import { QueueToolbox, type QueueWorker, startWorker } from "../../src/queue.js";
import { type RedisForTests, startRedis } from "../fixtures/redis-server.js";
import { FleetTool } from "./fixtures/fleet-tools.js";
import { type HoldingRedisProxy, holdingRedisProxy } from "./fixtures/holding-redis-proxy.js";
import { waitFor } from "./fixtures/worker-fleet.js";

describe("a queued call whose end never came through the event stream", () => {
  const queue = `dropped-${randomUUID().slice(0, 8)}`;
  let redis: RedisForTests;
  let direct: Redis;
  let proxy: HoldingRedisProxy;
  let worker: QueueWorker;
  let caller: QueueToolbox;

  before(async () => {
    redis = await startRedis();
    direct = new Redis(redis.url);
    proxy = await holdingRedisProxy(redis.url);
    worker = await startWorker(new Toolbox([new FleetTool()]), { connection: redis.url, queue });
    // The watch that finds ended jobs runs every noWorkerTimeoutMs / 5; the wait limit is far longer.
    caller = new QueueToolbox([new FleetTool()], {
      connection: proxy.url,
      queue,
      noWorkerTimeoutMs: 1_000,
      waitTimeoutMs: 60_000,
    });
  });
  after(async () => {
    await caller.close();
    await worker.close();
    await proxy.close();
    await direct.quit();
    await redis.stop();
  });

  const call = (chars: number) => caller.execute({ name: "FleetTool_long", arguments: { chars } });
  const completed = () => direct.zcard(`bull:${queue}:completed`);

  it("gets the result from the job itself, not a wait timeout", async () => {
    // The first call opens the caller's event reader, and comes back through it.
    assert.equal((await call(3)).artifact.toText(), "start xxx end");
    proxy.hold();
    const pending = call(12);
    await waitFor("the second job to complete", async () =>
      (await completed()) === 2 ? true : undefined,
    );
    // Every event since the hold, `completed` among them, is gone before the reader asks again.
    await direct.xtrim(`bull:${queue}:events`, "MAXLEN", 0);
    proxy.release();
    const result = await pending;
    assert.equal(result.artifact.type, "TextArtifact", result.artifact.toText());
    assert.equal(result.artifact.toText(), `start ${"x".repeat(12)} end`);
    // The connection serves on: a later call comes back through the event stream again.
    assert.equal((await call(4)).artifact.toText(), "start xxxx end");
  });

  it("reads how jobs ended from their hashes: completed, failed, still running, gone", async () => {
    const key = (id: string) => `bull:${queue}:${id}`;
    await direct.hset(key("done"), { finishedOn: "1", returnvalue: '{"repairs":[]}' });
    await direct.hset(key("broke"), { finishedOn: "2", failedReason: "worker lost" });
    // A failed attempt that will be retried has a reason but no finishedOn.
    await direct.hset(key("retrying"), { failedReason: "first attempt", attemptsMade: "1" });
    const ids = ["done", "broke", "retrying", "missing"];
    const found = await finishedJobs(
      direct,
      "bull",
      ids.map((jobId) => ({ queue, jobId })),
    );
    assert.deepEqual(Object.fromEntries(found), {
      done: { completed: true, returnvalue: { repairs: [] } },
      broke: { completed: false, failedReason: "worker lost" },
    });
    assert.equal((await finishedJobs(direct, "bull", [])).size, 0);
  });
});
