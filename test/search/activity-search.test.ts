import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { ToolboxError } from "../../src/index.js";
import { activityFields } from "../../src/search/activity-fields.js";
import {
  ActivitySearch,
  type ActivitySearchSettings,
  type SearchEntry,
} from "../../src/search/activity-search.js";
import { analyze } from "../../src/search/analyze.js";
import type { EmbedTexts } from "../../src/search/embedding-store.js";
import { reciprocalRankFusion } from "../../src/search/rank-fusion.js";
import { fuseScores } from "../../src/search/score-fusion.js";

const weather: SearchEntry = {
  name: "WeatherTool_getForecast",
  toolName: "WeatherTool",
  activityName: "getForecast",
  description: "Daily forecast.",
  schema: {
    type: "object",
    description: "ignored: the root repeats the activity",
    properties: {
      city: { type: "string", description: "City to look up" },
      units: { enum: ["celsius", "fahrenheit"] },
      window: {
        type: "object",
        properties: { startDate: { type: "string", title: "First day" } },
      },
    },
  },
};
const stocks: SearchEntry = {
  name: "Market_quote",
  toolName: "Market",
  activityName: "quote",
  description: "Latest price of a stock ticker.",
  schema: { type: "object", properties: { ticker: { type: "string" } } },
};
const mail: SearchEntry = {
  name: "Mail_send",
  toolName: "Mail",
  activityName: "send",
  description: "Send an email.",
  schema: { type: "object", properties: { to: { type: "string" } } },
};

describe("analyze", () => {
  it("splits camelCase, acronyms and separators into folded words", () => {
    assert.deepEqual(analyze("getWeatherHTTPServer max_results v2.list-all Ünïcode"), [
      "get",
      "weather",
      "http",
      "server",
      "max",
      "results",
      "v2",
      "list",
      "all",
      "unicode",
    ]);
  });
});

describe("activityFields", () => {
  it("reads names and describing text at every depth (children before parents), not the root's own description", () => {
    assert.deepEqual(activityFields(weather), {
      name: "WeatherTool getForecast",
      description: "Daily forecast.",
      parameterNames: "city units startDate window",
      parameterText: "City to look up celsius fahrenheit First day",
    });
  });
});

describe("ActivitySearch", () => {
  it("finds an activity by its parameters' words as well as its name and description", () => {
    const search = new ActivitySearch();
    search.sync([weather, stocks, mail]);
    assert.equal(search.lexical("temperature in fahrenheit", 3)[0]?.name, weather.name);
    assert.equal(search.lexical("what is the start date", 3)[0]?.name, weather.name);
    assert.equal(search.lexical("quote for a ticker", 3)[0]?.name, stocks.name);
    assert.deepEqual(search.lexical("nothing matches", 3), []);
  });

  it("follows sync: removed activities are gone, changed ones are indexed anew", () => {
    const search = new ActivitySearch();
    search.sync([weather, stocks, mail]);
    search.sync([weather, { ...mail, description: "Deliver a parcel." }]);
    assert.equal(search.size, 2);
    assert.deepEqual(search.lexical("stock price ticker", 5), []);
    assert.deepEqual(search.lexical("email", 5), []);
    assert.equal(search.lexical("parcel", 5)[0]?.name, mail.name);
  });

  it("fuses the embeddings' ranking with BM25F, embedding each activity once", async () => {
    const batches: string[][] = [];
    // Two dimensions: "money" words and everything else; enough to rank semantically here.
    const embed: EmbedTexts = async (texts) => {
      batches.push([...texts]);
      return texts.map((text) => (/price|stock|cost|dollar/i.test(text) ? [1, 0.1] : [0.1, 1]));
    };
    const search = new ActivitySearch({ embed });
    search.sync([weather, stocks, mail]);
    const [first, second] = await Promise.all([
      search.search("how many dollars does it cost", 2),
      search.search("how many dollars does it cost", 2),
    ]);
    assert.equal(first[0]?.name, stocks.name);
    assert.deepEqual(first, second);
    // One batch of the three activities, then each query alone.
    assert.deepEqual(
      batches.map((batch) => batch.length),
      [3, 1, 1],
    );
    search.sync([weather, mail]);
    const after = await search.search("how many dollars does it cost", 5);
    assert.ok(after.every((hit) => hit.name !== stocks.name));
  });

  it("weighs the two scores by default, and ranks by reciprocal rank with fusion: ranks", async () => {
    // Only the weather activity has the word "forecast"; the vectors put the stock quote nearest the
    // query (cosine 1.0 against 0.8). Weighed, the clear lexical match wins: 0.4 · 1 + 0.6 · 0.8.
    const embed: EmbedTexts = async (texts) =>
      texts.map((text) =>
        text.startsWith("WeatherTool")
          ? [0.8, 0.6]
          : text.startsWith("Market")
            ? [1, 0]
            : text.startsWith("Mail")
              ? [0, 1]
              : [1, 0],
      );
    const search = (settings: ActivitySearchSettings) => {
      const index = new ActivitySearch({ embed, ...settings });
      index.sync([weather, stocks, mail]);
      return index.search("forecast for tomorrow", 3);
    };
    const weighed = await search({});
    assert.deepEqual(
      weighed.map((hit) => hit.name),
      [weather.name, stocks.name, mail.name],
    );
    assert.ok(Math.abs((weighed[0]?.score ?? 0) - 0.88) < 1e-9);
    assert.ok(Math.abs((weighed[1]?.score ?? 0) - 0.6) < 1e-9);
    assert.equal((await search({ lexicalWeight: 0 }))[0]?.name, stocks.name);
    assert.equal((await search({ lexicalWeight: 1 }))[0]?.name, weather.name);
    const ranked = await search({ fusion: "ranks" });
    assert.deepEqual(
      ranked.map((hit) => [hit.name, hit.score]),
      [
        [weather.name, 1 / 61 + 1 / 62],
        [stocks.name, 1 / 61],
        [mail.name, 1 / 63],
      ],
    );
  });

  it("rejects an embed function that returns the wrong count or ragged vectors", async () => {
    const short = new ActivitySearch({ embed: async () => [[1, 0]] });
    short.sync([weather, stocks]);
    await assert.rejects(short.search("x", 1), (error) => {
      assert.ok(error instanceof ToolboxError);
      assert.match(error.message, /returned 1 vectors for 2 texts/);
      return true;
    });
    const ragged = new ActivitySearch({
      embed: async (texts) => texts.map((_, index) => (index === 0 ? [1, 0] : [1, 0, 0])),
    });
    ragged.sync([weather, stocks]);
    await assert.rejects(ragged.search("x", 1), /vector 1 of length 3, expected 2/);
  });
});

describe("reciprocalRankFusion", () => {
  it("sums 1 / (k + rank) and keeps first-met order on ties", () => {
    assert.deepEqual(
      reciprocalRankFusion(
        [
          ["a", "b"],
          ["b", "c"],
        ],
        3,
        1,
      ),
      [
        { key: "b", score: 1 / 3 + 1 / 2 },
        { key: "a", score: 1 / 2 },
        { key: "c", score: 1 / 3 },
      ],
    );
    assert.deepEqual(
      reciprocalRankFusion([["a"], ["b"]], 2).map((hit) => hit.key),
      ["a", "b"],
    );
  });
});

describe("fuseScores", () => {
  it("divides BM25F by the best and weighs it against the similarity, keeping the best `limit`", () => {
    const semantic = new Map([
      ["c", 0.9],
      ["b", 0.5],
      ["a", 0],
      ["d", 0.1],
    ]);
    const lexical = new Map([
      ["a", 4],
      ["b", 2],
      ["e", 1],
    ]);
    // a 0.5, b 0.25 + 0.25, c 0.45, d 0.05, e 0.125 (no vector yet: its lexical share alone).
    assert.deepEqual(fuseScores({ lexical, semantic, lexicalWeight: 0.5, limit: 5 }), [
      { key: "b", score: 0.5 },
      { key: "a", score: 0.5 },
      { key: "c", score: 0.45 },
      { key: "e", score: 0.125 },
      { key: "d", score: 0.05 },
    ]);
    for (let limit = 0; limit <= 6; limit++) {
      assert.deepEqual(
        fuseScores({ lexical, semantic, lexicalWeight: 0.5, limit }).map((hit) => hit.key),
        ["b", "a", "c", "e", "d"].slice(0, limit),
      );
    }
    // Against a full sort of every key (semantic order first, then lexical-only keys; ties stable).
    const keys = fc.constantFrom("a", "b", "c", "d", "e", "f", "g");
    const score = fc.constantFrom(0, 0.25, 0.5, 1, 2);
    fc.assert(
      fc.property(
        fc.dictionary(keys, score),
        fc.dictionary(keys, fc.constantFrom(-0.5, 0, 0.3, 0.5, 1)),
        fc.constantFrom(0, 0.4, 1),
        fc.nat(8),
        (lexicalScores, similarities, lexicalWeight, limit) => {
          const lexical = new Map(Object.entries(lexicalScores));
          const semantic = new Map(Object.entries(similarities));
          const best = Math.max(0, ...lexical.values());
          // The same arithmetic as the fusion's, so equal scores are equal to the last bit.
          const scale = best > 0 ? lexicalWeight / best : 0;
          const expected = [
            ...semantic.keys(),
            ...[...lexical.keys()].filter((key) => !semantic.has(key)),
          ]
            .map((key) => ({
              key,
              score: semantic.has(key)
                ? scale * (lexical.get(key) ?? 0) + (1 - lexicalWeight) * (semantic.get(key) ?? 0)
                : scale * (lexical.get(key) ?? 0),
            }))
            .sort((x, y) => y.score - x.score)
            .slice(0, limit);
          const found = fuseScores({ lexical, semantic, lexicalWeight, limit });
          assert.deepEqual(
            found.map((hit) => hit.key),
            expected.map((hit) => hit.key),
          );
          for (const [index, hit] of found.entries()) {
            assert.equal(hit.score, expected[index]?.score);
          }
        },
      ),
    );
    // No word matched: the similarity alone decides, and no score divides by zero.
    assert.deepEqual(
      fuseScores({
        lexical: new Map(),
        semantic: new Map([
          ["x", 0.2],
          ["y", 0.4],
        ]),
        lexicalWeight: 0.4,
        limit: 1,
      }),
      [{ key: "y", score: 0.6 * 0.4 }],
    );
  });
});
