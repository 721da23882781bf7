import {
  type ActivityFields,
  activityFields,
  fieldNames,
  type SearchableActivity,
} from "./activity-fields.js";
import { analyze } from "./analyze.js";
import { Bm25fIndex } from "./bm25f-index.js";
import { EmbeddingStore, type EmbedTexts } from "./embedding-store.js";
import { reciprocalRankFusion } from "./rank-fusion.js";
import { fuseScores } from "./score-fusion.js";

/** How much a query word found in each field of an activity counts (BM25F field weights). */
export interface SearchFieldWeights {
  /** The tool's and the activity's names, split into words (`getWeather` → get, weather). */
  readonly name: number;
  readonly description: number;
  /** Parameter names at every depth, split into words. */
  readonly parameterNames: number;
  /** What describes the parameters: descriptions, titles, `enum` and `const` strings. */
  readonly parameterText: number;
}

/**
 * The defaults, tuned on the half of the BFCL questions `bench/tune-search.ts` tunes on (the other half
 * only measures): see bench/RESULTS.md, "Tool search".
 */
export const defaultSearchWeights: SearchFieldWeights = Object.freeze({
  name: 2,
  description: 1,
  parameterNames: 1,
  parameterText: 1,
});

// Length normalisation per field and saturation, tuned with the weights on the full BFCL catalog (live
// categories included): a low k1 lets a second matched word count more than a repeated one, and the
// parameter fields, long in some docs, are normalised by half.
const defaultB = [0.75, 1, 0.5, 0.5] as const;
const defaultK1 = 1.2;

/** @internal One activity to index, under its native name. */
export interface SearchEntry extends SearchableActivity {
  readonly name: string;
}

/** @internal A hit: the native name and its score (BM25F, or the fused score). */
export interface NamedScore {
  readonly name: string;
  readonly score: number;
}

/** @internal Settings of one search index. */
export interface ActivitySearchSettings {
  readonly weights?: Partial<SearchFieldWeights> | undefined;
  readonly b?: readonly number[] | undefined;
  readonly k1?: number | undefined;
  readonly embed?: EmbedTexts | undefined;
  readonly fusion?: SearchFusion | undefined;
  readonly lexicalWeight?: number | undefined;
}

/**
 * How a hybrid search combines BM25F and the embeddings: `"scores"` (the default) weighs BM25F divided by
 * the query's best BM25F against the cosine similarity; `"ranks"` is reciprocal rank fusion (k = 60),
 * which ignores how far apart the scores are.
 *
 * @example
 * ```ts
 * const fusion: SearchFusion = "ranks";
 * ```
 */
export type SearchFusion = "scores" | "ranks";

// BM25F's share in "scores" fusion, tuned with a local sentence encoder on the tuning half of the BFCL
// questions (`npm run bench:tune-search -- --hybrid`; bench/RESULTS.md, "Tool search").
const defaultLexicalWeight = 0.4;

// How deep each ranking goes before rank fusion: the two lists must overlap for RRF to have something to do.
const fusionDepth = 50;

/**
 * @internal The search over a toolbox's activities: BM25F over four fields, and with an embed function,
 * BM25F fused with the embeddings' similarities (`SearchFusion`). `sync` brings it to a given set of
 * activities, touching only what changed.
 */
export class ActivitySearch {
  readonly #index: Bm25fIndex;
  readonly #embeddings: EmbeddingStore | undefined;
  readonly #fusion: SearchFusion;
  readonly #lexicalWeight: number;
  readonly #slots = new Map<string, { slot: number; text: string }>();
  #names: string[] = [];

  constructor(settings: ActivitySearchSettings = {}) {
    const weights = { ...defaultSearchWeights, ...settings.weights };
    this.#index = new Bm25fIndex({
      weights: fieldNames.map((field) => weights[field]),
      b: settings.b ?? defaultB,
      k1: settings.k1 ?? defaultK1,
    });
    this.#embeddings =
      settings.embed === undefined ? undefined : new EmbeddingStore(settings.embed);
    this.#fusion = settings.fusion ?? "scores";
    this.#lexicalWeight = settings.lexicalWeight ?? defaultLexicalWeight;
  }

  /** Activities indexed. */
  get size(): number {
    return this.#index.size;
  }

  /** Makes the index hold exactly `entries`: new names added, missing ones removed, changed ones redone. */
  sync(entries: readonly SearchEntry[]): void {
    const wanted = new Set<string>();
    for (const entry of entries) {
      wanted.add(entry.name);
      const fields = activityFields(entry);
      const text = fieldNames.map((field) => fields[field]).join("\n");
      const held = this.#slots.get(entry.name);
      if (held?.text === text) continue;
      if (held !== undefined) this.#index.remove(held.slot);
      this.#add(entry.name, fields, text);
    }
    for (const [name, held] of this.#slots) {
      if (wanted.has(name)) continue;
      this.#index.remove(held.slot);
      this.#slots.delete(name);
      this.#embeddings?.delete(name);
    }
  }

  /** The best `limit` activities by BM25F alone, best first. */
  lexical(query: string, limit: number): NamedScore[] {
    const terms = distinctTerms(query);
    return this.#index
      .search(terms, limit)
      .map(({ slot, score }) => ({ name: this.#names[slot] as string, score }));
  }

  /** The best `limit` activities: BM25F, fused with the embeddings' ranking when there is an embed function. */
  async search(query: string, limit: number): Promise<NamedScore[]> {
    const embeddings = this.#embeddings;
    if (embeddings === undefined) return this.lexical(query, limit);
    const semantic = await embeddings.similarities(query);
    // The lexical side is taken after the await: the index may have changed meanwhile.
    for (const name of semantic.keys()) if (!this.#slots.has(name)) semantic.delete(name);
    const fused =
      this.#fusion === "ranks"
        ? this.#rankFusion(query, semantic, limit)
        : fuseScores({
            lexical: this.#matches(query),
            semantic,
            lexicalWeight: this.#lexicalWeight,
            limit,
          });
    return fused.map(({ key, score }) => ({ name: key, score }));
  }

  // Every activity that matched a word, with its BM25F score: one not here scored 0.
  #matches(query: string): Map<string, number> {
    const matches = new Map<string, number>();
    for (const { slot, score } of this.#index.matches(distinctTerms(query))) {
      matches.set(this.#names[slot] as string, score);
    }
    return matches;
  }

  #rankFusion(query: string, semantic: ReadonlyMap<string, number>, limit: number) {
    const depth = Math.max(limit, fusionDepth);
    const lexical = this.lexical(query, depth).map((hit) => hit.name);
    const ranked = [...semantic]
      .sort((a, b) => b[1] - a[1])
      .slice(0, depth)
      .map(([name]) => name);
    return reciprocalRankFusion([lexical, ranked], limit);
  }

  #add(name: string, fields: ActivityFields, text: string): void {
    const slot = this.#index.add(fieldNames.map((field) => analyze(fields[field])));
    this.#names[slot] = name;
    this.#slots.set(name, { slot, text });
    this.#embeddings?.set(name, `${fields.name}: ${fields.description}`);
  }
}

// A query's words, each once: BM25F counts a word of the query once however often it is repeated.
function distinctTerms(query: string): string[] {
  return [...new Set(analyze(query))];
}
