import "./node-check.js";
/**
 * Mastra adapter, on `@mastra/core` (an optional peer dependency): a toolbox's activities as Mastra
 * tools that run through `Toolbox.execute`, and a model wrapper that hands toolwright the model's own
 * argument text and repairs miswritten tool names before Mastra looks them up.
 *
 * @example
 * ```ts
 * import { toMastraTools, withToolwrightCalls } from "toolwright/mastra";
 * const agent = new Agent({ id: "calc", name: "calc", instructions: "Use the tools.", model: withToolwrightCalls(model, toolbox), tools: toMastraTools(toolbox) });
 * ```
 * @module
 */
// Toolbox pulls in decorated classes (the memory tool): Symbol.metadata must exist first.
import "./polyfill.js";

export { MastraToolRefusal } from "./adapters/mastra/mastra-tool-refusal.js";
export type { PassthroughSchema } from "./adapters/mastra/passthrough-schema.js";
export { passthroughSchema } from "./adapters/mastra/passthrough-schema.js";
export { type ToolwrightMastraTool, toMastraTools } from "./adapters/mastra/to-mastra-tools.js";
export { withToolwrightCalls } from "./adapters/mastra/toolwright-model.js";
