// QueueToolbox against a real fleet: a redis-server of its own and three `toolwright worker`
// processes on the fixture tools. Outcomes are asserted through counters the tools keep in Redis
// (runs, starts, aborts, most users at once), never through timings.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { ErrorArtifact, InfoArtifact, Toolbox } from "../../src/index.js";
import { memoryReferencesOf, TaskMemory } from "../../src/memory.js";
import { RedisArtifactStore } from "../../src/memory-redis.js";
import { QueueToolbox, startWorker } from "../../src/queue.js";
import type { ActivityProgress } from "../../src/tool/tool-options.js";
import { type RedisForTests, startRedis } from "../fixtures/redis-server.js";
import { FleetTool, PageTool } from "./fixtures/fleet-tools.js";
import {
  type FleetSettings,
  startWorkerProcess,
  type WorkerProcess,
  waitFor,
} from "./fixtures/worker-fleet.js";

describe("QueueToolbox with three worker processes", () => {
  let redis: RedisForTests;
  let admin: Redis;
  let settings: FleetSettings;
  let workers: WorkerProcess[] = [];
  let toolbox: QueueToolbox;
  let mainQueue: Queue;
  const count = async (key: string) => Number((await admin.get(`${settings.ns}:${key}`)) ?? 0);

  before(async () => {
    redis = await startRedis();
    admin = new Redis(redis.url);
    const id = randomUUID().slice(0, 8);
    settings = {
      redisUrl: redis.url,
      queue: `fleet-${id}`,
      ns: `fleet-test-${id}`,
      limits: { "FleetTool.scarce": 2 },
      lockDurationMs: 3_000,
      stalledIntervalMs: 500,
    };
    workers = await Promise.all(
      ["w1", "w2", "w3"].map((label) => startWorkerProcess(settings, label)),
    );
    toolbox = new QueueToolbox([new FleetTool(), new PageTool()], {
      connection: redis.url,
      queue: settings.queue,
      limits: settings.limits,
      backoffMs: 100,
    });
    mainQueue = new Queue(settings.queue, { connection: { url: redis.url } });
  });
  after(async () => {
    await toolbox?.close();
    await mainQueue?.close();
    await Promise.all(workers.map((worker) => worker.stop()));
    admin?.disconnect();
    await redis?.stop();
  });

  it("refuses a call that does not validate as Toolbox.execute does, without making a job", async () => {
    const call = { id: "bad", name: "FleetTool_where", arguments: '{"ms": "soon"}' };
    const before = await mainQueue.getJobCounts();
    const queued = await toolbox.execute(call);
    const local = await new Toolbox([new FleetTool(), new PageTool()]).execute(call);
    assert.ok(queued.artifact instanceof ErrorArtifact);
    assert.deepEqual(queued.artifact.toJSON(), {
      ...local.artifact.toJSON(),
      id: queued.artifact.id,
      name: queued.artifact.name,
    });
    assert.deepEqual(await mainQueue.getJobCounts(), before);
  });

  it("spreads calls over the workers and repairs in the caller", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        toolbox.execute({ id: `w${index}`, name: "FleetTool.where", arguments: "{'ms': 300,}" }),
      ),
    );
    const labels = new Set(results.map((result) => result.artifact.toText()));
    assert.deepEqual([...labels].sort(), ["w1", "w2", "w3"]);
    assert.equal(results[0]?.id, "w0");
    assert.equal(results[0]?.activityName, "where");
    assert.ok(results[0]?.repairs.some((repair) => repair.step === "repair-json"));
  });

  it("queues each call of a batch, also those inside a parallel wrapper", async () => {
    const progress: string[] = [];
    const [plain, wrapper] = await toolbox.executeAll(
      [
        { id: "a", name: "FleetTool_steps", arguments: { steps: 1 } },
        {
          id: "p",
          name: "multi_tool_use.parallel",
          arguments: {
            tool_uses: [
              { recipient_name: "functions.FleetTool_steps", parameters: { steps: 2 } },
              { recipient_name: "functions.FleetTool_where", parameters: { ms: 0 } },
            ],
          },
        },
      ],
      { onCallProgress: (call, report) => progress.push(`${call.id}:${report.progress}`) },
    );
    assert.equal(plain?.artifact.toText(), "1 steps");
    assert.deepEqual(
      wrapper?.calls?.map((call) => call.artifact.toText().replace(/^w\d$/, "a worker")),
      ["2 steps", "a worker"],
    );
    assert.ok(progress.includes("a:1") && progress.includes("p.0:2"), progress.join(" "));
  });

  it("passes the activity's progress reports to the caller's onProgress", async () => {
    const reports: ActivityProgress[] = [];
    const result = await toolbox.execute(
      { name: "FleetTool_steps", arguments: { steps: 3 } },
      { onProgress: (report) => reports.push(report) },
    );
    assert.equal(result.artifact.toText(), "3 steps");
    assert.deepEqual(reports.at(-1), { progress: 3, total: 3, message: "step 3" });
    const values = reports.map((report) => report.progress);
    assert.deepEqual(values, [...values].sort());
  });

  it("holds an activity's concurrency limit across the fleet", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        toolbox.execute({ name: "FleetTool_scarce", arguments: { ms: 400 } }),
      ),
    );
    assert.deepEqual(new Set(results.map((result) => result.artifact.toText())), new Set(["used"]));
    // Three workers could run three at once: the limit, not the pool, kept it to two.
    assert.equal(await count("scarce:most"), 2);
    const unaware = new QueueToolbox([new FleetTool()], {
      connection: redis.url,
      queue: settings.queue,
    });
    try {
      const refused = await unaware.execute({ name: "FleetTool_scarce", arguments: { ms: 0 } });
      assert.equal((refused.artifact as ErrorArtifact).code, "queue_failed");
      assert.match(refused.artifact.toText(), /the same "limits" as its workers/);
    } finally {
      await unaware.close();
    }
  });

  it("holds the run to the caller's time limit on the worker, and the caller's wait to its own", async () => {
    const limited = await toolbox.execute(
      { name: "FleetTool_hold_idempotent", arguments: { key: "limited", ms: 30_000 } },
      { timeoutMs: 300 },
    );
    assert.equal((limited.artifact as ErrorArtifact).code, "timeout");
    assert.match(limited.artifact.toText(), /timed out after 300 ms/);
    const impatient = new QueueToolbox([new FleetTool()], {
      connection: redis.url,
      queue: settings.queue,
      waitTimeoutMs: 1_000,
    });
    try {
      const waited = await impatient.execute({
        name: "FleetTool_hold_idempotent",
        arguments: { key: "impatient", ms: 30_000 },
      });
      assert.equal((waited.artifact as ErrorArtifact).code, "timeout");
      assert.match(waited.artifact.toText(), /No result .* within 1000 ms; it was cancelled/);
      await waitFor("the worker to abort it", () => admin.get(`${settings.ns}:aborted:impatient`));
    } finally {
      await impatient.close();
    }
  });

  it("publishes the tool-call events of a queued call", async () => {
    const ended: unknown[] = [];
    const listener = (event: unknown) => ended.push(event);
    subscribe("toolwright:tool-call:end", listener);
    try {
      await toolbox.execute({ id: "seen", name: "FleetTool_where", arguments: { ms: 0 } });
    } finally {
      unsubscribe("toolwright:tool-call:end", listener);
    }
    assert.equal(ended.length, 1);
    assert.partialDeepStrictEqual(ended[0], {
      id: "seen",
      toolName: "FleetTool",
      activityName: "where",
      artifactType: "TextArtifact",
    });
  });

  it("sends a result over maxResultChars through a shared task memory, or refuses it", async () => {
    const queue = `long-${randomUUID().slice(0, 8)}`;
    const memory = new TaskMemory({ store: new RedisArtifactStore({ url: redis.url }) });
    const shared = await startWorker(new Toolbox([new FleetTool()], { taskMemory: memory }), {
      connection: redis.url,
      queue,
      maxResultChars: 1_000,
    });
    const caller = new QueueToolbox([new FleetTool()], { connection: redis.url, queue });
    try {
      const small = await caller.execute({ name: "FleetTool_long", arguments: { chars: 100 } });
      assert.equal(small.artifact.type, "TextArtifact");
      const large = await caller.execute({ name: "FleetTool_long", arguments: { chars: 5_000 } });
      const [reference] = memoryReferencesOf(large.artifact);
      assert.ok(reference !== undefined, large.artifact.toText());
      const stored = await memory.loadArtifacts(reference.artifact_namespace);
      assert.match(stored.value[0]?.toText() ?? "", /^start x+ end$/);
      await shared.close();
      const alone = await startWorker(new Toolbox([new FleetTool()]), {
        connection: redis.url,
        queue,
        maxResultChars: 1_000,
      });
      try {
        const refused = await caller.execute({
          name: "FleetTool_long",
          arguments: { chars: 5_000 },
        });
        assert.equal((refused.artifact as ErrorArtifact).code, "result_too_large");
      } finally {
        await alone.close();
      }
    } finally {
      await shared.close();
      await caller.close();
      await memory.close();
    }
  });

  it("returns an off-prompt result as a memory reference any worker can read", async () => {
    const stored = await toolbox.execute({ name: "PageTool_fetch", arguments: { word: "zebra" } });
    assert.ok(stored.artifact instanceof InfoArtifact, stored.artifact.toText());
    const [reference] = memoryReferencesOf(stored.artifact);
    assert.ok(reference !== undefined);
    const found = await toolbox.execute({
      name: "TaskMemoryTool_search",
      arguments: { ...reference, query: "secret word" },
    });
    assert.match(found.artifact.toText(), /the secret word is zebra/);
  });

  it("withdraws an aborted call: never run while queued, aborted on its worker while running", async () => {
    const busy = ["busy1", "busy2", "busy3"].map((key) =>
      toolbox.execute({ name: "FleetTool_hold_idempotent", arguments: { key, ms: 2_000 } }),
    );
    for (const key of ["busy1", "busy2", "busy3"]) {
      await waitFor(`${key} to start`, () => admin.get(`${settings.ns}:started:${key}`));
    }
    const queued = new AbortController();
    const never = toolbox.execute(
      { name: "FleetTool_charge", arguments: { key: "never", ms: 0 } },
      { signal: queued.signal },
    );
    await waitFor("the call to be queued", async () =>
      (await mainQueue.getWaitingCount()) > 0 ? true : undefined,
    );
    queued.abort(new Error("user left"));
    await assert.rejects(never, /user left/);
    await Promise.all(busy);
    await sleep(500);
    assert.equal(await count("runs:never"), 0);
    assert.equal(await mainQueue.getWaitingCount(), 0);

    const running = new AbortController();
    const cut = toolbox.execute(
      { name: "FleetTool_hold_idempotent", arguments: { key: "cut", ms: 60_000 } },
      { signal: running.signal },
    );
    await waitFor("cut to start", () => admin.get(`${settings.ns}:started:cut`));
    running.abort(new Error("stop it"));
    await assert.rejects(cut, /stop it/);
    const where = await waitFor("the worker to abort cut", () =>
      admin.get(`${settings.ns}:aborted:cut`),
    );
    assert.equal(where, await admin.get(`${settings.ns}:started:cut`));
  });

  it("runs an idempotent call again on another worker when its worker is killed", async () => {
    const pending = toolbox.execute({
      name: "FleetTool_hold_idempotent",
      arguments: { key: "survivor", ms: 1_000 },
    });
    const first = await waitFor("survivor to start", () =>
      admin.get(`${settings.ns}:started:survivor`),
    );
    await workers.find((worker) => worker.label === first)?.kill();
    const result = await pending;
    const again = result.artifact.toText().replace("done survivor on ", "");
    assert.match(result.artifact.toText(), /^done survivor on w\d$/);
    assert.notEqual(again, first);
    assert.equal(await count("runs:survivor"), 2);
  });

  it("never runs a non-idempotent call twice: a killed worker's call ends with outcome_unknown", async () => {
    const pending = toolbox.execute({
      name: "FleetTool_charge",
      arguments: { key: "card", ms: 1_000 },
    });
    const first = await waitFor("card to start", () => admin.get(`${settings.ns}:started:card`));
    await workers.find((worker) => worker.label === first)?.kill();
    const result = await pending;
    assert.ok(result.artifact instanceof ErrorArtifact);
    assert.equal(result.artifact.code, "outcome_unknown");
    assert.match(result.artifact.toText(), /may or may not have taken effect/);
    // The job is over (failed): wait past another stall check before counting.
    await sleep(1_500);
    assert.equal(await count("runs:card"), 1);
  });

  it("ends a call with no_worker when its queue has no worker, and withdraws its job", async () => {
    const queue = `empty-${randomUUID().slice(0, 8)}`;
    const lonely = new QueueToolbox([new FleetTool()], {
      connection: redis.url,
      queue,
      noWorkerTimeoutMs: 1_000,
    });
    const waiting = new Queue(queue, { connection: { url: redis.url } });
    try {
      const result = await lonely.execute({ name: "FleetTool_where", arguments: { ms: 0 } });
      assert.ok(result.artifact instanceof ErrorArtifact);
      assert.equal(result.artifact.code, "no_worker");
      assert.match(result.artifact.toText(), /^No worker available/);
      await waitFor("the job to be withdrawn", async () =>
        (await waiting.getWaitingCount()) === 0 ? true : undefined,
      );
    } finally {
      await lonely.close();
      await waiting.close();
    }
  });
});
