// Scenario 12, large artifacts (issue 27): per store, in its own process (bench/large-artifact.ts),
// one 200 MB text artifact written through TaskMemory while the event loop's turns are timed.
// Run alone: npm run bench -- --only large-artifacts
import { availableParallelism, loadavg } from "node:os";
import type { LargeArtifactResult } from "../large-artifact.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import { runPerStore } from "../store-children.js";

const budgetMs = 50;

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const megabytes = options.quick ? 20 : 200;
  const { results, redisMissing } = await runPerStore<LargeArtifactResult>(
    "large-artifacts",
    new URL("../large-artifact.ts", import.meta.url),
    ["--megabytes", `${megabytes}`],
  );
  const worst = Math.max(...results.map((r) => r.longestCpuMs));
  const worstWall = Math.max(...results.map((r) => r.longestHoldMs));
  const load = loadavg()[0]?.toFixed(1) ?? "?";
  const rows = results.map(
    (r) =>
      `| ${r.store} | ${r.megabytes} | ${r.writeSeconds} | ${r.longestCpuMs} | ${r.longestHoldMs} | ${r.turns.toLocaleString("en-US")} | ${r.peakRssMb} |`,
  );
  const section = [
    "## 13. Large artifacts",
    "",
    `Per store, in its own process (\`bench/large-artifact.ts\`): one text artifact of ${megabytes} MB (ordinary words, the test's \`largeText\`) stored through \`TaskMemory.storeArtifact\` (passages cut, JSON made, rows and index written, all in slices) while a ticker notes each turn of the event loop. "Hold, CPU" is the most CPU time the main thread spent between two turns (\`process.threadCpuUsage\`: what the write held the loop for, GC included); "hold, wall" the longest wall-clock gap, which on a loaded machine also counts the time the process waited for a core. Load average when written: ${load} on ${availableParallelism()} cores. Budget: ${budgetMs} ms of hold. Before issue 27, a 200 MB text held the SQLite store's loop 10.7 s and the Redis store failed from 30 MB up.`,
    "",
    "| store | MB | write s | hold, CPU ms | hold, wall ms | loop turns | peak RSS MB |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    `Longest hold over all stores: **${worst} ms** of CPU (budget ${budgetMs} ms: ${worst <= budgetMs ? "met" : "missed"}); longest wall-clock gap ${worstWall} ms at load ${load}.`,
    redisMissing === undefined ? "" : `Redis was left out: ${redisMissing}`,
    "",
  ].join("\n");
  return {
    section,
    headline: [
      {
        measure: `Longest event-loop hold storing a ${megabytes} MB artifact (any store)`,
        toolwright: `${worst} ms CPU (budget ${budgetMs} ms)`,
        others: "",
      },
    ],
  };
}

/** Scenario 12: a 200 MB artifact per store, and how long the write holds the event loop. */
export const largeArtifactsScenario: Scenario = {
  id: "large-artifacts",
  title: "Large artifacts",
  run,
};
