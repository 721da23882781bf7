import type { EmbeddingCreateParams } from "openai/resources/embeddings";
import { wholeNumber } from "../../internal/option-rules.js";
import { createEmbed, ProviderEmbeddingDriver } from "../shared/create-embedding-driver.js";
import { connectOpenAI, type OpenAIDriverOptions } from "./openai-client.js";

/**
 * Options of {@link OpenAIEmbeddingDriver}: the OpenAI drivers' options, plus `dimensions` for the
 * models that can shorten their vectors (`text-embedding-3-*`).
 *
 * @example
 * ```ts
 * const options: OpenAIEmbeddingDriverOptions = { model: "text-embedding-3-small", dimensions: 512 };
 * ```
 */
export interface OpenAIEmbeddingDriverOptions extends OpenAIDriverOptions {
  dimensions?: number | undefined;
}

/**
 * An embedding driver for OpenAI's Embeddings API (`/v1/embeddings`) through the official `openai`
 * SDK, which also fits OpenAI-compatible servers; requests of more than 2,048 texts are sent in
 * batches.
 *
 * @example
 * ```ts
 * import { OpenAIEmbeddingDriver } from "toolwright/openai";
 * const embeddings = new OpenAIEmbeddingDriver({ model: "text-embedding-3-small" });
 * const memory = new TaskMemory({ store, embeddingDriver: embeddings });
 * ```
 */
export class OpenAIEmbeddingDriver extends ProviderEmbeddingDriver {
  constructor(options: OpenAIEmbeddingDriverOptions) {
    const driver = "OpenAIEmbeddingDriver";
    const connect = connectOpenAI(driver, options, { dimensions: wholeNumber(1) });
    const { model, dimensions } = options;
    const identity = { provider: "openai", model, dimensions };
    const embed = createEmbed({
      driver,
      ...identity,
      maxBatchSize: 2048,
      connect,
      body: (texts): EmbeddingCreateParams => ({
        model,
        input: [...texts],
        ...(dimensions !== undefined && { dimensions }),
      }),
      send: (client, body, signal) => client.embeddings.create(body, { signal }),
      convert: (response) => ({
        vectors: [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding),
        inputTokens: response.usage?.prompt_tokens,
      }),
    });
    super(identity, embed);
  }
}
