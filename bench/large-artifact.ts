// The large-artifact bench, one store and size per process: one text artifact of --megabytes MB (200
// by default) written through TaskMemory.storeArtifact, then loaded back with loadArtifacts, then one
// page read and one search, while a ticker timestamps every turn of the event loop; prints, per
// step, the longest gap between two turns (wall clock: what the machine's load lengthens too) and the
// most CPU time the main thread spent between two turns (what the step itself held the loop for),
// with the write's and load's wall time and the peak RSS, as JSON. The store is used once before
// (an empty listing) so its first-use costs (connecting, loading ioredis) are measured on their own.
// bench/scenarios/large-artifacts.ts runs it per store and size.
// Alone: node --import tsx bench/large-artifact.ts --store sqlite [--megabytes 200] [--redis redis://…]
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parseArgs } from "node:util";
import { TextArtifact } from "../src/index.js";
import { type ArtifactStore, InMemoryArtifactStore, TaskMemory } from "../src/memory.js";
import { RedisArtifactStore } from "../src/memory-redis.js";
import { SqliteArtifactStore } from "../src/memory-sqlite.js";
import { largeText } from "../test/memory/fixtures/large-text.js";

const { values } = parseArgs({
  options: {
    store: { type: "string" },
    megabytes: { type: "string", default: "200" },
    redis: { type: "string" },
  },
});

/** The longest the event loop was held during one step. */
export interface Hold {
  /** The most CPU time the main thread spent between two turns, in ms. */
  readonly cpuMs: number;
  /** The longest wall-clock gap between two turns, in ms (the machine's load lengthens it). */
  readonly wallMs: number;
  readonly turns: number;
}

/** One store's figures for one size, as this script prints them. */
export interface LargeArtifactResult {
  readonly store: string;
  readonly megabytes: number;
  /** The store's first operation (an empty listing): connecting, loading its driver. */
  readonly firstUse: Hold;
  readonly write: Hold;
  readonly writeSeconds: number;
  /** `loadArtifacts`: the whole artifact back as one value. */
  readonly load: Hold;
  readonly loadSeconds: number;
  /** One page read and one search. */
  readonly readAndSearch: Hold;
  readonly peakRssMb: number;
}

const cpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

const round = (value: number) => Math.round(value * 10) / 10;

/** Runs `step` while a ticker notes each turn of the loop; its result and the longest hold. */
async function measured<T>(step: () => Promise<T>): Promise<{ value: T; hold: Hold; ms: number }> {
  let running = true;
  let wall = 0;
  let cpu = 0;
  let turns = 0;
  const ticker = (async () => {
    let last = performance.now();
    let lastCpu = cpuMs();
    while (running) {
      await nextTurn();
      const now = performance.now();
      const used = cpuMs();
      wall = Math.max(wall, now - last);
      cpu = Math.max(cpu, used - lastCpu);
      last = now;
      lastCpu = used;
      turns++;
    }
  })();
  const started = performance.now();
  const value = await step();
  const ms = performance.now() - started;
  running = false;
  await ticker;
  return { value, hold: { cpuMs: round(cpu), wallMs: round(wall), turns }, ms };
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
const firstUse = await measured(() => store.namespaces());
const write = await measured(() =>
  memory.storeArtifact("large", new TextArtifact(text), { source: "bench.large" }),
);
if (write.value !== undefined) throw new Error(`not stored: ${write.value.toText()}`);
const load = await measured(() => memory.loadArtifacts("large"));
const readAndSearch = await measured(async () => {
  const page = await memory.store.read("large", Math.floor(text.length / 2), 10_000);
  const hits = await memory.store.search({
    terms: [`marker${megabytes - 1}mb`],
    namespace: undefined,
    limit: 5,
  });
  return { page, hits };
});
// Checked after the measures: comparing a string made of pieces copies it whole first.
const [loaded] = load.value.value;
if (loaded?.value !== text) throw new Error("the artifact did not load back whole");
if (readAndSearch.value.page === undefined || readAndSearch.value.hits.length === 0) {
  throw new Error("the page or the search came back empty");
}
const result: LargeArtifactResult = {
  store: store.constructor.name,
  megabytes,
  firstUse: firstUse.hold,
  write: write.hold,
  writeSeconds: round(write.ms / 1000),
  load: load.hold,
  loadSeconds: round(load.ms / 1000),
  readAndSearch: readAndSearch.hold,
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
};
await store.close();
if (values.redis !== undefined) {
  // Imported only now, so that the store's first use above loads ioredis as an application's would.
  const { Redis } = await import("ioredis");
  const { deleteKeys } = await import("../test/memory/fixtures/stores.js");
  const client = new Redis(values.redis);
  await deleteKeys(client, prefix);
  client.disconnect();
}
await rm(directory, { recursive: true, force: true });
console.log(JSON.stringify(result));
