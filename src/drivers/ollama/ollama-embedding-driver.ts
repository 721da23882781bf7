import type { EmbedRequest } from "ollama";
import {
  aBoolean,
  aNumber,
  anObject,
  aString,
  either,
  wholeNumber,
} from "../../internal/option-rules.js";
import type { JsonObject } from "../../schema/json.js";
import { createEmbed, ProviderEmbeddingDriver } from "../shared/create-embedding-driver.js";
import { checkDriverOptions, type DriverOptions } from "../shared/driver-options.js";
import { connectOllama, refuseRetries } from "./ollama-prompt-driver.js";

/**
 * Options of {@link OllamaEmbeddingDriver}. `baseURL` is the Ollama host (`http://127.0.0.1:11434`
 * by default); `maxRetries` must stay unset or 0, as the `ollama` SDK does not retry.
 *
 * @example
 * ```ts
 * const options: OllamaEmbeddingDriverOptions = { model: "nomic-embed-text", keepAlive: "10m" };
 * ```
 */
export interface OllamaEmbeddingDriverOptions extends DriverOptions {
  /** Vector length, for models that can shorten their vectors. */
  dimensions?: number | undefined;
  /** Cut texts longer than the model's context instead of failing (Ollama's default: true). */
  truncate?: boolean | undefined;
  /** How long the model stays loaded after the call (`"5m"`, `0`). */
  keepAlive?: string | number | undefined;
  /** Ollama model options (`num_ctx`, …). */
  modelOptions?: JsonObject | undefined;
}

const optionRules = {
  dimensions: wholeNumber(1),
  truncate: aBoolean,
  keepAlive: either(aString, aNumber),
  modelOptions: anObject,
};

/**
 * An embedding driver for a local (or cloud) Ollama server's `/api/embed`, through the official
 * `ollama` SDK; requests of more than 256 texts are sent in batches.
 *
 * @example
 * ```ts
 * import { OllamaEmbeddingDriver } from "toolwright/ollama";
 * const embeddings = new OllamaEmbeddingDriver({ model: "nomic-embed-text" });
 * ```
 */
export class OllamaEmbeddingDriver extends ProviderEmbeddingDriver {
  constructor(options: OllamaEmbeddingDriverOptions) {
    const driver = "OllamaEmbeddingDriver";
    checkDriverOptions(driver, options, optionRules);
    refuseRetries(driver, options);
    const { model, dimensions, truncate, keepAlive, modelOptions } = options;
    const identity = { provider: "ollama", model, dimensions };
    const embed = createEmbed({
      driver,
      ...identity,
      maxBatchSize: 256,
      connect: connectOllama(driver, { ...options }),
      body: (texts): EmbedRequest => ({
        model,
        input: [...texts],
        ...(dimensions !== undefined && { dimensions }),
        ...(truncate !== undefined && { truncate }),
        ...(keepAlive !== undefined && { keep_alive: keepAlive }),
        ...(modelOptions !== undefined && { options: modelOptions }),
      }),
      send: (ollama, body) => ollama.embed(body),
      convert: (response) => ({
        vectors: response.embeddings ?? [],
        inputTokens: response.prompt_eval_count,
      }),
    });
    super(identity, embed);
  }
}
