// Scenario 12, tool search (issue 31): does a search over a large catalog find the tool a question was
// written for, how fast, and what deferral saves. The catalog is every distinct BFCL function doc of the
// vendored categories; each question is a query, once per distinct function of its ground truth.
// Run alone: npm run bench -- --only tool-search

import { availableParallelism, loadavg } from "node:os";
import {
  aiSdkSearch,
  mastraSearch,
  plainBm25Search,
  type SearchContender,
} from "../anchors/tool-search.js";
import { toolwrightHybridSearch, toolwrightSearch } from "../anchors/toolwright.js";
import { installedVersion } from "../environment.js";
import { percentile } from "../harness.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import { loadSentenceEncoder } from "../workloads/sentence-encoder.js";
import {
  oneCallCategories,
  type SearchQuery,
  type SearchWorkload,
  searchWorkload,
} from "../workloads/tool-search.js";
import { deferralTokens } from "../workloads/tool-search-tokens.js";

// Measured once by hand (2026-12-04) for the issue's questions: how this catalog relates to the issue's
// counts, and the ranking changes tried on the tuning half before keeping the shipped one.
const catalogNotes = [
  "The catalog is the issue's: every distinct BFCL v4 function over all 13 single-turn categories (the seven of test/corpora/bfcl and the six live ones of test/corpora/bfcl/live, upstream commit 6ea5797), distinct by (name, description) as the issue counts them: 2,724. The first doc of each pair stands for it; by JSON there are 3,264 docs, as the live categories repeat one function with slightly different parameters from question to question (fifteen docs of `version_api.VersionApi.get_version`). Queries: every question with a ground truth (2,501 questions, 2,817 question–target pairs); questions without one (irrelevance 240, live_irrelevance 884, live_relevance 16) are not queries, but their functions are in the catalog. The issue's 2,061 questions are those of the one-call categories (simple_python/java/javascript 550, multiple 200, live_simple 258, live_multiple 1,053), and its anchor figures are reproduced when a hit is any doc of the ground truth's name (BFCL names a ground truth by name only): the last column, where the anchors measure 60.8% (AI SDK; the issue 60.7%), 69.1% (Mastra; 69.9%) and 84.0% (plain BM25; 85.9%), measured 2026-12-04.",
  "Ranking changes tried for the 90% target on this catalog, the tuning half deciding (recall@5 exact doc / any doc of the name / the issue's measure, tuning half then held-out half; the settings before this catalog: 73.3 / 84.5 / 84.4% and 72.1 / 83.6 / 84.6%): the field weights and saturation re-tuned by `npm run bench:tune-search` (name weight 1 or 2, length normalisation of the name 0.5 or 0.75 and of the parameter fields 0.5 or 0.75, k1 1.2, 2 or 3) chose name 2, b 0.75 / 1 / 0.5 / 0.5, k1 1.2 (was 1, 0.75 / 1 / 0.75 / 0.75, 3): 74.9 / 86.2 / 87.3% and 72.6 / 83.8 / 85.7%, shipped. Each of the following, on the old settings, did not beat that: singular/plural folding 73.4 / 84.8 / 85.2% and 72.1 / 83.4 / 84.2%; verb synonym classes (get, fetch, retrieve, find, search, look up, list, show; calculate, compute, determine; create, add, make, generate; delete, remove; update, modify, change, set; buy, purchase, order, book, reserve) indexed beside the words 73.2 / 84.6 / 84.5% and 72.0 / 83.4 / 84.5%, in place of them 73.0 / 83.8 / 83.6% and 71.0 / 83.2 / 83.8%; consecutive word pairs as extra terms (a proximity boost) 72.5 / 84.0 / 84.2% and 70.5 / 83.1 / 84.2%; a query's repeated words counted again 70.6 / 81.5 / 83.0% and 69.4 / 80.8 / 83.4%; each field saturated on its own and the fields summed 71.2 / 81.6 / 81.4% and 68.3 / 80.0 / 80.5% (k1 0.8, the best of 0.8, 1.2, 2); scores multiplied by the square root of the share of the query's IDF a doc matches 74.9 / 85.5 / 86.3% and 72.6 / 83.7 / 85.1% (no gain on the tuning half once added to the shipped settings). On the earlier 1,512-doc catalog Porter stemming, a query stopword list, splitting questions into sentences, pushing near-duplicates down and fusion with GloVe word vectors were each within 0.2 points on the held-out half. What is left is vocabulary the docs do not share: of the 278 misses among the 2,061 one-call questions, 229 do not have the target's doc in the top ten (arithmetic told as a story, `3 of my friends gave me 10 euros each` for `multiply`; `who is ji sung park?` for a web QA search; questions in Korean, Chinese, Indonesian and Hindi against English docs; `version?`). That is the work of embeddings (`search.embed`), not of a lexical ranking.",
];

interface Quality {
  readonly recall1: number;
  readonly recall5: number;
  readonly recall10: number;
  readonly mrr: number;
  /** recall@5 counting any doc of the target's BFCL name (BFCL names a ground truth by name only). */
  readonly sameName5: number;
  /** The issue's measure: `sameName5` over the questions of the one-call categories. */
  readonly oneCall5: number;
  readonly queries: number;
}

type Builder = (workload: SearchWorkload) => Promise<SearchContender>;

// Every contender returns its top 10; MRR counts a target below rank 10 as 0 (MRR@10).
const depth = 10;

interface Contender {
  readonly label: string;
  readonly build: Builder;
  /** Hybrid contenders embed the catalog first (minutes at 10,000 tools): timed at the full catalog only. */
  readonly everySize: boolean;
}

const anchors: readonly Contender[] = [
  {
    label: `AI SDK (ai ${installedVersion("ai")})`,
    build: async (workload) => aiSdkSearch(workload.functions, depth),
    everySize: true,
  },
  {
    label: `Mastra (@mastra/core ${installedVersion("@mastra/core")})`,
    build: (workload) => mastraSearch(workload.functions, depth),
    everySize: true,
  },
  {
    label: `plain BM25 (wink-bm25-text-search ${installedVersion("wink-bm25-text-search")})`,
    build: async (workload) => plainBm25Search(workload.functions),
    everySize: true,
  },
];

const hybridLabel = "toolwright hybrid (`search.embed`, weighed scores)";
const ranksLabel = 'toolwright hybrid (`search.embed`, `fusion: "ranks"`)';

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const full = searchWorkload({ live: true });
  const copies = options.quick ? 2 : 4;
  const big = searchWorkload({ copies, live: true });
  const encoder = await loadSentenceEncoder();
  const builders: readonly Contender[] = [
    { label: "toolwright", build: (workload) => toolwrightSearch(workload), everySize: true },
    {
      label: hybridLabel,
      build: (workload) => toolwrightHybridSearch(workload, encoder.embed, "scores"),
      everySize: false,
    },
    {
      label: ranksLabel,
      build: (workload) => toolwrightHybridSearch(workload, encoder.embed, "ranks"),
      everySize: false,
    },
    ...anchors,
  ];
  const qualityRows: string[] = [];
  const qualities = new Map<string, Quality>();
  const halves: string[] = [];
  for (const { label, build } of builders) {
    console.error(`bench: tool-search quality ${label}…`);
    const contender = await build(full);
    const all = await quality(contender, full.queries);
    const tune = await quality(
      contender,
      full.queries.filter((q) => q.split === "tune"),
    );
    const test = await quality(
      contender,
      full.queries.filter((q) => q.split === "test"),
    );
    qualities.set(label, all);
    qualityRows.push(qualityRow(label, all));
    halves.push(
      `| ${label} | ${percent(tune.recall5)} | ${percent(test.recall5)} | ${tune.mrr.toFixed(3)} | ${test.mrr.toFixed(3)} |`,
    );
  }
  // Fresh workloads: each contender's build time includes its index (toolwright's is built on the
  // first search, which the quality runs above already made for `full`).
  const sizes = [
    searchWorkload({ size: 1_000, live: true }),
    searchWorkload({ live: true }),
    big,
  ].map((workload) => ({
    label: workload.functions.length.toLocaleString("en-US"),
    workload,
  }));
  const latencyRows: string[] = [];
  const p95At = new Map<string, number>();
  for (const size of sizes) {
    for (const { label, build, everySize } of builders) {
      if (!everySize && size.workload.functions.length !== full.functions.length) continue;
      console.error(`bench: tool-search latency ${label} at ${size.label}…`);
      const started = performance.now();
      const contender = await build(size.workload);
      const buildMs = performance.now() - started;
      const sample = sampleQueries(
        full.queries,
        options.quick ? 60 : size.workload.functions.length > 5_000 ? 300 : 1_000,
      );
      const times = await latencies(contender, sample);
      p95At.set(`${label}@${size.label}`, percentile(times, 0.95));
      latencyRows.push(
        `| ${size.label} | ${label} | ${buildMs.toFixed(0)} | ${percentile(times, 0.5).toFixed(3)} | ${percentile(times, 0.95).toFixed(3)} | ${times.length} |`,
      );
    }
  }
  const encoderTimes = await encoder.latencies(
    sampleQueries(full.queries, options.quick ? 30 : 300).map((query) => query.text),
  );
  const tokens = await deferralTokens(full, options.quick ? 10 : 100, 5);
  const ours = qualities.get("toolwright") as Quality;
  const hybrid = qualities.get(hybridLabel) as Quality;
  const bigLabel = big.functions.length.toLocaleString("en-US");
  const ourP95 = p95At.get(`toolwright@${bigLabel}`) ?? Number.NaN;
  const others = anchors.map(({ label }) => ({
    label,
    quality: qualities.get(label) as Quality,
  }));
  const beats = (q: Quality) =>
    others.every(
      (other) => q.recall5 > other.quality.recall5 && q.oneCall5 > other.quality.oneCall5,
    );
  const section = [
    "## 12. Tool search",
    "",
    `Catalog: every distinct BFCL function, live categories included (${full.functions.length.toLocaleString("en-US")} functions in ${full.toolbox.tools.length} tools: \`math.triangle_area_heron\` is activity \`triangle_area_heron\` of tool \`math\`, undotted names are activities of a tool \`bfcl\`, a second function of one name becomes \`_v2\`). Queries: each BFCL question's user text, once per distinct function of its ground truth (${full.queries.length.toLocaleString("en-US")} queries); the target is the doc of that name in the question's own function list, so a same-named doc from another question is a miss (the last column counts it as a hit). Every contender gets the same native names, descriptions and schemas and is called through its own code: toolwright's \`toolbox.search\`; the AI SDK's \`toolSearch()\` bound by \`createToolSearchState\` (\`ai/internal\`), as a generation binds it; Mastra's \`ToolSearchProcessor\` through \`processInputStep\` and its \`search_tools\` tool; wink-bm25-text-search set up as its README does. Each returns its top ${depth}.`,
    "",
    "| system (full catalog) | recall@1 | recall@5 | recall@10 | MRR@10 | recall@5, any doc of the name | the same, one-call questions (the issue's measure) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...qualityRows,
    "",
    "toolwright's field weights, length normalisation and saturation were chosen by `npm run bench:tune-search` on the tuning half of the questions (a hash of the question id); the other half never took part:",
    "",
    "| system | recall@5, tuning half | recall@5, held-out half | MRR@10, tuning half | MRR@10, held-out half |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...halves,
    "",
    `The hybrid rows give \`search.embed\` a real local model: ${encoder.model}, 512 dimensions, English only, run by TensorFlow.js's WebAssembly backend with no network (\`bench/workloads/sentence-encoder.ts\`); each activity is embedded as its name and description. Weighed scores (the default, \`0.4 · BM25F / best BM25F + 0.6 · cosine\`, the weight chosen by \`npm run bench:tune-search -- --hybrid\` on the tuning half) reach ${percent(hybrid.oneCall5)} on the issue's measure against ${percent(ours.oneCall5)} for BM25F alone. Reciprocal rank fusion (k = 60), which the issue names, reaches ${percent((qualities.get(ranksLabel) as Quality).oneCall5)}: a rank carries no measure of how far ahead a clear lexical match was, so a weaker model's near-ties outvote it. \`fusion: "ranks"\` stays an option; of the questions still missed, many have a same-purpose function ranked above the target (\`math_gcd\` above \`number_theory_gcd\`), the rest are arithmetic told as a story, other languages and one-word questions: the work of a stronger embedding model than this 2018 encoder.`,
    "",
    ...catalogNotes.flatMap((paragraph) => [paragraph, ""]),
    `Latency per search (wall clock around each call, ms; queries drawn evenly from the ${full.queries.length.toLocaleString("en-US")}), and the time to build each contender over the catalog. ${bigLabel} tools = the catalog ${copies} times, the copies' tools renamed (\`math_copy2\`).`,
    "",
    "| tools | system | build ms | p50 ms | p95 ms | searches |",
    "| ---: | --- | ---: | ---: | ---: | ---: |",
    ...latencyRows,
    "",
    `The hybrid rows time toolwright's side with the query's vector cached (the fused ranking over every activity); the encoder itself takes p50 ${percentile(encoderTimes, 0.5).toFixed(1)} ms and p95 ${percentile(encoderTimes, 0.95).toFixed(1)} ms per uncached query here (${encoderTimes.length} queries), and an embeddings API a network round trip. Their build time embeds the catalog.`,
    "",
    tokens.section,
    "",
    `Targets: recall@5 ≥ 90% on the full catalog, above every anchor and the baseline; p95 under 1 ms at 10,000+ tools. Measured on the issue's measure (any doc of the name, one-call questions): BM25F alone ${percent(ours.oneCall5)} (exact doc ${percent(ours.recall5)}), hybrid with the local encoder ${percent(hybrid.oneCall5)} (exact doc ${percent(hybrid.recall5)}) (${hybrid.oneCall5 >= 0.9 ? "met" : "missed"}; ${beats(ours) ? "both above every anchor and the baseline" : "not above every other system"}), p95 ${ourP95.toFixed(3)} ms at ${bigLabel} tools (${ourP95 < 1 ? "met" : "missed"}; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores at the end of the run: on a loaded machine the tails are the scheduler's).`,
    "",
  ].join("\n");
  return {
    section,
    headline: [
      {
        measure: `tool search recall@5, ${full.functions.length.toLocaleString("en-US")} BFCL tools`,
        toolwright: `${percent(ours.recall5)}; hybrid ${percent(hybrid.recall5)}`,
        others: others
          .map((other) => `${other.label.split(" (")[0]} ${percent(other.quality.recall5)}`)
          .join(", "),
      },
      {
        measure: `tool tokens per request, ${full.functions.length.toLocaleString("en-US")} tools`,
        toolwright: `${tokens.afterSearch.toLocaleString("en-US")} deferred (after one search)`,
        others: `${tokens.without.toLocaleString("en-US")} with every tool sent`,
      },
      {
        measure: `tool search p95, ${bigLabel} tools`,
        toolwright: `${ourP95.toFixed(3)} ms`,
        others: anchors
          .map(
            ({ label }) =>
              `${label.split(" (")[0]} ${(p95At.get(`${label}@${bigLabel}`) ?? Number.NaN).toFixed(1)} ms`,
          )
          .join(", "),
      },
    ],
  };
}

async function quality(
  contender: SearchContender,
  queries: readonly SearchQuery[],
): Promise<Quality> {
  let recall1 = 0;
  let recall5 = 0;
  let recall10 = 0;
  let reciprocal = 0;
  let sameName5 = 0;
  let oneCall5 = 0;
  let oneCalls = 0;
  for (const query of queries) {
    const hits = await contender.search(query.text, depth);
    const rank = hits.indexOf(query.target);
    if (rank === 0) recall1++;
    if (rank !== -1 && rank < 5) recall5++;
    if (rank !== -1 && rank < 10) recall10++;
    if (rank !== -1) reciprocal += 1 / (rank + 1);
    const byName = hits.slice(0, 5).some((hit) => query.sameName.has(hit));
    if (byName) sameName5++;
    if (oneCallCategories.has(query.category)) {
      oneCalls++;
      if (byName) oneCall5++;
    }
  }
  const count = queries.length;
  return {
    recall1: recall1 / count,
    recall5: recall5 / count,
    recall10: recall10 / count,
    mrr: reciprocal / count,
    sameName5: sameName5 / count,
    oneCall5: oneCall5 / oneCalls,
    queries: count,
  };
}

// Warm up on a tenth of the sample, then time each call (wall clock, ms, sorted).
async function latencies(
  contender: SearchContender,
  queries: readonly SearchQuery[],
): Promise<number[]> {
  for (const query of queries.slice(0, Math.ceil(queries.length / 10)))
    await contender.search(query.text, depth);
  const times: number[] = [];
  for (const query of queries) {
    const started = process.hrtime.bigint();
    await contender.search(query.text, depth);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b);
}

function sampleQueries(queries: readonly SearchQuery[], count: number): SearchQuery[] {
  if (count >= queries.length) return [...queries];
  const step = queries.length / count;
  return Array.from(
    { length: count },
    (_, index) => queries[Math.floor(index * step)] as SearchQuery,
  );
}

function qualityRow(label: string, q: Quality): string {
  return `| ${label} | ${percent(q.recall1)} | ${percent(q.recall5)} | ${percent(q.recall10)} | ${q.mrr.toFixed(3)} | ${percent(q.sameName5)} | ${percent(q.oneCall5)} |`;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

/** Scenario 12: tool search quality, latency and the tokens deferral saves. */
export const toolSearchScenario: Scenario = { id: "tool-search", title: "Tool search", run };
