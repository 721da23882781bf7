/**
 * The built-in tools: safe by default (confined, size- and time-capped), each a plain `Tool`
 * subclass. What a tool needs beyond the core (mathjs, SQLite, an HTML parser, …) loads when the tool
 * first works, not when this entry is imported.
 *
 * @example
 * ```ts
 * import { Toolbox } from "toolwright";
 * import { CalculatorTool, FileManagerTool } from "toolwright/tools";
 * const toolbox = new Toolbox([new CalculatorTool(), new FileManagerTool({ root: "./workspace" })]);
 * ```
 * @module
 */
import "./node-check.js";
import "./polyfill.js";

export {
  TaskMemoryTool,
  type TaskMemoryToolOptions,
} from "./memory/task-memory-tool.js";
export { CalculatorTool, type CalculatorToolOptions } from "./tools/calculator/calculator-tool.js";
export { DateTimeTool, type DateTimeToolOptions } from "./tools/date-time/date-time-tool.js";
export {
  ExtractionTool,
  type ExtractionToolOptions,
} from "./tools/extraction/extraction-tool.js";
export {
  FileManagerTool,
  type FileManagerToolOptions,
} from "./tools/file-manager/file-manager-tool.js";
export type { HostResolver } from "./tools/http/guarded-fetch.js";
export type {
  ModelSettings,
  ModelToolOptions,
} from "./tools/prompt-engine/model-tool-options.js";
export { PromptSummaryTool } from "./tools/prompt-summary/prompt-summary-tool.js";
export { QueryTool } from "./tools/query/query-tool.js";
export { RagTool, type RagToolOptions } from "./tools/rag/rag-tool.js";
export { RestApiTool, type RestApiToolOptions } from "./tools/rest-api/rest-api-tool.js";
export type { SqlToolOptions } from "./tools/sql/sql-runner.js";
export { SqlTool, WritableSqlTool } from "./tools/sql/sql-tool.js";
export {
  type StructureAgent,
  type StructureEvent,
  type StructureRun,
  type StructureRunContext,
  StructureRunTool,
  type StructureRunToolOptions,
} from "./tools/structure-run/structure-run-tool.js";
export {
  StructuredOutputTool,
  type StructuredOutputToolOptions,
} from "./tools/structured-output/structured-output-tool.js";
export {
  WebScraperTool,
  type WebScraperToolOptions,
} from "./tools/web-scraper/web-scraper-tool.js";
