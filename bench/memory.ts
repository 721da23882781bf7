// The Task Memory bench, one store per process: write 10,000 artifacts (100 MB of text) and run 1,000
// searches; print writes/s, search p50/p95 and peak RSS as JSON. bench/scenarios/memory.ts runs it per
// store and writes the "5. Memory" section of bench/RESULTS.md (npm run bench:memory, or npm run bench).
// Alone: node --import tsx bench/memory.ts --store sqlite [--artifacts 1000 --size 10000 --searches 1000]
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { TextArtifact } from "../src/index.js";
import { type ArtifactStore, InMemoryArtifactStore, TaskMemory } from "../src/memory.js";
import { RedisArtifactStore } from "../src/memory-redis.js";
import { SqliteArtifactStore } from "../src/memory-sqlite.js";
import { TextCorpus } from "../test/fixtures/text-corpus.js";
import { deleteKeys } from "../test/memory/fixtures/stores.js";

const { values } = parseArgs({
  options: {
    store: { type: "string" },
    artifacts: { type: "string", default: "10000" },
    size: { type: "string", default: "10000" },
    searches: { type: "string", default: "1000" },
    redis: { type: "string" },
  },
});
const artifacts = Number(values.artifacts);
const size = Number(values.size);
const searches = Number(values.searches);

/** One store's figures, as this script prints them. */
export interface StoreResult {
  store: string;
  artifacts: number;
  megabytes: number;
  writeSeconds: number;
  writesPerSecond: number;
  searchP50: number;
  searchP95: number;
  searchMax: number;
  hitsPerSearch: number;
  peakRssMb: number;
  extra: string;
}

if (values.store === undefined) throw new Error("--store memory|sqlite|redis is needed");
const result = await benchOne(values.store);
process.stdout.write(`${JSON.stringify(result)}\n`);

async function benchOne(kind: string): Promise<StoreResult> {
  const directory = await mkdtemp(join(tmpdir(), "toolwright-bench-"));
  const prefix = `toolwright-bench:${process.pid}:`;
  let store: ArtifactStore;
  if (kind === "memory") store = new InMemoryArtifactStore();
  else if (kind === "sqlite")
    store = new SqliteArtifactStore({ path: join(directory, "memory.db") });
  else if (kind === "redis") {
    if (values.redis === undefined) throw new Error("--redis <url> is needed");
    store = new RedisArtifactStore({ url: values.redis, keyPrefix: prefix, timeoutMs: 60_000 });
  } else throw new Error(`unknown store ${kind}`);
  const memory = new TaskMemory({ store });
  const corpus = new TextCorpus({ seed: 42, vocabularySize: 50_000 });
  let writeTime = 0;
  let characters = 0;
  for (let index = 0; index < artifacts; index++) {
    const text = corpus.text(size);
    characters += text.length;
    const artifact = new TextArtifact(text, { name: `page-${index % 1000}` });
    const started = performance.now();
    const notice = await memory.processOutput({ tool: "WebTool", activity: "fetch", artifact });
    writeTime += performance.now() - started;
    if (notice.type !== "InfoArtifact") throw new Error(notice.toText());
  }
  const timings: number[] = [];
  let hits = 0;
  for (let index = 0; index < searches; index++) {
    const query = corpus.query(1 + (index % 3), 100, 20_000);
    const started = performance.now();
    const found = await memory.search(query, { limit: 5 });
    timings.push(performance.now() - started);
    hits += found.length;
  }
  timings.sort((a, b) => a - b);
  const percentile = (p: number) =>
    timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))] ?? 0;
  let extra = "";
  if (kind === "sqlite") {
    const file = await stat(join(directory, "memory.db"));
    extra = `database file ${(file.size / 1e6).toFixed(0)} MB`;
  }
  if (kind === "redis" && values.redis !== undefined) {
    const client = new Redis(values.redis);
    const info = await client.info("memory");
    const peak = /used_memory_peak:(\d+)/.exec(info)?.[1];
    const rss = /used_memory_rss:(\d+)/.exec(info)?.[1];
    extra = `redis-server memory ${(Number(rss) / 1e6).toFixed(0)} MB RSS, ${(Number(peak) / 1e6).toFixed(0)} MB peak`;
    await deleteKeys(client, prefix);
    client.disconnect();
  }
  await memory.close();
  await rm(directory, { recursive: true, force: true });
  return {
    store: store.constructor.name,
    artifacts,
    megabytes: Math.round(characters / 1e6),
    writeSeconds: Number((writeTime / 1000).toFixed(1)),
    writesPerSecond: Math.round(artifacts / (writeTime / 1000)),
    searchP50: Number(percentile(50).toFixed(2)),
    searchP95: Number(percentile(95).toFixed(2)),
    searchMax: Number((timings.at(-1) ?? 0).toFixed(2)),
    hitsPerSearch: Number((hits / Math.max(1, searches)).toFixed(1)),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    extra,
  };
}
