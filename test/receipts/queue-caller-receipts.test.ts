// A QueueToolbox's own receipts (the caller's side): a call whose receipt holds a result comes back
// without being queued; a durable agent over a QueueToolbox whose process is SIGKILLed after its
// queued call finished does not queue it again on resume (the worker here keeps no receipts, so only
// the caller's can prevent a second charge); an idempotent call cut short is queued again under the
// same job id, which BullMQ keeps as the one job already done. Real worker processes, a real Redis.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, describe, it } from "node:test";
import { Queue } from "bullmq";
import { RedisReceiptStore } from "../../src/memory-redis.js";
import { QueueToolbox } from "../../src/queue.js";
import { PaymentsTool } from "./fixtures/charge-tool.js";
import { ReceiptStorePlaces } from "./fixtures/receipt-stores.js";

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const places = new ReceiptStorePlaces();
let scratch: Promise<string> | undefined;
after(async () => {
  await places.dispose();
  if (scratch !== undefined) await rm(await scratch, { recursive: true, force: true });
});

/** A fixture process whose kill points (kill-points.ts) go on, except `killAt`, where it is SIGKILLed. */
function child(script: string, args: readonly string[], killAt?: string) {
  const process_ = spawn(process.execPath, ["--import", "tsx", fixture(script), ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  process_.stdin.on("error", () => {});
  const exited = once(process_, "exit");
  const events = { ready: false, killed: false, result: undefined as unknown };
  const said = new Promise<void>((resolve) => {
    createInterface({ input: process_.stdout }).on("line", (line) => {
      if (line === "ready") events.ready = true;
      else if (line.startsWith("result ")) events.result = JSON.parse(line.slice(7));
      else if (line.startsWith("point ")) {
        if (line.slice(6) !== killAt) process_.stdin.write("go\n");
        else {
          events.killed = true;
          process_.kill("SIGKILL");
        }
      } else return;
      resolve();
    });
  });
  return {
    events,
    /** Resolves once the process said something that `check` accepts. */
    async until(check: () => boolean): Promise<void> {
      while (!check()) {
        await Promise.race([said, exited]);
        if (process_.exitCode !== null || process_.signalCode !== null) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    exited,
    async stop() {
      if (process_.exitCode === null && process_.signalCode === null) process_.kill("SIGKILL");
      await exited;
    },
  };
}

async function effectsFile(): Promise<string> {
  scratch ??= mkdtemp(join(tmpdir(), "toolwright-queue-caller-"));
  return join(await scratch, `${crypto.randomUUID()}.log`);
}

const lines = async (path: string) =>
  (await readFile(path, "utf8").catch(() => "")).split("\n").filter((line) => line !== "");

async function jobCount(url: string, queue: string): Promise<number> {
  const handle = new Queue(queue, { connection: { url } });
  try {
    const counts = await handle.getJobCounts();
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  } finally {
    await handle.close();
  }
}

describe("QueueToolbox with receipts", () => {
  it("a call whose receipt holds a result comes back replayed without a job; another input under its id is key_reused", async () => {
    const effects = await effectsFile();
    const { url, keyPrefix } = await places.redis();
    const queue = `caller-${crypto.randomUUID().slice(0, 8)}`;
    const worker = child("queue-worker.ts", [url, queue, effects]);
    await worker.until(() => worker.events.ready);
    const store = new RedisReceiptStore({ url, keyPrefix });
    const caller = new QueueToolbox([new PaymentsTool(effects)], {
      connection: url,
      queue,
      receipts: { store },
    });
    try {
      const call = { id: "c1", name: "PaymentsTool_charge", arguments: { amount: 7 } };
      const first = await caller.execute(call);
      assert.deepEqual(first.artifact.toJSON().value, { charged: 7 });
      assert.equal(await jobCount(url, queue), 1);
      const again = await caller.execute(call);
      assert.ok(again.repairs.some((repair) => repair.step === "replay"));
      assert.deepEqual(again.artifact.toJSON().value, { charged: 7 });
      assert.equal(await jobCount(url, queue), 1, "the replay queued nothing");
      const reused = await caller.execute({ ...call, arguments: { amount: 8 } });
      assert.equal((reused.artifact as { code?: string }).code, "key_reused");
      assert.deepEqual(await lines(effects), ["charge 7"]);
    } finally {
      await caller.close();
      await store.close();
      await worker.stop();
    }
  });

  const cases = [
    // The job finished and the caller recorded it; the run was not saved after the step.
    { tool: "charge", killAt: "receipt-finish-after#1", code: "ok", replayed: true },
    // The job finished; the caller died before recording it: a charge's outcome is unknown.
    { tool: "charge", killAt: "receipt-finish-before#1", code: "outcome_unknown", replayed: false },
    // The same for an idempotent call: queued again under its job id, the finished job answers.
    { tool: "record", killAt: "receipt-finish-before#1", code: "ok", replayed: false },
  ] as const;
  for (const { tool, killAt, code, replayed } of cases) {
    it(`a durable agent's caller killed at ${killAt} after its ${tool} job finished: on resume, it ran once`, async () => {
      const effects = await effectsFile();
      const { url, keyPrefix } = await places.redis();
      const queue = `caller-${crypto.randomUUID().slice(0, 8)}`;
      const runId = `run-${crypto.randomUUID().slice(0, 8)}`;
      const worker = child("queue-worker.ts", [url, queue, effects]);
      try {
        await worker.until(() => worker.events.ready);
        const args = [url, keyPrefix, queue, effects, runId, tool];
        const first = child("queue-caller-child.ts", ["run", ...args], killAt);
        await first.until(() => first.events.killed);
        await first.stop();
        assert.equal(first.events.killed, true, `never reached ${killAt}`);
        assert.equal((await lines(effects)).length, 1, "the job ran before the kill");
        const jobs = await jobCount(url, queue);

        const resumed = child("queue-caller-child.ts", ["resume", ...args]);
        await resumed.exited;
        assert.deepEqual(resumed.events.result, {
          status: "completed",
          calls: [{ code, replayed }],
        });
        assert.equal((await lines(effects)).length, 1, "never twice");
        assert.equal(await jobCount(url, queue), jobs, "no new job");
      } finally {
        await worker.stop();
      }
    });
  }
});
