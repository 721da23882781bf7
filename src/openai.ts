/**
 * OpenAI prompt drivers, on the official `openai` SDK (an optional peer dependency).
 *
 * @example
 * ```ts
 * import { OpenAIResponsesPromptDriver } from "toolwright/openai";
 * const driver = new OpenAIResponsesPromptDriver({ model: "gpt-4.1-mini" });
 * ```
 * @module
 */
import "./node-check.js";

export { OpenAIChatPromptDriver } from "./drivers/openai/openai-chat-prompt-driver.js";
export type { OpenAIDriverOptions } from "./drivers/openai/openai-client.js";
export {
  OpenAIEmbeddingDriver,
  type OpenAIEmbeddingDriverOptions,
} from "./drivers/openai/openai-embedding-driver.js";
export { OpenAIResponsesPromptDriver } from "./drivers/openai/openai-responses-prompt-driver.js";
