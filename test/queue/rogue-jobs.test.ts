// Jobs nobody validated: another client of the fleet's Redis writes jobs straight into the queue
// (BullMQ's own Queue.add, as any program could). The worker trusts none of what such a job says:
// its input is validated against the worker's own schema, its time limit and idempotency come from
// the worker's tool, and with a fleet secret only jobs a caller signed run. Outcomes are read from
// the jobs' hashes and from run counters, never from timings.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { type Job, Queue } from "bullmq";
import { Redis } from "ioredis";
import { z } from "zod";
import {
  type ActivityContext,
  activity,
  type ErrorArtifact,
  Tool,
  Toolbox,
  ToolboxError,
} from "../../src/index.js";
import { readQueuedResult } from "../../src/queue/queued-call.js";
import { QueueToolbox, type QueueWorker, startWorker } from "../../src/queue.js";
import { type RedisForTests, startRedis } from "../fixtures/redis-server.js";
import { waitFor } from "./fixtures/worker-fleet.js";

const runs = new Map<string, number>();
const ran = (key: string) => runs.get(key) ?? 0;

class LedgerTool extends Tool {
  @activity({
    description: "Books an amount of a currency to an account",
    schema: z.object({
      key: z.string(),
      amount: z.number().int().max(1_000),
      currency: z.enum(["EUR", "USD"]),
      account: z.object({ id: z.string() }),
    }),
    annotations: { destructive: true },
  })
  book(input: { key: string; amount: number }) {
    runs.set(input.key, ran(input.key) + 1);
    return `booked ${input.amount}`;
  }

  @activity({
    description: "Waits on its signal: a run only its time limit ends",
    schema: z.object({ key: z.string() }),
    annotations: { readOnly: true, idempotent: true },
    timeoutMs: 300,
  })
  async wait(input: { key: string }, context: ActivityContext) {
    runs.set(input.key, ran(input.key) + 1);
    await new Promise((_resolve, reject) => {
      context.signal.addEventListener("abort", () => reject(context.signal.reason));
    });
    return "never";
  }

  @activity({
    description: "Charges a card and holds a worker a while; must never run twice",
    schema: z.object({ key: z.string(), ms: z.number().int().min(0) }),
    annotations: { destructive: true },
  })
  async charge(input: { key: string; ms: number }) {
    runs.set(input.key, ran(input.key) + 1);
    await new Promise((resolve) => setTimeout(resolve, input.ms));
    return "charged";
  }

  @activity({
    description: "Counts the names of a comma-separated list",
    schema: z.object({ names: z.string().transform((text) => text.split(",")) }),
    annotations: { readOnly: true, idempotent: true },
  })
  count(input: { names: string[] }) {
    return `${input.names.length} names`;
  }
}

/** The job's data a QueueToolbox would write, with what a rogue client changes. */
function rogue(activityName: string, input: unknown, extra: Record<string, unknown> = {}) {
  return {
    tool: "LedgerTool",
    activity: activityName,
    input,
    timeoutMs: 60_000,
    idempotent: false,
    callId: "rogue",
    ...extra,
  };
}

/** Waits until the job has ended, and reads how. */
async function ended(queue: Queue, id: string): Promise<Job> {
  return waitFor(`job ${id} to end`, async () => {
    const job = await queue.getJob(id);
    return job?.finishedOn === undefined ? undefined : job;
  });
}

function artifactOf(job: Job): ErrorArtifact {
  const result = readQueuedResult(job.returnvalue);
  assert.ok(result !== undefined, `job ${job.id} has no result: ${job.failedReason}`);
  return result.artifact as ErrorArtifact;
}

describe("a worker given jobs nobody validated", () => {
  let redis: RedisForTests;
  let direct: Redis;
  let queueName: string;
  let queue: Queue;
  let worker: QueueWorker;

  before(async () => {
    redis = await startRedis();
    direct = new Redis(redis.url);
    queueName = `rogue-${randomUUID().slice(0, 8)}`;
    queue = new Queue(queueName, { connection: { url: redis.url } });
    worker = await startWorker(new Toolbox([new LedgerTool()]), {
      connection: redis.url,
      queue: queueName,
      concurrency: 4,
    });
  });
  after(async () => {
    await worker?.close();
    await queue?.close();
    direct?.disconnect();
    await redis?.stop();
  });

  it("refuses input the schema refuses, without running the method", async () => {
    const inputs: [string, unknown, RegExp][] = [
      ["big", { amount: 1e9, currency: "EUR", account: { id: "a" } }, /amount/],
      ["enum", { amount: 5, currency: "GBP", account: { id: "a" } }, /currency/],
      ["object", { amount: 5, currency: "EUR", account: "everyone" }, /account/],
      ["missing", { currency: "EUR", account: { id: "a" } }, /amount/],
      ["string", "amount=5", /object/],
    ];
    for (const [key, input, named] of inputs) {
      const body = typeof input === "object" && input !== null ? { key, ...input } : input;
      const job = await queue.add("LedgerTool.book", rogue("book", body));
      const artifact = artifactOf(await ended(queue, String(job.id)));
      assert.equal(artifact.code, "invalid_input", `${key}: ${artifact.toText()}`);
      assert.match(artifact.toText(), named, key);
      assert.equal(ran(key), 0, key);
    }
    const valid = { key: "valid", amount: 5, currency: "EUR", account: { id: "a" } };
    const job = await queue.add("LedgerTool.book", rogue("book", valid));
    assert.equal(artifactOf(await ended(queue, String(job.id))).toText(), "booked 5");
    assert.equal(ran("valid"), 1);
  });

  it("holds the run to the worker's own time limit, whatever the job asks", async () => {
    for (const timeoutMs of [null, 2_147_483_647]) {
      const key = `limit-${timeoutMs}`;
      const job = await queue.add("LedgerTool.wait", rogue("wait", { key }, { timeoutMs }));
      const artifact = artifactOf(await ended(queue, String(job.id)));
      assert.equal(artifact.code, "timeout", artifact.toText());
      assert.match(artifact.toText(), /timed out after 300 ms/);
      assert.equal(ran(key), 1);
    }
    // A shorter limit is the caller's to ask for.
    const job = await queue.add(
      "LedgerTool.wait",
      rogue("wait", { key: "short" }, { timeoutMs: 50 }),
    );
    assert.match(artifactOf(await ended(queue, String(job.id))).toText(), /timed out after 50 ms/);
    // A limit that is no time limit at all makes no call.
    const broken = await queue.add(
      "LedgerTool.wait",
      rogue("wait", { key: "x" }, { timeoutMs: 0 }),
    );
    const failed = await ended(queue, String(broken.id));
    assert.match(
      failed.failedReason,
      /is not a toolwright call: its time limit is not a whole number/,
    );
    assert.equal(ran("x"), 0);
  });

  it("never runs a non-idempotent activity twice, though the job claims it is idempotent", async () => {
    const lively = { lockDurationMs: 1_000, stalledIntervalMs: 300 };
    const own = `claims-${randomUUID().slice(0, 8)}`;
    const claims = new Queue(own, { connection: { url: redis.url } });
    const first = await startWorker(new Toolbox([new LedgerTool()]), {
      connection: redis.url,
      queue: own,
      ...lively,
    });
    let second: QueueWorker | undefined;
    try {
      const job = await claims.add(
        "LedgerTool.charge",
        rogue("charge", { key: "card", ms: 3_000 }, { idempotent: true }),
        { attempts: 3 },
      );
      await waitFor("the charge to start", async () => (ran("card") === 1 ? true : undefined));
      // The first worker stops without a result: its lock is no longer renewed.
      await first.close(true);
      second = await startWorker(new Toolbox([new LedgerTool()]), {
        connection: redis.url,
        queue: own,
        ...lively,
      });
      const failed = await ended(claims, String(job.id));
      assert.match(failed.failedReason, /it is not idempotent, so it was not run again/);
      assert.ok(failed.attemptsStarted >= 2);
      assert.equal(ran("card"), 1);
    } finally {
      await second?.close();
      await claims.close();
    }
  });

  it("applies the schema's transforms once, on the worker", async () => {
    const caller = new QueueToolbox([new LedgerTool()], {
      connection: redis.url,
      queue: queueName,
    });
    try {
      const call = { name: "LedgerTool_count", arguments: '{"names": "ada,grace,alan"}' };
      const queued = await caller.execute(call);
      assert.equal(queued.artifact.toText(), "3 names");
      assert.equal(
        queued.artifact.toText(),
        (await new Toolbox([new LedgerTool()]).execute(call)).artifact.toText(),
      );
    } finally {
      await caller.close();
    }
  });
});

describe("a fleet with a shared secret", () => {
  const secret = "a shared secret of at least thirty-two bytes";
  let redis: RedisForTests;
  let queueName: string;
  let queue: Queue;
  let worker: QueueWorker;
  let caller: QueueToolbox;

  before(async () => {
    redis = await startRedis();
    queueName = `signed-${randomUUID().slice(0, 8)}`;
    queue = new Queue(queueName, { connection: { url: redis.url } });
    const fleet = { connection: redis.url, queue: queueName, secret };
    worker = await startWorker(new Toolbox([new LedgerTool()]), fleet);
    caller = new QueueToolbox([new LedgerTool()], fleet);
  });
  after(async () => {
    await caller?.close();
    await worker?.close();
    await queue?.close();
    await redis?.stop();
  });

  const booking = (key: string) => ({
    name: "LedgerTool_book",
    arguments: { key, amount: 7, currency: "USD", account: { id: "acct" } },
  });

  it("runs what its callers signed", async () => {
    const result = await caller.execute(booking("signed"));
    assert.equal(result.artifact.toText(), "booked 7");
    assert.equal(ran("signed"), 1);
  });

  it("refuses an unsigned job, a forged signature and a signed job whose input was altered", async () => {
    const valid = { key: "forged", amount: 5, currency: "EUR", account: { id: "a" } };
    const unsigned = await queue.add("LedgerTool.book", rogue("book", valid));
    assert.match(
      (await ended(queue, String(unsigned.id))).failedReason,
      /refused: it is not signed/,
    );
    const forged = await queue.add(
      "LedgerTool.book",
      rogue("book", valid, { issuedAt: Date.now(), signature: "AAAA" }),
    );
    assert.match(
      (await ended(queue, String(forged.id))).failedReason,
      /signature does not match its content/,
    );
    // A real caller's job, its amount raised in Redis before a worker took it.
    const idle = `idle-${randomUUID().slice(0, 8)}`;
    const held = new QueueToolbox([new LedgerTool()], {
      connection: redis.url,
      queue: idle,
      secret,
      noWorkerTimeoutMs: 60_000,
    });
    const idleQueue = new Queue(idle, { connection: { url: redis.url } });
    try {
      const pending = held.execute(booking("altered"));
      const [job] = await waitFor("the signed job", async () => {
        const jobs = await idleQueue.getWaiting();
        return jobs.length === 1 ? jobs : undefined;
      });
      assert.ok(job !== undefined);
      await job.updateData({ ...job.data, input: { ...job.data.input, amount: 999 } });
      const late = await startWorker(new Toolbox([new LedgerTool()]), {
        connection: redis.url,
        queue: idle,
        secret,
      });
      try {
        const result = await pending;
        assert.match(result.artifact.toText(), /signature does not match its content/);
        assert.equal(ran("altered"), 0);
      } finally {
        await late.close();
      }
    } finally {
      await held.close();
      await idleQueue.close();
    }
    assert.equal(ran("forged"), 0);
  });

  it("refuses a copy of a signed job added again under its own id", async () => {
    const result = await caller.execute(booking("once"));
    assert.equal(result.artifact.toText(), "booked 7");
    const done = (await queue.getCompleted()).find((job) => job.data.input.key === "once");
    assert.ok(done !== undefined);
    const copy = { ...done.data };
    const id = String(done.id);
    await done.remove();
    await queue.add("LedgerTool.book", copy, { jobId: id });
    assert.match((await ended(queue, id)).failedReason, /was started before/);
    assert.equal(ran("once"), 1);
  });

  it("refuses a secret shorter than 32 bytes", () => {
    assert.throws(
      () => new QueueToolbox([new LedgerTool()], { connection: redis.url, secret: "short" }),
      (error: unknown) =>
        ToolboxError.isInstance(error) &&
        /"secret" must be a string of at least 32 bytes/.test(error.message),
    );
  });
});
