/**
 * The OpenAI Agents SDK (`@openai/agents`, an optional peer dependency) with toolwright's tools: a
 * toolbox as the runner's function tools, and a model wrapper that lets calls the runner would refuse
 * reach toolwright's repairs.
 *
 * @example
 * ```ts
 * import { toOpenAIAgentsTools, withToolwrightCalls } from "toolwright/openai-agents";
 * const agent = new Agent({ name: "calc", model: withToolwrightCalls(model, toolbox), tools: toOpenAIAgentsTools(toolbox) });
 * ```
 * @module
 */
import "./node-check.js";
// Toolbox pulls in decorated classes (the memory tool): Symbol.metadata must exist first.
import "./polyfill.js";

export type { OpenAIAgentsToolsOptions } from "./adapters/openai-agents/openai-agents-options.js";
export { toOpenAIAgentsTools } from "./adapters/openai-agents/to-openai-agents-tools.js";
export { withToolwrightCalls } from "./adapters/openai-agents/with-toolwright-calls.js";
