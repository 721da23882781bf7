// The large-artifact bench, one store per process: one text artifact of --megabytes MB (200 by
// default) written through TaskMemory.storeArtifact while a ticker timestamps every turn of the event
// loop; prints the longest gap between two turns (the longest the write held the loop), the most CPU
// time the main thread spent between two turns (the hold without the machine's other load), the
// write's wall time and the peak RSS as JSON. bench/scenarios/large-artifacts.ts runs it per store.
// Alone: node --import tsx bench/large-artifact.ts --store sqlite [--megabytes 200] [--redis redis://…]
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { TextArtifact } from "../src/index.js";
import { type ArtifactStore, InMemoryArtifactStore, TaskMemory } from "../src/memory.js";
import { RedisArtifactStore } from "../src/memory-redis.js";
import { SqliteArtifactStore } from "../src/memory-sqlite.js";
import { largeText } from "../test/memory/fixtures/large-text.js";
import { deleteKeys } from "../test/memory/fixtures/stores.js";

const { values } = parseArgs({
  options: {
    store: { type: "string" },
    megabytes: { type: "string", default: "200" },
    redis: { type: "string" },
  },
});

/** One store's figures, as this script prints them. */
export interface LargeArtifactResult {
  readonly store: string;
  readonly megabytes: number;
  readonly writeSeconds: number;
  /** The longest wall-clock gap between two turns of the loop (machine load lengthens it). */
  readonly longestHoldMs: number;
  /** The most CPU time the main thread spent between two turns (what the write itself held). */
  readonly longestCpuMs: number;
  readonly turns: number;
  readonly peakRssMb: number;
}

const megabytes = Number(values.megabytes);
const directory = await mkdtemp(join(tmpdir(), "toolwright-large-"));
const prefix = `toolwright-bench-large:${process.pid}:`;
let store: ArtifactStore;
switch (values.store) {
  case "memory":
    store = new InMemoryArtifactStore();
    break;
  case "sqlite":
    store = new SqliteArtifactStore({ path: join(directory, "large.db") });
    break;
  case "redis":
    if (values.redis === undefined) throw new Error("--redis <url> is needed for --store redis");
    store = new RedisArtifactStore({ url: values.redis, keyPrefix: prefix, timeoutMs: 30_000 });
    break;
  default:
    throw new Error("--store memory|sqlite|redis");
}
const memory = new TaskMemory({ store });
const text = largeText(megabytes);
let running = true;
let longest = 0;
let longestCpu = 0;
let turns = 0;
const cpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
const ticker = (async () => {
  let last = performance.now();
  let lastCpu = cpuMs();
  while (running) {
    await nextTurn();
    const now = performance.now();
    const cpu = cpuMs();
    longest = Math.max(longest, now - last);
    longestCpu = Math.max(longestCpu, cpu - lastCpu);
    last = now;
    lastCpu = cpu;
    turns++;
  }
})();
const started = performance.now();
const kept = await memory.storeArtifact("large", new TextArtifact(text), { source: "bench.large" });
const writeSeconds = (performance.now() - started) / 1000;
running = false;
await ticker;
if (kept !== undefined) throw new Error(`not stored: ${kept.toText()}`);
const result: LargeArtifactResult = {
  store: store.constructor.name,
  megabytes,
  writeSeconds: Math.round(writeSeconds * 10) / 10,
  longestHoldMs: Math.round(longest * 10) / 10,
  longestCpuMs: Math.round(longestCpu * 10) / 10,
  turns,
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
};
await store.close();
if (values.redis !== undefined) {
  const client = new Redis(values.redis);
  await deleteKeys(client, prefix);
  client.disconnect();
}
await rm(directory, { recursive: true, force: true });
console.log(JSON.stringify(result));
