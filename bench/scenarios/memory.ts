// Scenario 5, memory (from the Task Memory issue): per store, 100 MB of text written through
// TaskMemory.processOutput, then searches; each store in its own process (bench/memory.ts), so peak RSS
// is that store's. Redis runs when a server can be had (TOOLWRIGHT_REDIS_URL, or redis-server on PATH).
// Run alone: npm run bench:memory (= npm run bench -- --only memory)
import type { StoreResult } from "../memory.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import { runPerStore } from "../store-children.js";

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const artifacts = options.quick ? 500 : 10_000;
  const size = 10_000;
  const searches = options.quick ? 200 : 1_000;
  const args = ["--artifacts", `${artifacts}`, "--size", `${size}`, "--searches", `${searches}`];
  const { results, redisMissing } = await runPerStore<StoreResult>(
    "memory",
    new URL("../memory.ts", import.meta.url),
    args,
  );
  const rows = results.map(
    (r) =>
      `| ${r.store} | ${r.artifacts} / ${r.megabytes} MB | ${r.writesPerSecond} | ${r.searchP50} | ${r.searchP95} | ${r.searchMax} | ${r.peakRssMb} | ${r.extra} |`,
  );
  const sqlite = results.find((r) => r.store === "SqliteArtifactStore");
  const section = [
    "## 5. Memory",
    "",
    `Per store, in its own process (\`bench/memory.ts\`): ${artifacts.toLocaleString("en-US")} artifacts of ${size.toLocaleString("en-US")} characters of Zipf-distributed pseudo-English (50,000-word vocabulary) written through \`TaskMemory.processOutput\` (1,000 namespaces), then ${searches.toLocaleString("en-US")} searches of 1-3 words drawn uniformly from vocabulary ranks 100-20,000 (content words, no stop-words), 5 hits each. Search times are wall-clock per \`TaskMemory.search\` call; peak RSS is the bench process's (for Redis the server's memory is listed apart). None of the anchors has a task memory to compare with.`,
    "",
    "| store | artifacts / text | writes/s | search p50 ms | search p95 ms | search max ms | peak RSS MB | notes |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows,
    "",
    redisMissing === undefined ? "" : `Redis was left out: ${redisMissing}`,
    sqlite === undefined
      ? ""
      : `Target on SQLite: search p95 under 20 ms at 100 MB, RSS under 300 MB. Measured: p95 ${sqlite.searchP95} ms, peak RSS ${sqlite.peakRssMb} MB at ${sqlite.megabytes} MB (${sqlite.megabytes < 100 ? "not checked: a quick run stores less than 100 MB" : sqlite.searchP95 < 20 && sqlite.peakRssMb < 300 ? "met" : "missed"}).`,
    "",
  ].join("\n");
  return {
    section,
    headline:
      sqlite === undefined
        ? []
        : [
            {
              measure: `Task Memory search, SQLite, ${sqlite.megabytes} MB stored`,
              toolwright: `p95 ${sqlite.searchP95} ms, peak RSS ${sqlite.peakRssMb} MB`,
              others: "no anchor has one",
            },
          ],
  };
}

/** Scenario 5: Task Memory store and search at 100 MB per store. */
export const memoryScenario: Scenario = { id: "memory", title: "Memory", run };
