// Scenario: toolwright's adapters inside each framework. The repair suite's cases through each
// framework's own tool-call path, alone and with its toolwright adapter (recovered / wrong / refused),
// and the time one valid call takes both ways (what the adapter adds).
// Run alone: npm run bench -- --only adapters
import { isDeepStrictEqual } from "node:util";
import { aiSdkAdapterDispatcher, aiSdkAdapterRegistry } from "../anchors/adapter-ai-sdk.js";
import {
  langchainAdapterDispatcher,
  langchainAdapterRegistry,
} from "../anchors/adapter-langchain.js";
import { mastraAdapterDispatcher, mastraAdapterRegistry } from "../anchors/adapter-mastra.js";
import {
  openaiAgentsAdapterDispatcher,
  openaiAgentsAdapterRegistry,
} from "../anchors/adapter-openai-agents.js";
import { aiSdkDispatcher, aiSdkRegistry } from "../anchors/ai-sdk.js";
import { langchainDispatcher, langchainRegistry } from "../anchors/langchain.js";
import { mastraDispatcher, mastraRegistry } from "../anchors/mastra.js";
import { openaiAgentsDispatcher, openaiAgentsRegistry } from "../anchors/openai-agents.js";
import { type Measurement, measure } from "../harness.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import {
  type CallOutcome,
  type CallRegistry,
  type CorruptionWorkload,
  corruptionWorkload,
} from "../workloads/bfcl.js";
import { createEventArguments } from "../workloads/create-event.js";

type Dispatch = (argumentsJson: string) => Promise<unknown>;

interface Framework {
  readonly name: string;
  readonly entry: string;
  alone(workload: CorruptionWorkload): CallRegistry | Promise<CallRegistry>;
  adapted(workload: CorruptionWorkload): CallRegistry | Promise<CallRegistry>;
  readonly dispatch: { readonly alone: () => Dispatch; readonly adapted: () => Dispatch };
}

const frameworks: readonly Framework[] = [
  {
    name: "AI SDK",
    entry: "toolwright/ai-sdk",
    alone: (workload) => aiSdkRegistry(workload.functions),
    adapted: (workload) => aiSdkAdapterRegistry(workload.toolbox),
    dispatch: { alone: aiSdkDispatcher, adapted: aiSdkAdapterDispatcher },
  },
  {
    name: "LangChain",
    entry: "toolwright/langchain",
    alone: (workload) => langchainRegistry(workload.functions),
    adapted: (workload) => langchainAdapterRegistry(workload.toolbox),
    dispatch: { alone: langchainDispatcher, adapted: langchainAdapterDispatcher },
  },
  {
    name: "OpenAI Agents",
    entry: "toolwright/openai-agents",
    alone: (workload) => openaiAgentsRegistry(workload.functions),
    adapted: (workload) => openaiAgentsAdapterRegistry(workload.toolbox),
    dispatch: { alone: openaiAgentsDispatcher, adapted: openaiAgentsAdapterDispatcher },
  },
  {
    name: "Mastra",
    entry: "toolwright/mastra",
    alone: (workload) => mastraRegistry(workload.functions),
    adapted: (workload) => mastraAdapterRegistry(workload.toolbox),
    dispatch: { alone: mastraDispatcher, adapted: mastraAdapterDispatcher },
  },
];

interface Tally {
  recovered: number;
  repairable: number;
  refusedRight: number;
  unrepairable: number;
  wrong: number;
  refused: number;
}

const emptyTally = (): Tally => ({
  recovered: 0,
  repairable: 0,
  refusedRight: 0,
  unrepairable: 0,
  wrong: 0,
  refused: 0,
});

/** ok, wrong (the body ran on anything but the intended input) or refused (a repairable call not run). */
function count(
  tally: Tally,
  expected: Record<string, unknown> | "error",
  outcome: CallOutcome,
): void {
  if (expected === "error") {
    tally.unrepairable++;
    if (outcome.ran) tally.wrong++;
    else tally.refusedRight++;
    return;
  }
  tally.repairable++;
  if (!outcome.ran) tally.refused++;
  else if (isDeepStrictEqual(outcome.received, expected)) tally.recovered++;
  else tally.wrong++;
}

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  let workloads = await corruptionWorkload();
  if (options.quick) workloads = workloads.filter((_, index) => index % 10 === 0);
  const tallies = new Map<string, Tally>();
  for (const framework of frameworks) {
    tallies.set(`${framework.name}|alone`, emptyTally());
    tallies.set(`${framework.name}|adapted`, emptyTally());
  }
  for (const workload of workloads) {
    for (const framework of frameworks) {
      for (const way of ["alone", "adapted"] as const) {
        const registry = await framework[way](workload);
        const tally = tallies.get(`${framework.name}|${way}`) as Tally;
        for (const test of workload.cases) {
          count(tally, test.expected, await registry.call(test.name, test.arguments));
        }
        await registry.close?.();
      }
    }
  }
  const contenders = frameworks.flatMap((framework) => [
    { name: `${framework.name}|alone`, fn: framework.dispatch.alone() },
    { name: `${framework.name}|adapted`, fn: framework.dispatch.adapted() },
  ]);
  const rows: Measurement[] = await measure(
    contenders.map((contender) => ({
      name: contender.name,
      fn: () => contender.fn(createEventArguments),
    })),
    { timeMs: options.quick ? 800 : 3_000, rounds: options.quick ? 3 : 8 },
  );
  const median = (name: string) => rows.find((row) => row.name === name)?.medianUs ?? Number.NaN;
  const cases = (tally: Tally) => tally.repairable + tally.unrepairable;
  const cell = (tally: Tally) =>
    `${(tally.recovered + tally.refusedRight).toLocaleString("en-US")} / ${tally.wrong.toLocaleString("en-US")} / ${tally.refused.toLocaleString("en-US")}`;
  const first = tallies.get(`${frameworks[0]?.name}|alone`) as Tally;
  const section = [
    "## 10. Adapters",
    "",
    `The repair scenario's ${cases(first).toLocaleString("en-US")} cases (${first.repairable.toLocaleString("en-US")} repairable, ${first.unrepairable.toLocaleString("en-US")} not) through each framework's own tool-call path, as in the repair scenario: alone, with the BFCL functions as the framework's own tools, and with the toolwright adapter over the BFCL toolbox. Per cell: **ok / wrong / refused** — ok: a repairable call ran on exactly the intended input, or an unrepairable one was refused; wrong: the tool body ran on anything else (or ran on an unrepairable call); refused: a repairable call was not run. Then one valid call of the 6-field calendar tool through the framework's tool-call path, alone and with the adapter (interleaved rounds, medians).`,
    "",
    "| framework | adapter | alone: ok / wrong / refused | with the adapter: ok / wrong / refused | one call alone µs | with the adapter µs | the adapter adds |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ...frameworks.map((framework) => {
      const alone = median(`${framework.name}|alone`);
      const adapted = median(`${framework.name}|adapted`);
      return `| ${framework.name} | \`${framework.entry}\` | ${cell(tallies.get(`${framework.name}|alone`) as Tally)} | ${cell(tallies.get(`${framework.name}|adapted`) as Tally)} | ${alone.toFixed(1)} | ${adapted.toFixed(1)} | ${(adapted - alone).toFixed(1)} µs (${(adapted / alone).toFixed(2)}×) |`;
    }),
    "",
  ].join("\n");
  const wrongWith = frameworks.reduce(
    (sum, framework) => sum + (tallies.get(`${framework.name}|adapted`) as Tally).wrong,
    0,
  );
  return {
    section,
    headline: [
      {
        measure: "Wrong executions of the repair suite inside each framework, with its adapter",
        toolwright: `${wrongWith}`,
        others: frameworks
          .map(
            (framework) =>
              `${framework.name} alone ${(tallies.get(`${framework.name}|alone`) as Tally).wrong}`,
          )
          .join(", "),
      },
    ],
  };
}

/** Scenario 10: each framework alone and with its toolwright adapter. */
export const adaptersScenario: Scenario = { id: "adapters", title: "Adapters", run };
