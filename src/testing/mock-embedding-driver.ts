import { createHash } from "node:crypto";
import type {
  EmbeddingCallOptions,
  EmbeddingDriver,
  EmbeddingRequest,
  EmbeddingResponse,
} from "../drivers/embedding-spec.js";
import { checkCallOptions } from "../drivers/shared/driver-options.js";
import { DriverConfigError } from "../errors/driver-config-error.js";
import { checkOptions } from "../internal/check-options.js";
import { aFunction, wholeNumber } from "../internal/option-rules.js";
import { termFrequencies } from "../memory/tokenize.js";

/**
 * Options of {@link MockEmbeddingDriver}.
 *
 * @example
 * ```ts
 * const options: MockEmbeddingDriverOptions = { dimensions: 32 };
 * ```
 */
export interface MockEmbeddingDriverOptions {
  /** Length of the vectors; 64 by default. */
  dimensions?: number | undefined;
  /** Your own vector for a text, instead of the hashed words (its length must be `dimensions`). */
  embed?: ((text: string) => number[]) | undefined;
}

/**
 * An embedding driver for tests, without a model: by default a text's vector is its words hashed
 * into `dimensions` buckets (signed feature hashing, unit length), so texts that share words are
 * close and the same text always gets the same vector. It says nothing about meaning: "car" and
 * "automobile" are as far apart as any two words. Records every request.
 *
 * @example
 * ```ts
 * import { MockEmbeddingDriver } from "toolwright/testing";
 * const memory = new TaskMemory({ embeddingDriver: new MockEmbeddingDriver() });
 * ```
 */
export class MockEmbeddingDriver implements EmbeddingDriver {
  readonly specificationVersion = "v1";
  readonly provider = "mock";
  readonly model = "mock-hashed-words";
  readonly dimensions: number;
  /** Every request received, in order. */
  readonly requests: EmbeddingRequest[] = [];
  readonly #embed: ((text: string) => number[]) | undefined;

  constructor(options: MockEmbeddingDriverOptions = {}) {
    checkOptions(options, {
      owner: "MockEmbeddingDriver",
      rules: { dimensions: wholeNumber(1), embed: aFunction },
      error: (option, message) =>
        new DriverConfigError({ driver: "MockEmbeddingDriver", option, message }),
    });
    this.dimensions = options.dimensions ?? 64;
    this.#embed = options.embed;
  }

  async embed(
    request: EmbeddingRequest,
    options: EmbeddingCallOptions = {},
  ): Promise<EmbeddingResponse> {
    checkCallOptions("MockEmbeddingDriver", "embed", options);
    options.signal?.throwIfAborted();
    this.requests.push(request);
    const embeddings = request.texts.map((text) => this.#embed?.(text) ?? this.#hashed(text));
    return { embeddings, usage: { inputTokens: undefined } };
  }

  #hashed(text: string): number[] {
    const vector = new Array<number>(this.dimensions).fill(0);
    for (const [word, count] of termFrequencies(text).frequencies) {
      const digest = createHash("sha256").update(word).digest();
      const bucket = digest.readUInt32LE(0) % this.dimensions;
      vector[bucket] = (vector[bucket] as number) + ((digest[4] as number) & 1 ? count : -count);
    }
    const norm = Math.hypot(...vector);
    return norm === 0 ? vector : vector.map((value) => value / norm);
  }
}
