import { resolve } from "node:path";
import { LazySqliteStore } from "../memory/lazy-sqlite-store.js";
import { TaskMemory } from "../memory/task-memory.js";
import type { Tool } from "../tool/tool.js";
import { CalculatorTool } from "../tools/calculator/calculator-tool.js";
import { DateTimeTool } from "../tools/date-time/date-time-tool.js";
import { FileManagerTool } from "../tools/file-manager/file-manager-tool.js";
import { WebScraperTool } from "../tools/web-scraper/web-scraper-tool.js";

/** @internal Options of {@link builtInTools}. */
export interface BuiltInToolsOptions {
  /** The FileManagerTool's root; the current directory by default (`serve` passes its own). */
  readonly filesRoot?: string | undefined;
}

/**
 * @internal The built-in tools that need no configuration: calculator, date and time, files under
 * `filesRoot` (the current directory unless given), and the web scraper (off-prompt, so its pages go
 * to task memory).
 */
export function builtInTools(options: BuiltInToolsOptions = {}): Tool[] {
  return [
    new CalculatorTool(),
    new DateTimeTool(),
    new FileManagerTool({ root: options.filesRoot ?? process.cwd() }),
    new WebScraperTool(),
  ];
}

/**
 * @internal The CLI's task memory: a SQLite file, created when a tool first stores or reads output,
 * so `memory ls` and a later `call` see what an earlier one stored.
 */
export function cliTaskMemory(file: string): TaskMemory {
  return new TaskMemory({ store: new LazySqliteStore(resolve(file)) });
}
