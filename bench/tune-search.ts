// `npm run bench:tune-search`: the grid search behind toolwright's default search settings
// (src/search/activity-search.ts). It ranks the tuning half of the BFCL questions only (the split is a
// hash of the question id, bench/workloads/tool-search.ts); the bench's tool-search scenario reports
// both halves, so the other half measures settings it never saw. Prints the ten best settings.
// With `-- --hybrid`: the lexical weight of the weighed-score fusion, with the bench's local encoder.
import { ActivitySearch } from "../src/search/activity-search.js";
import { loadSentenceEncoder } from "./workloads/sentence-encoder.js";
import { oneCallCategories, searchWorkload } from "./workloads/tool-search.js";

const { functions, queries } = searchWorkload({ live: true });
const tuning = queries.filter((query) => query.split === "tune");

if (process.argv.includes("--hybrid")) {
  const { embed } = await loadSentenceEncoder();
  // The measure: any doc of the target's name in the top five, one-call questions only.
  const oneCall = tuning.filter((query) => oneCallCategories.has(query.category));
  for (const lexicalWeight of [0.2, 0.3, 0.4, 0.5, 0.6, 0.7]) {
    const search = new ActivitySearch({ embed, lexicalWeight });
    search.sync(functions);
    let found = 0;
    for (const query of oneCall) {
      const hits = await search.search(query.text, 5);
      if (hits.some((hit) => query.sameName.has(hit.name))) found++;
    }
    console.log(
      `lexicalWeight ${lexicalWeight}: ${((found / oneCall.length) * 100).toFixed(1)}% @5 (any doc of the name, ${oneCall.length} one-call questions of the tuning half)`,
    );
  }
  process.exit(0);
}
const grid = {
  name: [1, 2],
  description: [1],
  parameterNames: [1],
  parameterText: [1],
  bName: [0.5, 0.75],
  bDescription: [1],
  bParameters: [0.5, 0.75],
  k1: [1.2, 2, 3],
};

const results: { settings: string; recall5: number; mrr: number }[] = [];
for (const name of grid.name)
  for (const description of grid.description)
    for (const parameterNames of grid.parameterNames)
      for (const parameterText of grid.parameterText)
        for (const bName of grid.bName)
          for (const bDescription of grid.bDescription)
            for (const bParameters of grid.bParameters)
              for (const k1 of grid.k1) {
                const search = new ActivitySearch({
                  weights: { name, description, parameterNames, parameterText },
                  b: [bName, bDescription, bParameters, bParameters],
                  k1,
                });
                search.sync(functions);
                let found = 0;
                let reciprocal = 0;
                for (const query of tuning) {
                  const rank = search
                    .lexical(query.text, 10)
                    .findIndex((hit) => hit.name === query.target);
                  if (rank !== -1 && rank < 5) found++;
                  if (rank !== -1) reciprocal += 1 / (rank + 1);
                }
                results.push({
                  settings: JSON.stringify({
                    name,
                    description,
                    parameterNames,
                    parameterText,
                    bName,
                    bDescription,
                    bParameters,
                    k1,
                  }),
                  recall5: found / tuning.length,
                  mrr: reciprocal / tuning.length,
                });
              }
results.sort((a, b) => b.recall5 - a.recall5 || b.mrr - a.mrr);
for (const row of results.slice(0, 10)) {
  console.log(
    `${(row.recall5 * 100).toFixed(1)}% @5, MRR@10 ${row.mrr.toFixed(3)}: ${row.settings}`,
  );
}
