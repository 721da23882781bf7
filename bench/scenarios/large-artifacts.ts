// Scenario 13, large artifacts (issue 27): per store and size, in its own process
// (bench/large-artifact.ts), one text artifact written through TaskMemory and loaded back while the
// event loop's turns are timed. Run alone: npm run bench -- --only large-artifacts
import { availableParallelism, loadavg } from "node:os";
import type { Hold, LargeArtifactResult } from "../large-artifact.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import { runPerStore } from "../store-children.js";

const budgetMs = 50;

const load = () => loadavg()[0]?.toFixed(1) ?? "?";

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const sizes = options.quick ? [1, 10] : [1, 10, 40, 100, 200];
  const results: LargeArtifactResult[] = [];
  const loads: string[] = [];
  let missing: string | undefined;
  for (const megabytes of sizes) {
    loads.push(load());
    const { results: sized, redisMissing } = await runPerStore<LargeArtifactResult>(
      `large-artifacts ${megabytes} MB`,
      new URL("../large-artifact.ts", import.meta.url),
      ["--megabytes", `${megabytes}`],
    );
    results.push(...sized);
    missing ??= redisMissing;
  }
  loads.push(load());
  const worst = (pick: (r: LargeArtifactResult) => Hold) =>
    Math.max(...results.map((r) => pick(r).cpuMs));
  const [write, read] = [worst((r) => r.write), worst((r) => r.load)];
  const verdict = (ms: number) => (ms <= budgetMs ? "met" : "missed");
  const rows = results.map(
    (r) =>
      `| ${r.store} | ${r.megabytes} | ${r.writeSeconds} | ${r.write.cpuMs} | ${r.write.wallMs} | ${r.loadSeconds} | ${r.load.cpuMs} | ${r.load.wallMs} | ${r.readAndSearch.cpuMs} | ${r.peakRssMb} |`,
  );
  const firstUse = [...new Set(results.map((r) => r.store))].map((store) => {
    const holds = results.filter((r) => r.store === store).map((r) => r.firstUse.cpuMs);
    return `${store} ${Math.min(...holds)}–${Math.max(...holds)} ms`;
  });
  const section = [
    "## 13. Large artifacts",
    "",
    `Per store and size, in its own process (\`bench/large-artifact.ts\`): one text artifact (ordinary words, the tests' \`largeText\`) stored through \`TaskMemory.storeArtifact\` (passages cut, JSON made, rows and index written, all in slices), loaded back whole with \`loadArtifacts\` (parts fetched one at a time as the parse needs them, JSON parsed in slices), then one page read and one search, while a ticker notes each turn of the event loop. "Hold, CPU" is the most CPU time the main thread spent between two turns (\`process.threadCpuUsage\`: what the step held the loop for, GC included): the figure the budget is about, since the machine is shared; "hold, wall" the longest wall-clock gap, which on a loaded machine also counts the time the process waited for a core. Load average (1 min) before each size and at the end: ${loads.join(", ")} on ${availableParallelism()} cores. Budget: ${budgetMs} ms of hold. Before issue 27, a 200 MB text held the SQLite store's loop 10.7 s and the Redis store failed from 30 MB up; before loads were sliced, loading 200 MB back held the Redis store's loop 3.0 s of CPU (one \`JSON.parse\` of the whole text, as every store did).`,
    "",
    "| store | MB | write s | write hold, CPU ms | write hold, wall ms | load s | load hold, CPU ms | load hold, wall ms | read + search hold, CPU ms | peak RSS MB |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    `Longest hold over all stores and sizes: writing **${write} ms** of CPU (budget ${budgetMs} ms: ${verdict(write)}), loading **${read} ms** (${verdict(read)}). The first operation of each store (an empty listing, before the write) is measured on its own, since it is paid once per process whatever the size: ${firstUse.join(", ")} of CPU (the Redis store's includes loading \`ioredis\`, a synchronous \`require\` of its CommonJS modules).`,
    missing === undefined ? "" : `Redis was left out: ${missing}`,
    "",
  ].join("\n");
  return {
    section,
    headline: [
      {
        measure: `Longest event-loop hold writing, then loading, an artifact of up to ${sizes.at(-1)} MB (any store)`,
        toolwright: `${write} ms, ${read} ms CPU (budget ${budgetMs} ms)`,
        others: "",
      },
    ],
  };
}

/** Scenario 13: artifacts of 1 to 200 MB per store, and how long writing and loading hold the loop. */
export const largeArtifactsScenario: Scenario = {
  id: "large-artifacts",
  title: "Large artifacts",
  run,
};
