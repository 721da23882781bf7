// The retrieval bench, one store size per process: BFCL questions against their function docs (plus
// filler up to --passages) in a SQLite Task Memory, searched with BM25 alone, the vectors alone and
// both fused (hybrid); prints recall@1/5/10 and search p50/p95 per mode as JSON.
// bench/scenarios/retrieval.ts runs it at 10,000 and 100,000 passages (npm run bench -- --only retrieval).
// Alone: node --import tsx bench/retrieval.ts --passages 10000
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { TextArtifact } from "../src/index.js";
import { unitVector } from "../src/memory/vector-index.js";
import { TaskMemory } from "../src/memory.js";
import { SqliteArtifactStore } from "../src/memory-sqlite.js";
import { isMain } from "./child.js";
import { percentile } from "./harness.js";
import { bfclRetrievalSet, type RetrievalQuery } from "./workloads/bfcl-retrieval.js";
import { GloveEmbeddingDriver } from "./workloads/glove-embeddings.js";

/** Recall and latency of one way of searching. */
export interface ModeResult {
  readonly recall1: number;
  readonly recall5: number;
  readonly recall10: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
}

/** What one run prints. */
export interface RetrievalResult {
  readonly passages: number;
  readonly realPassages: number;
  readonly queries: number;
  readonly writeSeconds: number;
  /** The first vector search reads every stored vector into the process. */
  readonly vectorLoadMs: number;
  readonly modes: {
    readonly bm25: ModeResult;
    readonly vectors: ModeResult;
    readonly hybrid: ModeResult;
  };
  readonly peakRssMb: number;
}

type Search = (query: string) => Promise<string[]>;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { passages: { type: "string", default: "10000" } } });
  const size = Number(values.passages);
  const driver = await GloveEmbeddingDriver.load();
  const words = driver.vocabulary.filter((word) => /^[a-z]+$/.test(word)).slice(0, 50_000);
  const set = bfclRetrievalSet(size, words);
  const directory = await mkdtemp(join(tmpdir(), "toolwright-retrieval-"));
  const store = new SqliteArtifactStore({ path: join(directory, "retrieval.db") });
  try {
    const hybrid = new TaskMemory({ store, embeddingDriver: driver });
    const bm25 = new TaskMemory({ store });
    const started = performance.now();
    for (const passage of set.passages) {
      await hybrid.storeArtifact(passage.id, new TextArtifact(passage.text));
    }
    const writeSeconds = (performance.now() - started) / 1000;
    const space = `${driver.provider}/${driver.model}/${driver.dimensions}`;
    const vectorSearch: Search = async (query) => {
      const { embeddings } = await driver.embed({ texts: [query], purpose: "query" });
      const vector = unitVector(embeddings[0] ?? []);
      const hits = await store.searchVectors({
        vector,
        embedding: space,
        namespace: undefined,
        limit: 10,
      });
      return hits.map((hit) => hit.namespace);
    };
    const loadStarted = performance.now();
    await vectorSearch("warm up");
    const vectorLoadMs = performance.now() - loadStarted;
    const memorySearch =
      (memory: TaskMemory): Search =>
      async (query) =>
        (await memory.search(query, { limit: 10 })).map((hit) => hit.artifact_namespace);
    const modes = await measure(set.queries, {
      bm25: memorySearch(bm25),
      vectors: vectorSearch,
      hybrid: memorySearch(hybrid),
    });
    const result: RetrievalResult = {
      passages: set.passages.length,
      realPassages: set.realPassages,
      queries: set.queries.length,
      writeSeconds: round(writeSeconds, 1),
      vectorLoadMs: round(vectorLoadMs, 0),
      modes,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
    console.log(JSON.stringify(result));
  } finally {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
}

/** Every query through every mode, the modes interleaved per query so drift hits them alike. */
async function measure<Mode extends string>(
  queries: readonly RetrievalQuery[],
  searches: Record<Mode, Search>,
): Promise<Record<Mode, ModeResult>> {
  const modes = Object.keys(searches) as Mode[];
  const times = new Map<Mode, number[]>(modes.map((mode) => [mode, []]));
  const found = new Map<Mode, [number, number, number]>(modes.map((mode) => [mode, [0, 0, 0]]));
  for (const query of queries) {
    for (const mode of modes) {
      const started = performance.now();
      const ranked = await searches[mode](query.text);
      times.get(mode)?.push(performance.now() - started);
      const sums = found.get(mode) as [number, number, number];
      for (const [slot, k] of [1, 5, 10].entries()) {
        const hits = ranked.slice(0, k).filter((id) => query.gold.has(id)).length;
        sums[slot] = (sums[slot] as number) + hits / query.gold.size;
      }
    }
  }
  const results = {} as Record<Mode, ModeResult>;
  for (const mode of modes) {
    const sorted = (times.get(mode) as number[]).sort((a, b) => a - b);
    const [at1, at5, at10] = found.get(mode) as [number, number, number];
    results[mode] = {
      recall1: round(at1 / queries.length, 3),
      recall5: round(at5 / queries.length, 3),
      recall10: round(at10 / queries.length, 3),
      p50Ms: round(percentile(sorted, 0.5), 2),
      p95Ms: round(percentile(sorted, 0.95), 2),
    };
  }
  return results;
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

if (isMain(import.meta.url)) await main();
