/**
 * The Gemini prompt driver, on the official `@google/genai` SDK (an optional peer dependency).
 *
 * @example
 * ```ts
 * import { GeminiPromptDriver } from "toolwright/gemini";
 * const driver = new GeminiPromptDriver({ model: "gemini-2.5-flash" });
 * ```
 * @module
 */
import "./node-check.js";

export {
  GeminiEmbeddingDriver,
  type GeminiEmbeddingDriverOptions,
} from "./drivers/gemini/gemini-embedding-driver.js";
export {
  type GeminiDriverOptions,
  GeminiPromptDriver,
} from "./drivers/gemini/gemini-prompt-driver.js";
