// `npm run bench`: runs every scenario and writes bench/RESULTS.md (one section per scenario, plus the
// machine, versions and headline ratios). Options: --only dispatch,repair,scale,schema-size,memory,startup,serve-load,queue,
// tool-search,large-artifacts,retrieval,receipts,code-mode (the other sections of RESULTS.md are kept) and --quick (small sizes, to check the bench runs).
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs, promisify } from "node:util";
import { machineLine, versionTable } from "./environment.js";
import type { HeadlineRow, Scenario } from "./scenario.js";
import { adaptersScenario } from "./scenarios/adapters.js";
import { codeModeScenario } from "./scenarios/code-mode.js";
import { dispatchScenario } from "./scenarios/dispatch.js";
import { hostileScenario } from "./scenarios/hostile.js";
import { largeArtifactsScenario } from "./scenarios/large-artifacts.js";
import { memoryScenario } from "./scenarios/memory.js";
import { openModelsScenario } from "./scenarios/open-models.js";
import { queueScenario } from "./scenarios/queue.js";
import { receiptsScenario } from "./scenarios/receipts.js";
import { repairScenario } from "./scenarios/repair.js";
import { retrievalScenario } from "./scenarios/retrieval.js";
import { scaleScenario } from "./scenarios/scale.js";
import { schemaSizeScenario } from "./scenarios/schema-size.js";
import { serveLoadScenario } from "./scenarios/serve-load.js";
import { startupScenario } from "./scenarios/startup.js";
import { toolSearchScenario } from "./scenarios/tool-search.js";

const scenarios: readonly Scenario[] = [
  dispatchScenario,
  repairScenario,
  scaleScenario,
  schemaSizeScenario,
  memoryScenario,
  startupScenario,
  hostileScenario,
  serveLoadScenario,
  openModelsScenario,
  adaptersScenario,
  queueScenario,
  toolSearchScenario,
  largeArtifactsScenario,
  retrievalScenario,
  receiptsScenario,
  codeModeScenario,
];

const { values } = parseArgs({
  options: { only: { type: "string" }, quick: { type: "boolean", default: false } },
});
const wanted = values.only?.split(",").map((id) => id.trim()) ?? scenarios.map((s) => s.id);
for (const id of wanted) {
  if (!scenarios.some((scenario) => scenario.id === id)) {
    throw new Error(`unknown scenario "${id}"; known: ${scenarios.map((s) => s.id).join(", ")}`);
  }
}

const path = new URL("RESULTS.md", import.meta.url);
const previous = await readFile(path, "utf8").catch(() => "");
const sections = new Map<string, string>();
const headline: string[] = [];
for (const scenario of scenarios) {
  if (!wanted.includes(scenario.id)) {
    const kept = keptSection(previous, scenario);
    if (kept !== undefined) sections.set(scenario.id, kept);
    headline.push(...keptHeadlineRows(previous, scenario));
    continue;
  }
  const started = performance.now();
  console.error(`bench: ${scenario.id}…`);
  const result = await scenario.run({ quick: values.quick });
  console.error(
    `bench: ${scenario.id} done in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  sections.set(scenario.id, stamped(result.section.trimEnd(), values.quick));
  headline.push(...result.headline.map((row) => headlineRow(scenario, row)));
}

const date = new Date().toISOString().slice(0, 10);
const header = [
  "# Bench results",
  "",
  `Written by \`npm run bench\`${values.quick ? " (**--quick**: small sizes, not for quoting)" : ""} on ${date}: ${machineLine()}. Scenarios rerun in this run: ${wanted.join(", ")}. What each scenario measures and how to read it: [docs/performance.md](../docs/performance.md).`,
  "",
  versionTable(),
  "",
];
const headlineSection = [
  "## Headline",
  "",
  "| scenario | measure | toolwright | others (× toolwright unless stated) |",
  "| --- | --- | --- | --- |",
  ...headline,
].join("\n");
const body = [
  ...header,
  headlineSection,
  "",
  ...scenarios.flatMap((scenario) => {
    const section = sections.get(scenario.id);
    return section === undefined ? [] : [section, ""];
  }),
].join("\n");
await writeFile(path, body);
// The repository's formatter owns Markdown layout (aligned tables): the file stays lint-clean.
await promisify(execFile)(process.execPath, [
  new URL("../node_modules/@biomejs/biome/bin/biome", import.meta.url).pathname,
  "format",
  "--write",
  path.pathname,
]);
console.error(`wrote ${path.pathname}`);

// Each section says when and where it was measured: a partial run keeps older sections.
function stamped(section: string, quick: boolean): string {
  const [heading, ...rest] = section.split("\n");
  const stamp = `_Measured ${new Date().toISOString().slice(0, 10)}${quick ? " (--quick)" : ""}: ${machineLine()}._`;
  return [heading, "", stamp, ...rest].join("\n");
}

function keptSection(text: string, scenario: Scenario): string | undefined {
  const heading = new RegExp(`^## \\d+\\. ${scenario.title}$`, "m").exec(text);
  return heading === null ? undefined : blockFrom(text, heading.index);
}

function headlineRow(scenario: Scenario, row: HeadlineRow): string {
  const number = scenarios.indexOf(scenario) + 1;
  return `| ${number}. ${scenario.title} | ${row.measure} | ${row.toolwright} | ${row.others} |`;
}

// A partial run keeps the headline rows of the scenarios it did not rerun.
function keptHeadlineRows(text: string, scenario: Scenario): string[] {
  const start = text.indexOf("## Headline\n");
  if (start === -1) return [];
  const number = scenarios.indexOf(scenario) + 1;
  return blockFrom(text, start)
    .split("\n")
    .filter((line) => line.split("|")[1]?.trim() === `${number}. ${scenario.title}`);
}

function blockFrom(text: string, start: number): string {
  const next = text.indexOf("\n## ", start + 1);
  return text.slice(start, next === -1 ? undefined : next).trimEnd();
}
