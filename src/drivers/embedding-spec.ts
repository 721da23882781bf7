/**
 * A model that turns texts into vectors (embeddings), behind a provider's API: texts in, one vector
 * per text out. A type, not a base class: any object of this shape is an embedding driver.
 *
 * @example
 * ```ts
 * const { embeddings } = await driver.embed({ texts: ["tide tables", "harbour hours"], purpose: "document" });
 * embeddings[0].length; // the model's dimensions
 * ```
 */
export interface EmbeddingDriver {
  /** Version of this interface the driver implements. */
  readonly specificationVersion: "v1";
  /** Provider id, such as `openai`, `gemini`, `ollama`. */
  readonly provider: string;
  /** Model id sent to the provider. */
  readonly model: string;
  /** Length of the vectors, when fixed before the first call (a `dimensions` option). */
  readonly dimensions?: number | undefined;
  /** Embeds the texts, in order; one vector per text. */
  embed(request: EmbeddingRequest, options?: EmbeddingCallOptions): Promise<EmbeddingResponse>;
}

/**
 * What the texts are for: stored passages (`document`) or a search (`query`). Providers that embed
 * the two differently (Gemini's task types) use it; the others ignore it.
 *
 * @example
 * ```ts
 * const purpose: EmbeddingPurpose = "query";
 * ```
 */
export type EmbeddingPurpose = "document" | "query";

/**
 * Texts to embed.
 *
 * @example
 * ```ts
 * const request: EmbeddingRequest = { texts: ["When does the ferry leave?"], purpose: "query" };
 * ```
 */
export interface EmbeddingRequest {
  readonly texts: readonly string[];
  /** `document` by default. */
  readonly purpose?: EmbeddingPurpose | undefined;
}

/**
 * Per-call options of an embedding driver.
 *
 * @example
 * ```ts
 * await driver.embed(request, { signal: AbortSignal.timeout(10_000) });
 * ```
 */
export interface EmbeddingCallOptions {
  /** Cancels the call; the promise rejects with `signal.reason`. */
  signal?: AbortSignal | undefined;
}

/**
 * One vector per text, in the order of the texts, and the tokens the provider counted.
 *
 * @example
 * ```ts
 * const { embeddings, usage } = await driver.embed({ texts });
 * console.log(embeddings.length === texts.length, usage.inputTokens);
 * ```
 */
export interface EmbeddingResponse {
  readonly embeddings: number[][];
  readonly usage: { readonly inputTokens: number | undefined };
}
