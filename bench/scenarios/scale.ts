// Scenario 3, toolbox scale: toolboxes of 10 to 1,000 activities (real BFCL function docs, ten per tool):
// time to build each dialect's provider tools cold (a fresh toolbox) and cached, and resident memory. Each
// size runs in its own child process, so its RSS is its own.
// Run alone: npm run bench -- --only scale
import { type Tool, Toolbox } from "../../src/index.js";
import { dialectVariants } from "../../test/fixtures/dialect-variants.js";
import { runChild } from "../child.js";
import { percentile } from "../harness.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import { bfclToolClass, distinctBfclFunctions } from "../workloads/bfcl.js";

interface VariantResult {
  label: string;
  /** Median cold time, ms; undefined when the dialect refuses this many tools. */
  coldMs?: number;
  coldRunsMs: number[];
  cachedUs?: number;
  refused?: string;
}

interface SizeResult {
  activities: number;
  tools: number;
  variants: VariantResult[];
  rssStartMb: number;
  rssBeforeMb: number;
  rssOneDialectMb: number;
  rssMb: number;
  heapUsedMb: number;
}

/**
 * In the child (`scale-child.ts`): one toolbox size, every dialect. `rssStartMb` is the process before
 * toolwright was imported (Node and tsx only).
 */
export async function measureSize(
  activities: number,
  coldRuns: number,
  rssStartMb: number,
): Promise<SizeResult> {
  const functions = distinctBfclFunctions(activities);
  const classes: (new (options: { name: string }) => Tool)[] = [];
  for (let start = 0; start < functions.length; start += 10) {
    classes.push(bfclToolClass(functions.slice(start, start + 10)));
  }
  // Fresh tool instances per toolbox: nothing a previous compile cached on the tools is reused.
  const freshToolbox = () =>
    new Toolbox(classes.map((ToolClass, index) => new ToolClass({ name: `Tool${index}` })));
  // Memory first, before timing loops leave garbage and heap pages behind.
  const rssBeforeMb = settledRssMb();
  const kept = freshToolbox();
  kept.toProviderTools("anthropic");
  const rssOneDialectMb = settledRssMb();
  for (const variant of dialectVariants) {
    try {
      kept.toProviderTools(variant.dialect, variant.options);
    } catch {
      // refused (more tools than the provider accepts): reported by the timing below
    }
  }
  const rssMb = settledRssMb();
  const heapUsedMb = process.memoryUsage().heapUsed / 2 ** 20;
  const variants: VariantResult[] = [];
  for (const variant of dialectVariants) {
    const runs: number[] = [];
    let refused: string | undefined;
    for (let run = 0; run < coldRuns && refused === undefined; run++) {
      const toolbox = freshToolbox();
      const started = performance.now();
      try {
        toolbox.toProviderTools(variant.dialect, variant.options);
      } catch (error) {
        refused = (error as Error).message;
        break;
      }
      runs.push(performance.now() - started);
    }
    if (refused !== undefined) {
      variants.push({ label: variant.label, coldRunsMs: [], refused });
      continue;
    }
    const cached: number[] = [];
    for (let call = 0; call < 2_000; call++) {
      const started = process.hrtime.bigint();
      kept.toProviderTools(variant.dialect, variant.options);
      cached.push(Number(process.hrtime.bigint() - started) / 1_000);
    }
    cached.sort((a, b) => a - b);
    runs.sort((a, b) => a - b);
    variants.push({
      label: variant.label,
      coldMs: percentile(runs, 0.5),
      coldRunsMs: runs,
      cachedUs: percentile(cached, 0.5),
    });
  }
  return {
    activities,
    tools: classes.length,
    variants,
    rssStartMb,
    rssBeforeMb,
    rssOneDialectMb,
    rssMb,
    heapUsedMb,
  };
}

/** RSS after two full GCs (the child runs with --expose-gc). */
export function settledRssMb(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with --expose-gc");
  gc();
  gc();
  return process.memoryUsage().rss / 2 ** 20;
}

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const sizes = options.quick ? [10, 100, 200] : [10, 100, 200, 1_000];
  const results: SizeResult[] = [];
  for (const size of sizes) {
    console.error(`bench: scale ${size} activities…`);
    results.push(
      await runChild<SizeResult>(
        new URL("scale-child.ts", import.meta.url),
        ["--activities", String(size), "--cold-runs", options.quick ? "2" : "5"],
        ["--expose-gc"],
      ),
    );
  }
  return report(results);
}

function report(results: readonly SizeResult[]): ScenarioResult {
  const header = `| dialect | ${results.map((size) => `${size.activities}`).join(" | ")} |`;
  const align = `| --- | ${results.map(() => "---:").join(" | ")} |`;
  const cell = (size: SizeResult, label: string, pick: (variant: VariantResult) => string) => {
    const variant = size.variants.find((entry) => entry.label === label);
    if (variant === undefined) return "";
    return variant.refused === undefined ? pick(variant) : "refused¹";
  };
  const cold = dialectVariants.map(
    (variant) =>
      `| ${variant.label} | ${results.map((size) => cell(size, variant.label, (v) => (v.coldMs ?? 0).toFixed(1))).join(" | ")} |`,
  );
  const cached = dialectVariants.map(
    (variant) =>
      `| ${variant.label} | ${results.map((size) => cell(size, variant.label, (v) => (v.cachedUs ?? 0).toFixed(2))).join(" | ")} |`,
  );
  const memory = results.map(
    (size) =>
      `| ${size.activities} | ${size.tools} | ${size.rssStartMb.toFixed(0)} | ${size.rssBeforeMb.toFixed(0)} | ${size.rssOneDialectMb.toFixed(0)} | ${size.rssMb.toFixed(0)} | ${(size.rssMb - size.rssStartMb).toFixed(0)} | ${size.heapUsedMb.toFixed(0)} |`,
  );
  const all = results.flatMap((size) => size.variants);
  const worstCachedUs = Math.max(...all.map((variant) => variant.cachedUs ?? 0));
  const at200 = results.find((size) => size.activities === 200);
  const worstCold200 = Math.max(...(at200?.variants ?? []).map((variant) => variant.coldMs ?? 0));
  const worstCached200Us = Math.max(
    ...(at200?.variants ?? []).map((variant) => variant.cachedUs ?? 0),
  );
  const largest = results.at(-1) as SizeResult;
  const smallestLinear = results.find((size) => size.activities === 100) ?? results[0];
  // Per variant measured at both sizes: cold time per activity at the largest size over that at 100.
  const growths = dialectVariants
    .map((variant) => {
      const small = smallestLinear?.variants.find((entry) => entry.label === variant.label);
      const large = largest.variants.find((entry) => entry.label === variant.label);
      if (
        small?.coldMs === undefined ||
        large?.coldMs === undefined ||
        smallestLinear === undefined
      )
        return undefined;
      return large.coldMs / largest.activities / (small.coldMs / smallestLinear.activities);
    })
    .filter((growth): growth is number => growth !== undefined)
    .sort((a, b) => a - b);
  const growth = percentile(growths, 0.5);
  const share = largest.rssMb - largest.rssStartMb;
  const refusal = all.find((variant) => variant.refused !== undefined)?.refused;
  const section = [
    "## 3. Toolbox scale",
    "",
    `Toolboxes of ${results.map((size) => size.activities).join(", ")} activities: distinct BFCL function docs, ten per tool class, each size in its own child process. _Cold_: \`toolbox.toProviderTools(dialect)\` on a freshly built toolbox of fresh tool instances (name catalog, schema normalisation, lowering, preflight), median of ${results[0]?.variants[0]?.coldRunsMs.length ?? 0} runs. _Cached_: the same call again on a toolbox that already compiled that dialect, median of 2,000 calls.`,
    "",
    "Cold, ms:",
    "",
    header,
    align,
    ...cold,
    "",
    "Cached, µs:",
    "",
    header,
    align,
    ...cached,
    "",
    refusal === undefined ? "" : `¹ Preflight \`DialectError\`, by design: ${refusal}.`,
    "",
    "Resident memory of the child process (MB, after full GCs), step by step: Node and tsx alone; + toolwright's root entry and the BFCL docs imported; + the toolbox with one dialect compiled (Anthropic); + all twelve dialects compiled and kept in its cache. _toolwright's share_ is the last minus the first: the import, the tools, the toolbox and its caches.",
    "",
    "| activities | tools | Node + tsx | + import | + toolbox, one dialect | + all dialects | toolwright's share | JS heap used |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...memory,
    "",
    `Targets: cached under 0.1 ms at any size — worst ${worstCachedUs.toFixed(2)} µs (${worstCachedUs < 100 ? "met" : "missed"}); cold under 50 ms for 200 activities — worst dialect ${worstCold200.toFixed(1)} ms (${worstCold200 < 50 ? "met" : "missed"}); linear growth — cold time per activity at ${largest.activities} is ${growth.toFixed(2)}× that at ${smallestLinear?.activities} (median over the dialects measured at both sizes; ${growth < 1.5 ? "linear or better" : "superlinear"}); under 100 MB RSS at ${largest.activities} activities — toolwright's share ${share.toFixed(0)} MB (${share < 100 ? "met" : "missed"}; the whole process, Node and tsx included, ${largest.rssMb.toFixed(0)} MB).`,
    "",
  ].join("\n");
  return {
    section,
    headline: [
      {
        measure: `Provider tools for ${at200?.activities ?? largest.activities} activities, any dialect`,
        toolwright: `cold ≤ ${worstCold200.toFixed(0)} ms, cached ≤ ${worstCached200Us.toFixed(1)} µs; ${largest.activities} activities with every dialect cached: ${share.toFixed(0)} MB RSS`,
        others: "no anchor compiles for several providers",
      },
    ],
  };
}

/** Scenario 3: provider-tool build time (cold, cached) and memory from 10 to 1,000 activities. */
export const scaleScenario: Scenario = { id: "scale", title: "Toolbox scale", run };
