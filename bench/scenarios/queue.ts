// Scenario 11, queue (issue 18): activities on a BullMQ worker fleet. Throughput of an I/O-bound
// activity (200 ms await) with 1, 2 and 4 worker processes (queue-child.ts, concurrency 1 each, so
// the figure is the fleet's scaling), and the time a queued call adds to a direct `Toolbox.execute`
// of an activity that does nothing (p50, p99), against a redis-server of its own on 127.0.0.1.
// Run alone: npm run bench -- --only queue
import { type ChildProcessByStdio, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { Toolbox } from "../../src/index.js";
import { QueueToolbox } from "../../src/queue.js";
import { startRedis } from "../../test/fixtures/redis-server.js";
import { percentile } from "../harness.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import { QueueBenchTool } from "./queue-child.js";

interface FleetRun {
  readonly workers: number;
  readonly calls: number;
  readonly seconds: number;
  readonly callsPerSecond: number;
}

interface Latencies {
  readonly p50: number;
  readonly p99: number;
}

type Child = ChildProcessByStdio<Writable, Readable, null>;

/** Starts a worker process and resolves once it serves the queue. */
async function startChild(redisUrl: string, queue: string): Promise<Child> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      new URL("queue-child.ts", import.meta.url).pathname,
      "--redis",
      redisUrl,
      "--queue",
      queue,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const { value, done } = await lines.next();
  if (done === true || value !== "ready") throw new Error("a queue worker did not start");
  return child;
}

async function stopChild(child: Child): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.stdin.end();
  await exited;
}

/** `count` calls of `activity` at once; every one must come back with its own number. */
async function burst(toolbox: Toolbox, activity: string, count: number, from = 0): Promise<void> {
  const results = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      toolbox.execute({ name: `QueueBenchTool_${activity}`, arguments: { n: from + index } }),
    ),
  );
  results.forEach((result, index) => {
    if (result.artifact.toText() !== String(from + index)) {
      throw new Error(`queued call ${index} came back with ${result.artifact.toText()}`);
    }
  });
}

/** Latencies of `count` calls one after another, in ms, sorted. */
async function sequential(toolbox: Toolbox, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const result = await toolbox.execute({ name: "QueueBenchTool_echo", arguments: { n: index } });
    latencies.push(performance.now() - started);
    if (result.artifact.toText() !== String(index)) throw new Error("echo came back wrong");
  }
  return latencies;
}

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const calls = options.quick ? 16 : 80;
  const overheadCalls = options.quick ? 100 : 1_000;
  const loadBefore = loadavg()[0] ?? 0;
  const redis = await startRedis();
  const queue = `bench-${randomUUID().slice(0, 8)}`;
  const children: Child[] = [];
  const queued = new QueueToolbox([new QueueBenchTool()], { connection: redis.url, queue });
  const direct = new Toolbox([new QueueBenchTool()]);
  const fleet: FleetRun[] = [];
  let queuedLatencies: number[] = [];
  let directLatencies: number[] = [];
  try {
    for (const size of [1, 2, 4]) {
      while (children.length < size) children.push(await startChild(redis.url, queue));
      console.error(`bench: queue, ${size} worker${size === 1 ? "" : "s"}…`);
      // Warm: every worker has taken jobs and every connection is up.
      await burst(queued, "wait", 2 * size);
      const started = performance.now();
      await burst(queued, "wait", calls, 1_000);
      const seconds = (performance.now() - started) / 1_000;
      fleet.push({ workers: size, calls, seconds, callsPerSecond: calls / seconds });
      if (size === 1) {
        // Overhead with one idle worker: blocks of direct and queued calls take turns, so both see
        // the same noise.
        await sequential(queued, 20);
        await sequential(direct, 20);
        for (let block = 0; block < 10; block++) {
          queuedLatencies.push(...(await sequential(queued, overheadCalls / 10)));
          directLatencies.push(...(await sequential(direct, overheadCalls / 10)));
        }
        queuedLatencies = queuedLatencies.sort((a, b) => a - b);
        directLatencies = directLatencies.sort((a, b) => a - b);
      }
    }
  } finally {
    await queued.close();
    await Promise.all(children.map(stopChild));
    await redis.stop();
  }
  const loadAfter = loadavg()[0] ?? 0;
  const stats = (sorted: number[]): Latencies => ({
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  });
  return report(fleet, stats(queuedLatencies), stats(directLatencies), {
    overheadCalls,
    loadBefore,
    loadAfter,
  });
}

function report(
  fleet: readonly FleetRun[],
  queuedMs: Latencies,
  directMs: Latencies,
  context: { overheadCalls: number; loadBefore: number; loadAfter: number },
): ScenarioResult {
  const one = fleet[0]?.callsPerSecond ?? Number.NaN;
  const four = fleet.find((run) => run.workers === 4)?.callsPerSecond ?? Number.NaN;
  const scaling = four / one;
  const rows = fleet.map(
    (run) =>
      `| ${run.workers} | ${run.calls} | ${run.seconds.toFixed(2)} | ${run.callsPerSecond.toFixed(1)} | ${(run.callsPerSecond / one).toFixed(2)}× | ${(run.workers * 5).toFixed(0)} |`,
  );
  const ms = (value: number) => (value < 0.1 ? value.toFixed(4) : value.toFixed(2));
  const section = [
    "## 11. Queue",
    "",
    `A \`QueueToolbox\` in the bench process, a redis-server of its own on 127.0.0.1 and 1, 2, then 4 worker processes (\`startWorker\`, concurrency 1 each: the figure is the fleet's scaling, not one process's). _Throughput_: ${fleet[0]?.calls ?? 0} calls of an activity that awaits 200 ms (as a call to a slow service does), all sent at once, after a warm-up; each worker can do at most 5 a second. _Overhead_: ${context.overheadCalls.toLocaleString("en-US")} calls one after another of an activity that returns at once, queued (one idle worker) and through a local \`Toolbox.execute\`, in alternating blocks; the difference is what the queue adds (the job's round trips through Redis: add, the worker's fetch, the result on the event stream). Load average (1 min, which lags and counts the bench's own processes): ${context.loadBefore.toFixed(2)} before, ${context.loadAfter.toFixed(2)} after.`,
    "",
    "| workers | calls | seconds | calls/s | × 1 worker | ideal calls/s |",
    "| ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    "| one call | p50 ms | p99 ms |",
    "| --- | ---: | ---: |",
    `| \`Toolbox.execute\` | ${ms(directMs.p50)} | ${ms(directMs.p99)} |`,
    `| \`QueueToolbox.execute\` | ${ms(queuedMs.p50)} | ${ms(queuedMs.p99)} |`,
    `| added by the queue | ${ms(queuedMs.p50 - directMs.p50)} | ${ms(queuedMs.p99 - directMs.p99)} |`,
    "",
    `Target: at least 3.5× the throughput from 1 to 4 workers. Measured: ${scaling.toFixed(2)}× (${scaling >= 3.5 ? "met" : "missed"}).`,
    "",
  ].join("\n");
  return {
    section,
    headline: [
      {
        measure: "Queued calls: 1 → 4 workers (200 ms I/O); added per call",
        toolwright: `${scaling.toFixed(2)}× throughput; +${ms(queuedMs.p50 - directMs.p50)} ms p50, +${ms(queuedMs.p99 - directMs.p99)} ms p99`,
        others: "no anchor queues tool calls",
      },
    ],
  };
}

/** Scenario 11: a BullMQ worker fleet's scaling, and the time a queued call adds. */
export const queueScenario: Scenario = { id: "queue", title: "Queue", run };
