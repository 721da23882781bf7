// Scenario 2, repair: the corruption suite of the dialects issue (BFCL answers through 30 malformations
// models produce) fed to every library with its own repair features on: how many calls reach the tool
// body with exactly the intended input (or, where no repair is sound, are refused), and the time per call.
// Run alone: npm run bench -- --only repair
import { isDeepStrictEqual } from "node:util";
import { aiSdkRegistry } from "../anchors/ai-sdk.js";
import { baselineRegistry } from "../anchors/baseline.js";
import { langchainRegistry } from "../anchors/langchain.js";
import { mastraRegistry } from "../anchors/mastra.js";
import { mcpRegistry } from "../anchors/mcp.js";
import { openaiAgentsRegistry } from "../anchors/openai-agents.js";
import { toolwrightRegistry } from "../anchors/toolwright.js";
import { percentile } from "../harness.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import {
  type CallOutcome,
  type CallRegistry,
  type CorruptionCase,
  type CorruptionWorkload,
  corruptionWorkload,
} from "../workloads/bfcl.js";

interface Library {
  readonly name: string;
  readonly repair: string;
  make(workload: CorruptionWorkload): CallRegistry | Promise<CallRegistry>;
}

const libraries: readonly Library[] = [
  {
    name: "toolwright",
    repair:
      "every decode step (default): names, wrappers, JSON repair, envelopes, coercion, unknown keys",
    make: (workload) => toolwrightRegistry(workload.toolbox),
  },
  {
    name: "baseline",
    repair: "none (JSON.parse + ajv)",
    make: (workload) => baselineRegistry(workload.functions),
  },
  {
    name: "ai-sdk",
    repair: "none built in (`repairToolCall` is a user function, usually a second model call)",
    make: (workload) => aiSdkRegistry(workload.functions),
  },
  {
    name: "openai-agents",
    repair: "none (JSON Schema tools are non-strict: parsed, not validated)",
    make: (workload) => openaiAgentsRegistry(workload.functions),
  },
  {
    name: "mcp",
    repair: "none (JSON.parse by the host, zod on the server)",
    make: (workload) => mcpRegistry(workload.functions),
  },
  {
    name: "langchain",
    repair: "`parseJsonMarkdown`: code fences, partial (cut-off) JSON",
    make: (workload) => langchainRegistry(workload.functions),
  },
  {
    name: "mastra",
    repair:
      "leaked special tokens stripped, a regex JSON repair (quotes, unquoted keys, trailing commas), nullish and stringified-JSON values, a `prompt` alias",
    make: (workload) => mastraRegistry(workload.functions),
  },
];

interface Tally {
  repairable: number;
  recovered: number;
  unrepairable: number;
  refused: number;
  timesUs: number[];
  byMalformation: Map<string, number>;
}

// A malformation can be repairable for one call and not for another (output cut after a number).
function kind(test: CorruptionCase): string {
  return `${test.malformation}${test.expected === "error" ? " " : ""}`;
}

function count(tally: Tally, test: CorruptionCase, ok: boolean): void {
  if (test.expected === "error") {
    tally.unrepairable++;
    if (ok) tally.refused++;
  } else {
    tally.repairable++;
    if (ok) tally.recovered++;
  }
  if (ok) tally.byMalformation.set(kind(test), (tally.byMalformation.get(kind(test)) ?? 0) + 1);
}

function recovered(expected: Record<string, unknown> | "error", outcome: CallOutcome): boolean {
  if (expected === "error") return !outcome.ran;
  return outcome.ran && isDeepStrictEqual(outcome.received, expected);
}

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  let workloads = await corruptionWorkload();
  if (options.quick) workloads = workloads.filter((_, index) => index % 10 === 0);
  const tallies = new Map<string, Tally>(
    libraries.map((library) => [
      library.name,
      {
        repairable: 0,
        recovered: 0,
        unrepairable: 0,
        refused: 0,
        timesUs: [],
        byMalformation: new Map(),
      },
    ]),
  );
  const totals = new Map<string, { cases: number; refuse: boolean }>();
  let position = 0;
  for (const workload of workloads) {
    const registries = await Promise.all(libraries.map((library) => library.make(workload)));
    // Pass 1 warms every registry (lazy schema compilation, JIT); pass 2 is counted and timed. Each
    // library runs a question's cases as a block, libraries in an order rotated per question.
    position++;
    for (let pass = 0; pass < 2; pass++) {
      for (let offset = 0; offset < libraries.length; offset++) {
        const index = (offset + position) % libraries.length;
        const library = libraries[index] as Library;
        const registry = registries[index] as CallRegistry;
        const tally = tallies.get(library.name) as Tally;
        for (const test of workload.cases) {
          const started = process.hrtime.bigint();
          const outcome = await registry.call(test.name, test.arguments);
          const elapsedUs = Number(process.hrtime.bigint() - started) / 1_000;
          if (pass === 0) continue;
          tally.timesUs.push(elapsedUs);
          count(tally, test, recovered(test.expected, outcome));
          if (index === 0) {
            const total = totals.get(kind(test)) ?? { cases: 0, refuse: test.expected === "error" };
            total.cases++;
            totals.set(kind(test), total);
          }
        }
      }
    }
    await Promise.all(registries.map((registry) => registry.close?.()));
  }
  return report(workloads, tallies, totals);
}

function report(
  workloads: readonly CorruptionWorkload[],
  tallies: ReadonlyMap<string, Tally>,
  totals: ReadonlyMap<string, { cases: number; refuse: boolean }>,
): ScenarioResult {
  const rate = (part: number, whole: number) =>
    `${part.toLocaleString("en-US")} / ${whole.toLocaleString("en-US")} = ${((100 * part) / whole).toFixed(1)}%`;
  const mine = tallies.get("toolwright") as Tally;
  const median = (tally: Tally) =>
    percentile(
      [...tally.timesUs].sort((a, b) => a - b),
      0.5,
    );
  const summary = libraries.map((library) => {
    const tally = tallies.get(library.name) as Tally;
    const sorted = [...tally.timesUs].sort((a, b) => a - b);
    return `| ${library.name} | ${library.repair} | ${rate(tally.recovered, tally.repairable)} | ${rate(tally.refused, tally.unrepairable)} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${(percentile(sorted, 0.5) / median(mine)).toFixed(2)}× |`;
  });
  const malformations = [...totals].sort(([a], [b]) => a.localeCompare(b));
  const detail = malformations.map(([malformation, total]) => {
    const cells = libraries.map((library) => {
      const count = tallies.get(library.name)?.byMalformation.get(malformation) ?? 0;
      return `${count}`;
    });
    return `| ${malformation.trim()} | ${total.refuse ? "refuse" : "repair"} | ${total.cases} | ${cells.join(" | ")} |`;
  });
  const cases = mine.repairable + mine.unrepairable;
  const mineRate = mine.recovered / mine.repairable;
  const best = libraries
    .filter((library) => library.name !== "toolwright")
    .map((library) => {
      const tally = tallies.get(library.name) as Tally;
      return { name: library.name, rate: tally.recovered / tally.repairable };
    })
    .sort((a, b) => b.rate - a.rate);
  const section = [
    "## 2. Repair",
    "",
    `The corruption suite (\`test/fixtures/corruption-suite.ts\`): every fourth accepted BFCL answer that is valid under its schema (${workloads.length} calls), each through every malformation that applies to it, ${cases.toLocaleString("en-US")} cases, the same for every library. A library _recovers_ a repairable case when its tool body receives exactly the intended input, and _refuses_ an unrepairable one (unknown tool, prose, two objects, cut mid-string or after a number, a missing required key, a word for a number) when the body never runs. Every library gets the BFCL function under toolwright's native name, its JSON Schema (root closed, as in toolwright's BFCL tools) or that schema as zod (\`z.fromJSONSchema\`, without \`default\`s) where the library validates zod; names are looked up exactly, as each library's runner does. Each case runs once to warm up, then once timed per library, libraries in a rotated order.`,
    "",
    "| library | repair features on | repairable: recovered | unrepairable: refused | median µs / call | p95 µs / call | median × toolwright |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ...summary,
    "",
    `Target: toolwright recovers ≥ 95% of the repairable cases. Measured: **${(100 * mineRate).toFixed(1)}%** (${mineRate >= 0.95 ? "met" : "missed"}).`,
    "",
    "Cases recovered (repair) or refused (refuse), per malformation:",
    "",
    `| malformation | expected | cases | ${libraries.map((library) => library.name).join(" | ")} |`,
    `| --- | --- | ---: | ${libraries.map(() => "---:").join(" | ")} |`,
    ...detail,
    "",
  ].join("\n");
  return {
    section,
    headline: [
      {
        measure: "Malformed calls recovered (BFCL corruption suite)",
        toolwright: `${(100 * mineRate).toFixed(1)}% of ${mine.repairable.toLocaleString("en-US")}`,
        others: best.map((entry) => `${entry.name} ${(100 * entry.rate).toFixed(1)}%`).join(", "),
      },
    ],
  };
}

/** Scenario 2: recovery rate and time per call on the corruption suite, every library. */
export const repairScenario: Scenario = { id: "repair", title: "Repair", run };
