// `npm run bench:tune-search`: the grid search behind toolwright's default search settings
// (src/search/activity-search.ts). It ranks the tuning half of the BFCL questions only (the split is a
// hash of the question id, bench/workloads/tool-search.ts); the bench's tool-search scenario reports
// both halves, so the other half measures settings it never saw. Prints the ten best settings.
import { ActivitySearch } from "../src/search/activity-search.js";
import { searchWorkload } from "./workloads/tool-search.js";

const { functions, queries } = searchWorkload({ live: true });
const tuning = queries.filter((query) => query.split === "tune");
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
