/**
 * The Anthropic prompt driver, on the official `@anthropic-ai/sdk` (an optional peer dependency).
 *
 * @example
 * ```ts
 * import { AnthropicPromptDriver } from "toolwright/anthropic";
 * const driver = new AnthropicPromptDriver({ model: "claude-sonnet-4-5" });
 * ```
 * @module
 */
import "./node-check.js";

export {
  type AnthropicDriverOptions,
  AnthropicPromptDriver,
} from "./drivers/anthropic/anthropic-prompt-driver.js";
