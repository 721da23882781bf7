/**
 * LangChain.js / LangGraph: a toolbox's activities as `StructuredTool`s for `createAgent`, LangGraph's
 * `ToolNode` or `bindTools`, every call decoded, repaired, validated and run by `Toolbox.execute`
 * (`@langchain/core` and `langchain` are optional peer dependencies).
 *
 * @example
 * ```ts
 * import { toLangChainTools, toolwrightMiddleware } from "toolwright/langchain";
 * const agent = createAgent({ model, tools: toLangChainTools(toolbox), middleware: [toolwrightMiddleware(toolbox)] });
 * ```
 * @module
 */
import "./node-check.js";
// Toolbox pulls in decorated classes (the memory tool): Symbol.metadata must exist first.
import "./polyfill.js";

export {
  type InterruptOnOptions,
  toolwrightApproval,
  toolwrightInterruptOn,
} from "./adapters/langchain/interrupt-on.js";
export {
  type RepairToolCallsOptions,
  repairToolCalls,
  toolwrightMiddleware,
} from "./adapters/langchain/repair-tool-calls.js";
export {
  type LangChainToolsDialect,
  type LangChainToolsOptions,
  toLangChainTools,
} from "./adapters/langchain/to-langchain-tools.js";
export {
  ToolwrightStructuredTool,
  type ToolwrightStructuredToolFields,
} from "./adapters/langchain/toolwright-structured-tool.js";
