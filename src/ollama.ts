/**
 * The Ollama prompt driver, on the official `ollama` SDK (an optional peer dependency).
 *
 * @example
 * ```ts
 * import { OllamaPromptDriver } from "toolwright/ollama";
 * const driver = new OllamaPromptDriver({ model: "qwen3" });
 * ```
 * @module
 */
import "./node-check.js";

export {
  OllamaEmbeddingDriver,
  type OllamaEmbeddingDriverOptions,
} from "./drivers/ollama/ollama-embedding-driver.js";
export {
  type OllamaDriverOptions,
  OllamaPromptDriver,
} from "./drivers/ollama/ollama-prompt-driver.js";
