import type { EmbedContentParameters } from "@google/genai";
import { anObject, wholeNumber } from "../../internal/option-rules.js";
import { createEmbed, ProviderEmbeddingDriver } from "../shared/create-embedding-driver.js";
import { checkDriverOptions } from "../shared/driver-options.js";
import { connectGemini, type GeminiDriverOptions } from "./gemini-prompt-driver.js";

/**
 * Options of {@link GeminiEmbeddingDriver}: the Gemini prompt driver's, plus `dimensions`, sent as
 * `outputDimensionality`.
 *
 * @example
 * ```ts
 * const options: GeminiEmbeddingDriverOptions = { model: "gemini-embedding-001", dimensions: 768 };
 * ```
 */
export interface GeminiEmbeddingDriverOptions extends GeminiDriverOptions {
  dimensions?: number | undefined;
}

/**
 * An embedding driver for the Gemini API (`batchEmbedContents`) through the official
 * `@google/genai` SDK. Passages are embedded as `RETRIEVAL_DOCUMENT`, searches as
 * `RETRIEVAL_QUERY`; requests of more than 100 texts are sent in batches.
 *
 * @example
 * ```ts
 * import { GeminiEmbeddingDriver } from "toolwright/gemini";
 * const embeddings = new GeminiEmbeddingDriver({ model: "gemini-embedding-001" });
 * ```
 */
export class GeminiEmbeddingDriver extends ProviderEmbeddingDriver {
  constructor(options: GeminiEmbeddingDriverOptions) {
    const driver = "GeminiEmbeddingDriver";
    const rules = { httpOptions: anObject, client: anObject, dimensions: wholeNumber(1) };
    checkDriverOptions(driver, options, rules);
    const { model, dimensions } = options;
    const identity = { provider: "gemini", model, dimensions };
    const embed = createEmbed({
      driver,
      ...identity,
      maxBatchSize: 100,
      connect: connectGemini(driver, options),
      body: (texts, purpose, signal): EmbedContentParameters => ({
        model,
        contents: [...texts],
        config: {
          taskType: purpose === "query" ? "RETRIEVAL_QUERY" : "RETRIEVAL_DOCUMENT",
          ...(dimensions !== undefined && { outputDimensionality: dimensions }),
          ...(signal !== undefined && { abortSignal: signal }),
        },
      }),
      // The signal travels in the parameters (`config.abortSignal`).
      send: (ai, params) => ai.models.embedContent(params),
      convert: (response) => ({
        vectors: (response.embeddings ?? []).map((embedding) => embedding.values),
        inputTokens: undefined,
      }),
    });
    super(identity, embed);
  }
}
