// The Task Memory bench: per store, write 10,000 artifacts (100 MB of text) and run 1,000 searches;
// report writes/s, search p50/p95 and peak RSS in bench/RESULTS.md ("Memory" section).
// Run: npm run bench:memory [-- --artifacts 1000 --stores sqlite,memory]   (each store runs in its own process)
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { Redis } from "ioredis";
import {
  type ArtifactStore,
  InMemoryArtifactStore,
  RedisArtifactStore,
  SqliteArtifactStore,
  TaskMemory,
  TextArtifact,
} from "../src/index.js";
import { startRedis } from "../test/fixtures/redis-server.js";
import { TextCorpus } from "../test/fixtures/text-corpus.js";
import { deleteKeys } from "../test/memory/fixtures/stores.js";

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    store: { type: "string" },
    stores: { type: "string", default: "memory,sqlite,redis" },
    artifacts: { type: "string", default: "10000" },
    size: { type: "string", default: "10000" },
    searches: { type: "string", default: "1000" },
    redis: { type: "string" },
  },
});
const artifacts = Number(values.artifacts);
const size = Number(values.size);
const searches = Number(values.searches);

interface StoreResult {
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

if (values.store !== undefined) {
  const result = await benchOne(values.store);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  await benchAll();
}

async function benchAll(): Promise<void> {
  const redis = values.stores.includes("redis") ? await startRedis() : undefined;
  const results: StoreResult[] = [];
  try {
    for (const store of values.stores.split(",")) {
      const args = ["--import", "tsx", new URL(import.meta.url).pathname, "--store", store];
      args.push(
        "--artifacts",
        String(artifacts),
        "--size",
        String(size),
        "--searches",
        String(searches),
      );
      if (redis !== undefined) args.push("--redis", redis.url);
      console.error(`bench: ${store}…`);
      const { stdout } = await run(process.execPath, args, { maxBuffer: 1 << 20 });
      const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as StoreResult;
      console.error(result);
      results.push(result);
    }
  } finally {
    await redis?.stop();
  }
  await writeResults(results);
}

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

async function writeResults(results: StoreResult[]): Promise<void> {
  const path = new URL("RESULTS.md", import.meta.url).pathname;
  const rows = results.map(
    (r) =>
      `| ${r.store} | ${r.artifacts} / ${r.megabytes} MB | ${r.writesPerSecond} | ${r.searchP50} | ${r.searchP95} | ${r.searchMax} | ${r.peakRssMb} | ${r.extra} |`,
  );
  const section = [
    "## Memory",
    "",
    `\`npm run bench:memory\` (bench/memory.ts), ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM.`,
    `Per store, in its own process: ${artifacts} artifacts of ${size} characters of Zipf-distributed pseudo-English (50,000-word vocabulary) written through \`TaskMemory.processOutput\` (1,000 namespaces), then ${searches} searches of 1-3 words drawn uniformly from vocabulary ranks 100-20,000 (content words, no stop-words), 5 hits each. Search times are wall-clock per \`TaskMemory.search\` call; peak RSS is the bench process's (for Redis the server's memory is listed apart). Target on SQLite: search p95 under 20 ms at 100 MB, RSS under 300 MB.`,
    "",
    "| store | artifacts / text | writes/s | search p50 ms | search p95 ms | search max ms | peak RSS MB | notes |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
  let existing = "";
  try {
    existing = await readFile(path, "utf8");
  } catch {
    existing = "# Bench results\n\n";
  }
  const start = existing.indexOf("## Memory");
  let updated: string;
  if (start === -1) updated = `${existing.trimEnd()}\n\n${section}`;
  else {
    const next = existing.indexOf("\n## ", start + 1);
    updated = existing.slice(0, start) + section + (next === -1 ? "" : existing.slice(next + 1));
  }
  await writeFile(path, updated.endsWith("\n") ? updated : `${updated}\n`);
  console.error(`wrote ${path}`);
}
